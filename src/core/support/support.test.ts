import { describe, expect, it } from 'vitest';
import { dialable, supportContacts } from './support.ts';

describe('support contacts', () => {
  it('makes tel:, wa.me and mailto: links from support_field, keeping the text as written', () => {
    expect(supportContacts({ support_field: { phone: '+971 4 555 0123', whatsapp: '+97145550123', email: 'care@souq.example' } })).toEqual([
      { kind: 'phone', text: '+971 4 555 0123', href: 'tel:+97145550123' },
      { kind: 'whatsapp', text: '+97145550123', href: 'https://wa.me/97145550123' },
      { kind: 'email', text: 'care@souq.example', href: 'mailto:care@souq.example' },
    ]);
  });

  it('leaves out empty and malformed contacts', () => {
    expect(supportContacts({ support_field: { phone: '', whatsapp: ' ', email: '' } })).toEqual([]);
    expect(supportContacts({ support_field: { phone: '12', whatsapp: 'call me', email: 'not an email' } })).toEqual([]);
    expect(supportContacts({ support_field: { phone: '1234567890123456', whatsapp: '', email: 'a@b.c?body=x y' } })).toEqual([]);
    expect(supportContacts(null)).toEqual([]);
    expect(supportContacts({})).toEqual([]);
  });

  it('dials a leading + and the digits only', () => {
    expect(dialable('(415) 555-0199')).toBe('4155550199');
    expect(dialable('+1 415 555 0199')).toBe('+14155550199');
  });
});
