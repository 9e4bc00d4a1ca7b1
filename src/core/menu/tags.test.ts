import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n/i18n.ts';
import { tagName } from './tags.ts';

describe('tagName', () => {
  afterEach(async () => activateLocale('en'));
  it('translates the common tags whatever their case, and keeps a vendor\'s own tag as it is', async () => {
    await activateLocale('ar');
    expect(tagName('Bestseller')).toBe('الأكثر مبيعًا');
    expect(tagName('new')).toBe('جديد');
    expect(tagName('Hausgemacht')).toBe('Hausgemacht');
    await activateLocale('en');
    expect(i18n.locale).toBe('en');
    expect(tagName('NEW')).toBe('New');
  });
});
