import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedAddress } from '../../../../contract/api/addresses.ts';
import { MAX_ADDRESSES } from '../domain/addresses.ts';
import { createTestApp, HARBOR, SOUQ, type TestApp, type TestEnvelope } from '../../../test/test-app.ts';

const HOME = {
  city: 'San Francisco', address_clarification: 'Home', landmark: 'Near the park', address: '500 Howard St', state: 'CA',
  flat_no: '4B', house_name: 'Howard Plaza', latitude: 37.7877, longitude: -122.3966, zip_code: '94105',
};
const NYC = { ...HOME, address: '1 Broadway', latitude: 40.7128, longitude: -74.006 };

describe('saved addresses', () => {
  let t: TestApp;
  let alex: string;
  let sam: string;
  let ahmed: string;
  beforeAll(async () => {
    t = await createTestApp();
    alex = await t.signIn(HARBOR, '4155550100');
    sam = await t.signIn(HARBOR, '4155550101');
    ahmed = await t.signIn(SOUQ);
  });
  afterAll(async () => t.close());

  const post = (call: string, body: object, token?: string, host = HARBOR) => t.post(call, body, { host, ...(token ? { token } : {}) });

  it('requires a signed-in customer of this vendor', async () => {
    for (const call of ['list_shiping_address', 'add_shiping_address', 'get_user_primary_address', 'set_primary_address']) {
      expect((await post(call, { address_id: 1 })).status, call).toBe(401);
    }
    // A Souq token on Harbor Eats is not a session there.
    expect((await post('list_shiping_address', {}, ahmed)).status).toBe(401);
  });

  it('lists none at first, then saves, lists and reads back', async () => {
    expect((await post('list_shiping_address', {}, alex)).body).toEqual({ code: 101, msg: 'No Address Found', msg_key: 'address.none', Result: [] });
    expect((await post('get_user_primary_address', {}, alex)).body).toEqual({ code: 101, msg: 'No Address Found', msg_key: 'address.none' });

    const saved = await post('add_shiping_address', HOME, alex);
    expect(saved.body).toMatchObject({ code: 200, msg: 'Address saved' });
    const a = saved.body.Result as SavedAddress;
    expect(a).toEqual({
      shiping_id: a.shiping_id, adress_clarification: 'Home', flat_no: '4B', house_name: 'Howard Plaza',
      Shiping_address: '500 Howard St', landmark: 'Near the park', latitude: 37.7877, longitude: -122.3966,
      city: 'San Francisco', state: 'CA', zip_code: '94105', is_primary: 0,
    });
    const list = await post('list_shiping_address', {}, alex);
    expect(list.body).toEqual({ code: 200, Result: [a] });
    expect((await post('get_user_address', {}, alex)).body).toEqual(list.body);
  });

  it('accepts a urlencoded form with string coordinates', async () => {
    const form = new URLSearchParams({ ...HOME, address: '1 Form St', latitude: '37.78', longitude: '-122.41', address_clarification: '' });
    const res = await t.app.inject({
      method: 'POST', url: '/api/v2/add_shiping_address', payload: form.toString(),
      headers: { host: 'localhost', authorization: `Bearer ${sam}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<TestEnvelope>().Result).toMatchObject({ Shiping_address: '1 Form St', latitude: 37.78, adress_clarification: 'Home' });
  });

  it('refuses bad input with 422 field errors', async () => {
    const missing = await post('add_shiping_address', { ...HOME, address: '' }, alex);
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 422, msg: 'Please enter address', msg_key: 'address.required', errors: { address: ['Please enter address'] } });
    const flat = await post('add_shiping_address', { ...HOME, flat_no: 'top floor' }, alex);
    expect(flat.body.errors).toEqual({ flat_no: ['Flat number must be a number'] });
    const where = await post('add_shiping_address', { ...HOME, latitude: 'abc' }, alex);
    expect(where.status).toBe(422);
    expect(where.body.errors).toHaveProperty('latitude');
    expect((await post('add_shiping_address', { ...HOME, address_clarification: 'Boat' }, alex)).body.errors).toHaveProperty('address_clarification');
    expect((await post('set_primary_address', { address_id: 'one' }, alex)).status).toBe(422);
    expect((await post('delete_shiping_address', {}, alex)).status).toBe(422);
  });

  it('keeps one primary at a time and answers the nearest serving store', async () => {
    const first = (await post('list_shiping_address', {}, alex)).body.Result as SavedAddress[];
    const second = (await post('add_shiping_address', { ...NYC, address_clarification: 'Office' }, alex)).body.Result as SavedAddress;

    const p1 = await post('set_primary_address', { address_id: first[0]!.shiping_id, user_id: 1 }, alex);
    expect(p1.body.code).toBe(200);
    const { rows } = await t.database.db.query<{ id: number; slug: string }>(
      "SELECT r.id, r.slug FROM restaurants r WHERE r.id = $1", [(p1.body.Result as { restaurant_id: number }).restaurant_id],
    );
    expect(rows[0]?.slug).toBeTruthy();

    const p2 = await post('set_primary_address', { address_id: second.shiping_id }, alex);
    expect(p2.body).toEqual({ code: 200, msg: 'Primary address updated', Result: { restaurant_id: null } });
    const list = (await post('list_shiping_address', {}, alex)).body.Result as SavedAddress[];
    expect(list.filter((a) => a.is_primary === 1).map((a) => a.shiping_id)).toEqual([second.shiping_id]);
    expect((await post('get_user_primary_address', {}, alex)).body).toEqual({ code: 200, Result: { ...second, is_primary: 1 } });
  });

  it("never shows, changes or deletes another customer's address", async () => {
    const mine = (await post('list_shiping_address', {}, alex)).body.Result as SavedAddress[];
    const id = mine[0]!.shiping_id;
    const notFound = { code: 101, msg: 'Address not found' };
    expect((await post('update_shiping_address', { shiping_id: id, address: 'Stolen' }, sam)).body).toEqual(notFound);
    expect((await post('delete_shiping_address', { shiping_id: id }, sam)).body).toEqual(notFound);
    expect((await post('set_primary_address', { address_id: id }, sam)).body).toEqual(notFound);
    const samList = (await post('list_shiping_address', {}, sam)).body.Result as SavedAddress[];
    expect(samList.some((a) => a.shiping_id === id)).toBe(false);
    // Another vendor's customer, on that vendor's host.
    expect((await post('set_primary_address', { address_id: id }, ahmed, SOUQ)).body).toEqual(notFound);
    expect((await post('list_shiping_address', {}, ahmed, SOUQ)).body.code).toBe(101);
    expect((await post('list_shiping_address', {}, alex)).body.Result).toEqual(mine);
  });

  it('keeps one primary when set_primary_address races (matters on PostgreSQL)', async () => {
    const list = (await post('list_shiping_address', {}, alex)).body.Result as SavedAddress[];
    const results = await Promise.all(list.flatMap((a) => [a, a]).map((a) => post('set_primary_address', { address_id: a.shiping_id }, alex)));
    expect(results.every((r) => r.status === 200 && r.body.code === 200)).toBe(true);
    const after = (await post('list_shiping_address', {}, alex)).body.Result as SavedAddress[];
    expect(after.filter((a) => a.is_primary === 1)).toHaveLength(1);
  });

  it('updates only the given fields and deletes', async () => {
    const [a] = (await post('list_shiping_address', {}, alex)).body.Result as SavedAddress[];
    const updated = await post('update_shiping_address', { shiping_id: String(a!.shiping_id), landmark: 'By the ferry', flat_no: '7' }, alex);
    expect(updated.body).toMatchObject({ code: 200, msg: 'Address updated' });
    expect(updated.body.Result).toEqual({ ...a, landmark: 'By the ferry', flat_no: '7' });
    expect((await post('update_shiping_address', { shiping_id: a!.shiping_id, address: ' ' }, alex)).status).toBe(422);

    expect((await post('delete_shiping_address', { shiping_id: a!.shiping_id }, alex)).body).toEqual({ code: 200, msg: 'Address deleted' });
    expect((await post('delete_shiping_address', { shiping_id: a!.shiping_id }, alex)).body.code).toBe(101);
    const list = (await post('list_shiping_address', {}, alex)).body.Result as SavedAddress[];
    expect(list.some((x) => x.shiping_id === a!.shiping_id)).toBe(false);
  });

  it(`stops at ${MAX_ADDRESSES} addresses`, async () => {
    const have = ((await post('list_shiping_address', {}, alex)).body.Result as SavedAddress[]).length;
    for (let i = have; i < MAX_ADDRESSES; i++) {
      expect((await post('add_shiping_address', { ...HOME, address: `${i} Main St` }, alex)).body.code).toBe(200);
    }
    const over = await post('add_shiping_address', HOME, alex);
    expect(over.body.code).toBe(101);
    expect(over.body.msg).toMatch(/up to 20 addresses/);
  });
});
