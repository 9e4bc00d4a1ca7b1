import { describe, expect, it } from 'vitest';
import { filterFaq, searchForm } from './faq.ts';

const entries = [
  { id: 1, question: 'How long does delivery take?', answer: 'Most orders arrive within 30–45 minutes.' },
  { id: 2, question: 'How do I use a promo code?', answer: 'Apply it at checkout.' },
  { id: 3, question: 'كيف أستخدم رمز الخصم؟', answer: 'طبّقه عند الدفع.' },
  { id: 4, question: 'Puis-je annuler ma commande ?', answer: 'Oui, avant l\'acceptation.' },
];

describe('FAQ search', () => {
  it('keeps every entry for an empty query', () => {
    expect(filterFaq(entries, '   ').map((e) => e.id)).toEqual([1, 2, 3, 4]);
  });
  it('matches every word in the question or the answer, ignoring case', () => {
    expect(filterFaq(entries, 'PROMO').map((e) => e.id)).toEqual([2]);
    expect(filterFaq(entries, 'minutes delivery').map((e) => e.id)).toEqual([1]);
    expect(filterFaq(entries, 'delivery promo').map((e) => e.id)).toEqual([]);
  });
  it('ignores accents and Arabic diacritics', () => {
    expect(filterFaq(entries, 'acceptation').map((e) => e.id)).toEqual([4]);
    expect(filterFaq(entries, 'طبقه').map((e) => e.id)).toEqual([3]);
    expect(searchForm('Éé')).toBe('ee');
  });
});
