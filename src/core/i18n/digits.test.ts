import { describe, expect, it } from 'vitest';
import { digitsOnly, westernDigits } from './digits.ts';

describe('digits as typed', () => {
  it('reads Arabic-Indic and Persian digits as 0-9 and leaves the rest', () => {
    expect(westernDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(westernDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(westernDigits('(٠٥٠) 12-۳۴')).toBe('(050) 12-34');
  });

  it('keeps only the digits', () => {
    expect(digitsOnly('123 456')).toBe('123456');
    expect(digitsOnly('١٢٣-٤٥٦')).toBe('123456');
    expect(digitsOnly('+۹۸ ab')).toBe('98');
    expect(digitsOnly('')).toBe('');
  });
});
