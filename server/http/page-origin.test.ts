import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageOrigin } from './vendor.ts';

/** A request as pageOrigin reads it: its Host header, its scheme and the server's PUBLIC_URL. */
function request(host: string, protocol: 'http' | 'https' = 'http', publicUrl?: string): FastifyRequest {
  return { headers: { host }, protocol, server: { runtime: { publicUrl } } } as unknown as FastifyRequest;
}

describe("a page's own origin", () => {
  it('is the scheme, host and port the page was asked at', () => {
    expect(pageOrigin(request('souq.localhost:8181'))).toBe('http://souq.localhost:8181');
    expect(pageOrigin(request('Shop.Example.com', 'https'))).toBe('https://shop.example.com');
    // A port the scheme implies is the same origin.
    expect(pageOrigin(request('localhost:80'))).toBe('http://localhost');
    expect(pageOrigin(request('shop.example.com:443', 'https'))).toBe('https://shop.example.com');
  });

  it("is PUBLIC_URL on PUBLIC_URL's host name, whatever port or scheme the request names", () => {
    expect(pageOrigin(request('shop.example.com:8080', 'http', 'https://shop.example.com'))).toBe('https://shop.example.com');
    expect(pageOrigin(request('other.example.com', 'http', 'https://shop.example.com'))).toBe('http://other.example.com');
  });

  it('is none for a Host header that is no host and port', () => {
    for (const host of ['', 'localhost/evil', 'user@localhost', 'localhost:99999', 'local host', 'localhost?x', 'localhost#x']) {
      expect(pageOrigin(request(host)), host).toBeUndefined();
    }
  });
});
