import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n/i18n.ts';
import { identityFor, mobileNumberError, normaliseMobile } from './session.ts';

beforeAll(() => activateLocale('en'));

describe('the mobile number as typed', () => {
  it('reads Arabic-Indic and Persian digits as 0-9, without spaces, brackets or dashes', () => {
    expect(normaliseMobile('٠٥٠ ١٢٣ ٤٥٦٧')).toBe('0501234567');
    expect(normaliseMobile('(۰۹۱۲) ۳۴۵-۶۷۸۹')).toBe('09123456789');
    expect(normaliseMobile('415-555 0100')).toBe('4155550100');
  });

  it('accepts a number in Arabic-Indic or Persian digits, and still refuses what is not a number', () => {
    expect(mobileNumberError('٠٥٠١٢٣٤٥٦٧')).toBeNull();
    expect(mobileNumberError('۰۹۱۲۳۴۵۶۷۸۹')).toBeNull();
    expect(mobileNumberError('٠٥٠')).toBe('Mobile number invalid');
    expect(mobileNumberError('phone')).toBe('Mobile number invalid');
  });

  it('sends the number and the country code in 0-9', () => {
    expect(identityFor('٠٥٠ ١٢٣ ٤٥٦٧', '٩٧١')).toEqual({ mobile_number: '0501234567', country_code: '971', user_role: '1', type: 'customer' });
    expect(identityFor('۰۹۱۲۳۴۵۶۷۸۹', '+۹۸').country_code).toBe('98');
  });
});
