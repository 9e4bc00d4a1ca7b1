// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { settingsInPage } from './page-meta.ts';

/** The data block the server's full page carries. */
function carry(text: string, host = 'localhost', lang = 'en'): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'sf-settings';
  block.dataset.host = host;
  block.dataset.lang = lang;
  block.textContent = text;
  document.head.append(block);
}

describe('settingsInPage', () => {
  afterEach(() => document.getElementById('sf-settings')?.remove());

  it('reads the settings the page carries for its host, with their language', () => {
    carry('{"vendor_id":3,"app_name":"Souq \\u003c/script\\u003e"}', 'souq.localhost', 'ar');
    expect(settingsInPage('souq.localhost')).toEqual({ lang: 'ar', settings: { vendor_id: 3, app_name: 'Souq </script>' } });
  });

  it('takes none for another host, none that cannot be read and none on a page without them', () => {
    expect(settingsInPage('localhost')).toBeNull();
    carry('{"vendor_id":3}', 'souq.localhost');
    expect(settingsInPage('localhost')).toBeNull();
    document.getElementById('sf-settings')?.remove();
    carry('{"vendor_id":');
    expect(settingsInPage('localhost')).toBeNull();
    document.getElementById('sf-settings')?.remove();
    carry('{"app_name":"no vendor id"}');
    expect(settingsInPage('localhost')).toBeNull();
  });
});
