import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_PER_ADDRESS } from '../../../../contract/feedback-limits.ts';
import { createTestApp, SOUQ, type TestApp } from '../../../test/test-app.ts';
import { FEEDBACK_MSG } from './feedback.ts';

describe('store_feedback', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const rows = async () =>
    (await t.database.db.query<{ restaurant_id: string; user_id: string | null; rating: number; comment: string; name: string; contact: string }>(
      'SELECT restaurant_id, user_id, rating, comment, name, contact FROM store_feedback ORDER BY id',
    )).rows;

  it('stores a guest\'s and a customer\'s feedback for an active store of the vendor, texts trimmed', async () => {
    const store = await t.storeId('mission-street-taqueria');
    const guest = await t.post('store_feedback', { restaurant_id: store, rating: 4, comment: '  Great tacos \n again ', name: ' Ana ', contact: 'ana@example.com' });
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({ code: 200, msg: FEEDBACK_MSG.thanks, Result: { feedback_id: expect.any(Number) } });
    const token = await t.signIn();
    expect((await t.post('store_feedback', { restaurant_id: String(store), rating: '5' }, { token })).body.code).toBe(200);
    const saved = await rows();
    expect(saved).toHaveLength(2);
    expect(saved[0]).toMatchObject({ rating: 4, comment: 'Great tacos \n again', name: 'Ana', contact: 'ana@example.com', user_id: null });
    expect(saved[1]!.user_id).not.toBeNull();
    expect(saved[1]).toMatchObject({ rating: 5, comment: '', name: '', contact: '' });
  });

  it('answers 101 for an unknown store or another vendor\'s store', async () => {
    const souqStore = (await t.database.db.query<{ id: number }>(
      `SELECT r.id FROM restaurants r JOIN vendor_hosts h ON h.vendor_id = r.vendor_id WHERE h.host = $1 LIMIT 1`, [SOUQ],
    )).rows[0]!.id;
    expect((await t.post('store_feedback', { restaurant_id: souqStore, rating: 3 })).body).toEqual({ code: 101, msg: FEEDBACK_MSG.storeNotFound, msg_key: 'store.not_found' });
    expect((await t.post('store_feedback', { restaurant_id: 999_999, rating: 3 })).body.code).toBe(101);
  });

  it('refuses a rating outside 1 to 5, a comment over the limit and control characters with 422', async () => {
    const store = await t.storeId('mission-street-taqueria');
    for (const body of [
      { restaurant_id: store, rating: 0 },
      { restaurant_id: store, rating: 6 },
      { restaurant_id: store, rating: 2.5 },
      { restaurant_id: store },
      { restaurant_id: store, rating: 3, comment: 'x'.repeat(FEEDBACK_COMMENT_MAX + 1) },
      { restaurant_id: store, rating: 3, name: 'a\u0000b' },
    ]) {
      expect((await t.post('store_feedback', body)).status).toBe(422);
    }
  });

  it('limits feedback per network', async () => {
    const limited = await createTestApp();
    try {
      const store = await limited.storeId('mission-street-taqueria');
      for (let i = 0; i < FEEDBACK_PER_ADDRESS; i++) {
        expect((await limited.post('store_feedback', { restaurant_id: store, rating: 5 })).status).toBe(200);
      }
      const refused = await limited.call('store_feedback', { restaurant_id: store, rating: 5 });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ msg: FEEDBACK_MSG.tooMany });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
