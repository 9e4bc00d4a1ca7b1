import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_TEXTS } from '../../contract/rules/refusals.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { withRefusalKey } from './errors.ts';

describe('refusal keys beside the spec\'s msg', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('names a refusal answer by its key (HTTP 200, a non-200 code)', async () => {
    const { status, body } = await t.post('get_restaurant_detail', { restaurant_id: 999_999 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 101, msg: REFUSAL_TEXTS['store.not_found'], msg_key: 'store.not_found' });
  });

  it('names an error envelope by its key (401)', async () => {
    const { status, body } = await t.post('get_user_wallet_amount', {}, { token: 'not-a-token' });
    expect(status).toBe(401);
    expect(body).toMatchObject({ msg: REFUSAL_TEXTS['account.session_expired'], msg_key: 'account.session_expired' });
  });

  it('adds no key to an answer that is not a refusal, nor to a text that is not one of ours', async () => {
    const store = await t.storeId('golden-gate-pizzeria');
    const { body } = await t.post('get_restaurant_detail', { restaurant_id: store });
    expect(body.code).toBe(200);
    expect(body).not.toHaveProperty('msg_key');
    expect(withRefusalKey({ code: 101, msg: 'Something else' })).toEqual({ code: 101, msg: 'Something else' });
    expect(withRefusalKey({ code: 101, msg: 'Store not found', msg_key: 'kept' })).toEqual({ code: 101, msg: 'Store not found', msg_key: 'kept' });
    expect(withRefusalKey([{ msg: 'Store not found' }])).toEqual([{ msg: 'Store not found' }]);
  });
});
