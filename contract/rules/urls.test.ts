import { describe, expect, it } from 'vitest';
import { isOneOfHosts, isUrlOnHosts } from './hosts.ts';
import { safeImageUrl, safeLinkUrl, safeWebUrl, webUrlHost } from './urls.ts';

const HOSTILE = [
  'javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)',
  '\u0000javascript:alert(1)', 'javascript\u200b:alert(1)', '\ufeffjavascript:alert(1)', 'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)', 'blob:https://x.example/1', 'file:///etc/passwd', '//evil.example/x', '/\\evil.example/x',
  '\\\\evil.example', 'https:evil.example', 'https:/evil.example', 'https:///evil.example', 'https://', 'http://:80/',
  'https://ev il.example/', 'https://evil.example:port/', 'https://%65vil.example/', 'about:blank', 'pages/about.html',
  '?x=1', '#top', 'jav&#x09;ascript:alert(1)', '', 'x'.repeat(3000), 42, null, undefined,
];

describe('the URL sanitiser', () => {
  it('keeps http, https, mailto and tel links and same-site paths as written', () => {
    for (const url of [
      'https://instagram.com/harboreats', 'HTTP://Example.com:8080/a?b=c#d', 'mailto:help@shop.example', 'tel:+15550100',
      '/pages/about', '/demo/pages/about.html', '/', 'https://user@shop.example/', 'http://[::1]:5173/x',
    ]) {
      expect(safeLinkUrl(url), url).toBe(url);
    }
  });

  it('drops every other scheme, other sites written as paths, and whitespace or control-character tricks', () => {
    for (const url of HOSTILE) {
      expect(safeLinkUrl(url), String(url)).toBeUndefined();
      expect(safeImageUrl(url), String(url)).toBeUndefined();
      expect(safeWebUrl(url), String(url)).toBeUndefined();
    }
  });

  it('allows images only over http(s) or from the same site, and absolute web URLs only where a browser is sent', () => {
    expect(safeImageUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(safeImageUrl('/media/logo/x.svg')).toBe('/media/logo/x.svg');
    expect(safeImageUrl('mailto:x@y.example')).toBeUndefined();
    expect(safeImageUrl('tel:123')).toBeUndefined();
    expect(safeWebUrl('https://shop.example/pay')).toBe('https://shop.example/pay');
    expect(safeWebUrl('/pay')).toBeUndefined();
  });

  it('reads the host of a web URL as a browser does', () => {
    expect(webUrlHost('https://Shop.Example:8443/x')).toBe('shop.example');
    expect(webUrlHost('https://shop.example@evil.example/')).toBe('evil.example');
    expect(webUrlHost('https://evil.example#@shop.example')).toBe('evil.example');
    expect(webUrlHost('https://evil.example?@shop.example')).toBe('evil.example');
    expect(webUrlHost('http://[::1]:8080/')).toBe('[::1]');
    expect(webUrlHost('https://a.example:1:2/')).toBeUndefined();
  });
});

describe('own hosts', () => {
  const hosts = ['shop.example', 'localhost'];
  it('matches host names without regard to case, port or loopback spelling', () => {
    expect(isOneOfHosts('SHOP.example', hosts)).toBe(true);
    expect(isOneOfHosts('127.0.0.1', hosts)).toBe(true);
    expect(isOneOfHosts('', ['localhost'])).toBe(false);
    expect(isUrlOnHosts('https://shop.example:8443/payment-online', hosts)).toBe(true);
    expect(isUrlOnHosts('http://[::1]:5173/', hosts)).toBe(true);
  });

  it('refuses other hosts and lookalikes', () => {
    for (const url of [
      'https://evil.example/', 'https://shop.example.evil.example/', 'https://evilshop.example/', 'https://shop.example@evil.example/',
      '//shop.example/', '/payment-online', 'javascript://shop.example/%0aalert(1)', 'https://shop.example\\@evil.example/',
    ]) {
      expect(isUrlOnHosts(url, hosts), url).toBe(false);
    }
  });
});
