import { plural } from '@lingui/core/macro';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from './i18n.ts';
import { joinList } from './locale.ts';
import { MESSAGES, say } from './messages.ts';
import { ORDER_MESSAGES } from '../cart/order-messages.ts';

/** The cart's count as the storefront says it (the same message as the cart drawer's). */
function items(count: number): string {
  return plural(count, { one: '# item', other: '# items' });
}

describe('counted nouns in Arabic', () => {
  afterEach(async () => activateLocale('en'));
  it('take the six plural forms: one, two, few (3-10), many (11-99) and other', async () => {
    await activateLocale('ar');
    expect(items(1)).toBe('صنف واحد');
    expect(items(2)).toBe('صنفان');
    expect(items(3)).toMatch(/^\S+ أصناف$/);
    expect(items(11)).toMatch(/^\S+ صنفًا$/);
    expect(items(100)).toMatch(/^\S+ صنف$/);
    expect(items(2)).not.toMatch(/\d/);
  });
  it('and English keeps one and other', async () => {
    await activateLocale('en');
    expect(items(1)).toBe('1 item');
    expect(items(2)).toBe('2 items');
  });
  it('lists use the Arabic comma in Arabic', () => {
    expect(joinList(['جبن', 'زيتون'], 'ar')).toBe('جبن، زيتون');
    expect(joinList(['Cheese', 'Olives'], 'en')).toBe('Cheese, Olives');
  });
});

describe('English without a catalog', () => {
  it('renders from the texts compiled into the code: placeholders, plurals, and no uncompiled-message warning', async () => {
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      await activateLocale('en');
      expect(say(ORDER_MESSAGES.minimumItemsTotal, { amount: '$5.00' })).toBe('Minimum items total must be $5.00');
      expect(items(3)).toBe('3 items');
      expect(say(MESSAGES.serverError)).toBe('Server error');
    } finally {
      console.warn = warn;
    }
    expect(warnings).toEqual([]);
  });
});
