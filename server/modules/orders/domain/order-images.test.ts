import { describe, expect, it } from 'vitest';
import { MAX_ORDER_IMAGE_BYTES } from '../../../../contract/constants.ts';
import { decodeImage, sniffImage } from './order-images.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8 ', 'latin1')]);
const url = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

describe('order image checks', () => {
  it('knows the four image types by their bytes', () => {
    expect([PNG, JPEG, GIF, WEBP].map(sniffImage)).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeUndefined();
    expect(sniffImage(Buffer.alloc(0))).toBeUndefined();
  });

  it('accepts a data URL whose bytes match its type', () => {
    expect(decodeImage(url('image/png', PNG))).toEqual({ ok: true, mime: 'image/png', bytes: PNG });
    expect(decodeImage(url('image/jpg', JPEG))).toMatchObject({ ok: true, mime: 'image/jpeg' });
    expect(decodeImage(url('image/webp', WEBP))).toMatchObject({ ok: true, mime: 'image/webp' });
    // Line breaks inside the base64 are tolerated.
    const wrapped = url('image/gif', GIF).replace(/(.{8})/g, '$1\n');
    expect(decodeImage(wrapped)).toMatchObject({ ok: true, mime: 'image/gif' });
  });

  it('refuses other types, lies about the type, and non-base64', () => {
    const invalid = { ok: false, error: 'Please choose a PNG, JPEG, WebP or GIF image' };
    expect(decodeImage(url('image/png', JPEG))).toEqual(invalid);
    expect(decodeImage(url('image/svg+xml', Buffer.from('<svg/>')))).toEqual(invalid);
    expect(decodeImage(url('text/html', PNG))).toEqual(invalid);
    expect(decodeImage('data:image/png;base64,@@@@')).toEqual(invalid);
    expect(decodeImage(PNG.toString('base64'))).toEqual(invalid);
    expect(decodeImage(url('image/png', Buffer.from('hello')))).toEqual(invalid);
  });

  it('allows 2 MB decoded and no more', () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(MAX_ORDER_IMAGE_BYTES - PNG.length)]);
    expect(decodeImage(url('image/png', exact))).toMatchObject({ ok: true });
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    expect(decodeImage(url('image/png', over))).toEqual({ ok: false, error: 'The image must be 2 MB or smaller' });
  });
});
