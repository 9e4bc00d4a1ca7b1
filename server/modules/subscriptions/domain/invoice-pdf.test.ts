import { describe, expect, it } from 'vitest';
import { visualOrder } from './invoice-pdf.ts';

const order = (text: string, rtl: boolean) => visualOrder(text, rtl).map((token) => token.text).join(' ');

describe('invoice lines left to right', () => {
  it('puts Arabic words from the right and keeps numbers and Latin words readable, as browsers show them', () => {
    expect(order('حليب طازج', true)).toBe('طازج حليب');
    // Numbers and × take the line's direction: read from the right, 12 then × then 500.
    expect(order('مياه معدنية 12 × 500 مل', true)).toBe('مل 500 × 12 معدنية مياه');
    // Latin words stay a left-to-right run, the neutral between them too.
    expect(order('تطبيق Harbor Eats - Market اليوم', true)).toBe('اليوم Harbor Eats - Market تطبيق');
    expect(order('AED 39.38', true)).toBe('39.38 AED');
    // The full stop the Arabic font lacks is its own token, at the sentence's end (the left).
    expect(visualOrder('عند إنشاء طلبه.', true)).toEqual([{ text: '.', arabic: false }, { text: 'طلبه', arabic: true }, { text: 'إنشاء', arabic: true }, { text: 'عند', arabic: true }]);
  });

  it('keeps a left-to-right line in order, an Arabic name inside it right to left', () => {
    expect(order('3 × Fresh milk 2 L', false)).toBe('3 × Fresh milk 2 L');
    expect(order('2 × خبز عربي (6)', false)).toBe('2 × عربي خبز (6)');
  });
});
