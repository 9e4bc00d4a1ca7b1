import { describe, expect, it } from 'vitest';
import { assetUrl, configure } from './config.ts';

describe('image addresses (assetUrl)', () => {
  it('resolves paths against the API and keeps http(s) addresses', () => {
    configure({ apiBase: 'https://api.example/api/v2' });
    expect(assetUrl('/media/logo/x.svg')).toBe('https://api.example/media/logo/x.svg');
    expect(assetUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(assetUrl('')).toBe('');
  });

  it('draws nothing for an address outside the image URL rule', () => {
    configure({ apiBase: 'https://api.example/api/v2' });
    for (const url of ['javascript:alert(1)', ' javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/x.png', 'mailto:x@y.example']) {
      expect(assetUrl(url), url).toBe('');
    }
  });
});
