import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchLogo, isNonPublicAddress, LogoRefused } from './remote-logo.ts';

describe("fetching a vendor's logo from another server", () => {
  let server: Server;
  let origin: string;
  let port: number;

  beforeAll(async () => {
    server = createServer((request, response) => {
      switch (request.url) {
        case '/logo.png': response.writeHead(200, { 'content-type': 'image/png' }).end('png bytes'); break;
        case '/logo.svg': response.writeHead(200, { 'content-type': 'image/svg+xml; charset=utf-8' }).end('<svg/>'); break;
        case '/page': response.writeHead(200, { 'content-type': 'text/html' }).end('<p>'); break;
        case '/big': response.writeHead(200, { 'content-type': 'image/png', 'content-length': '5000' }).end(Buffer.alloc(5000)); break;
        case '/big-chunked': response.writeHead(200, { 'content-type': 'image/png' }); response.write(Buffer.alloc(3000)); response.end(Buffer.alloc(3000)); break;
        case '/moved': response.writeHead(301, { location: '/logo.png' }).end(); break;
        case '/to-https': response.writeHead(302, { location: `https://127.0.0.1:${port}/logo.png` }).end(); break;
        case '/loop': response.writeHead(302, { location: '/loop' }).end(); break;
        case '/hang': break;
        default: response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const development = { production: false };

  it('takes a PNG, JPEG, WebP or SVG by its type, following a redirect that keeps the scheme', async () => {
    expect(await fetchLogo(`${origin}/logo.png`, development)).toEqual({ body: Buffer.from('png bytes'), type: 'image/png' });
    expect((await fetchLogo(`${origin}/logo.svg`, development)).type).toBe('image/svg+xml');
    expect((await fetchLogo(`${origin}/moved`, development)).body.toString()).toBe('png bytes');
  });

  it('refuses other types, errors, too much, too many redirects, a redirect to another scheme and a server that does not answer', async () => {
    await expect(fetchLogo(`${origin}/page`, development)).rejects.toThrow(/type "text\/html"/);
    await expect(fetchLogo(`${origin}/missing`, development)).rejects.toThrow(/answered 404/);
    await expect(fetchLogo(`${origin}/big`, { ...development, maxBytes: 4096 })).rejects.toThrow(/larger than 4096 bytes/);
    await expect(fetchLogo(`${origin}/big-chunked`, { ...development, maxBytes: 4096 })).rejects.toThrow(/larger than 4096 bytes/);
    await expect(fetchLogo(`${origin}/loop`, development)).rejects.toThrow(/more than 3 redirects/);
    await expect(fetchLogo(`${origin}/to-https`, development)).rejects.toThrow(/another scheme/);
    const started = Date.now();
    await expect(fetchLogo(`${origin}/hang`, { ...development, timeoutMs: 200 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('takes http from a loopback host only, and never in production', async () => {
    for (const address of ['http://logo.example/logo.png', 'http://10.0.0.8/logo.png', 'ftp://logo.example/logo.png', 'file:///etc/passwd']) {
      await expect(fetchLogo(address, development), address).rejects.toBeInstanceOf(LogoRefused);
    }
    await expect(fetchLogo(`${origin}/logo.png`, { production: true })).rejects.toThrow(/https only/);
  });

  it('in production, refuses an address, or a name that resolves to one, outside the public internet', async () => {
    for (const address of [`https://127.0.0.1:${port}/logo.png`, 'https://[::1]/logo.png', 'https://169.254.169.254/latest', 'https://10.1.2.3/logo.png', 'https://[::ffff:192.168.0.1]/logo.png']) {
      await expect(fetchLogo(address, { production: true }), address).rejects.toThrow(/not a public address/);
    }
    await expect(fetchLogo(`https://localhost:${port}/logo.png`, { production: true })).rejects.toThrow(/resolves to .*not a public address/);
  });

  it('tells public addresses from the rest', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', 'not an address']) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isNonPublicAddress(address), address).toBe(false);
  });
});
