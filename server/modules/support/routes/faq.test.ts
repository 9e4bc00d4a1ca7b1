import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaqEntry } from '../../../../contract/api/faq.ts';
import { demoFaq } from '../../../seed/faq.ts';
import { createTestApp, HARBOR, SOUQ, type TestApp } from '../../../test/test-app.ts';

describe('get_faq_all', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const faq = async (body: object, host = HARBOR) => {
    const res = await t.post('get_faq_all', body, { host });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    return res.body.Result as FaqEntry[];
  };

  it('answers in the asked language, at least 8 questions in each of the vendor\'s languages', async () => {
    for (const lang of ['en', 'ar', 'de', 'es', 'fr', 'th', 'ru']) {
      const list = await faq({ is_langauge: lang });
      expect(list.length, lang).toBeGreaterThanOrEqual(8);
      expect(list.map((e) => e.question)).toEqual(demoFaq('harbor-eats', lang).map((e) => e.question));
    }
    expect((await faq({ is_langauge: 'de' }))[0]?.question).toBe('Wie bestelle ich?');
    expect((await faq({ is_langauge: 'ar' }))[0]?.question).toBe('كيف أطلب؟');
  });

  it('is scoped to the vendor of the host, in its languages and with its own facts', async () => {
    const souqAr = await faq({ is_langauge: 'ar' }, SOUQ);
    const souqEn = await faq({ is_langauge: 'en' }, SOUQ);
    expect(souqAr.length).toBeGreaterThanOrEqual(8);
    expect(souqEn.length).toBeGreaterThanOrEqual(8);
    expect(souqEn.some((e) => e.answer.includes('Souq Al Madina'))).toBe(true);
    expect(souqEn.some((e) => e.answer.includes('Harbor'))).toBe(false);
    const harborIds = new Set((await faq({ is_langauge: 'en' })).map((e) => e.id));
    expect(souqEn.every((e) => !harborIds.has(e.id))).toBe(true);
    // Souq offers no pickup, so its answer says so; Harbor's explains how.
    expect(souqEn.at(-1)?.answer).toMatch(/^Not at the moment/);
    expect((await faq({ is_langauge: 'en' })).at(-1)?.answer).toMatch(/^Yes\./);
  });

  it('answers in the vendor\'s default language for a language it does not offer, and leaves out inactive rows', async () => {
    expect((await faq({ is_langauge: 'de' }, SOUQ))[0]?.question).toBe('كيف أطلب؟');
    expect((await faq({}, SOUQ))[0]?.question).toBe('كيف أطلب؟');
    const before = await faq({ is_langauge: 'en' });
    await t.database.db.query('UPDATE faqs SET is_active = false WHERE id = $1', [before[0]!.id]);
    const after = await faq({ is_langauge: 'en' });
    expect(after.map((e) => e.id)).toEqual(before.slice(1).map((e) => e.id));
  });

  it('refuses a malformed language without a 500', async () => {
    const res = await t.call('get_faq_all', { is_langauge: 'x'.repeat(5000) });
    expect(res.statusCode).toBeLessThan(500);
  });
});
