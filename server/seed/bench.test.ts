import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuCategory } from '../../contract/api/menu.ts';
import type { StoreCard } from '../../contract/api/stores.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { benchStoreName, seedBenchCustomers, seedBenchVendor } from './bench.ts';

const HOST = 'bench.localhost';
const CENTRE = { latitude: 30.2672, longitude: -97.7431 };

describe('seedBenchVendor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const count = async (sql: string, vendorId: number) =>
    (await t.database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, [vendorId])).rows[0]!.n;

  it('builds the stores and the big menu, once per host', async () => {
    const started = Date.now();
    const result = await seedBenchVendor(t.database.db, { host: HOST, stores: 120, itemsPerMenu: 300 });
    const elapsed = Date.now() - started;
    expect(result.created).toBe(true);
    expect(elapsed).toBeLessThan(20_000);

    const v = result.vendorId;
    expect(await count('restaurants WHERE vendor_id = $1', v)).toBe(120);
    expect(await count(`items WHERE vendor_id = $1 AND restaurant_id = ${result.menuStoreId}`, v)).toBe(300);
    expect(await count(`menu_categories WHERE vendor_id = $1 AND restaurant_id = ${result.menuStoreId}`, v)).toBe(6);
    expect(await count('item_option_groups WHERE vendor_id = $1', v)).toBe(75 + 38);
    expect(await count('restaurant_hours WHERE vendor_id = $1', v)).toBeGreaterThanOrEqual(120 * 7);

    const again = await seedBenchVendor(t.database.db, { host: HOST, stores: 120, itemsPerMenu: 300 });
    expect(again).toEqual({ ...result, created: false });
    expect(await count('restaurants WHERE vendor_id = $1', v)).toBe(120);
  });

  it('serves every store at the centre, within 15 km, through the API', async () => {
    const { menuStoreId } = await seedBenchVendor(t.database.db, { host: HOST });
    const res = await t.call('get_nearby_restaurant_v2', { ...CENTRE, total_record: 1000 }, { host: HOST });
    const stores = res.json<{ code: number; Result: StoreCard[] }>().Result;
    expect(stores).toHaveLength(120);
    expect(Math.max(...stores.map((s) => s.distance))).toBeLessThanOrEqual(15.05);
    expect(stores.find((s) => s.restaurant_id === menuStoreId)?.name).toBe(benchStoreName(0));

    const menu = await t.call('restaurantCategoryWithMenu', { restaurant_id: menuStoreId }, { host: HOST });
    const categories = menu.json<{ Result: MenuCategory[] }>().Result;
    expect(categories.flatMap((c) => c.items)).toHaveLength(300);
    expect(categories.flatMap((c) => c.items).filter((i) => i.customizations.length > 0)).toHaveLength(75);
  });

  it('signs in bench customers with a wallet, and finds a store and items they can always order', async () => {
    const { menuStoreId } = await seedBenchVendor(t.database.db, { host: HOST });
    const seeded = await seedBenchCustomers(t.database.db, { host: HOST, count: 3, walletMinor: 50_000 });
    expect(seeded).toMatchObject({ host: HOST, restaurantId: menuStoreId });
    expect(seeded.tokens).toHaveLength(3);
    expect(new Set(seeded.tokens).size).toBe(3);
    expect(seeded.itemIds.length).toBeGreaterThan(0);
    const wallet = await t.post('get_user_wallet_amount', {}, { host: HOST, token: seeded.tokens[2]! });
    expect(wallet.body).toEqual({ code: 200, Result: { wallet_amount: 500 } });
    const status = await t.call('get_items_status', { restaurant_id: menuStoreId, item_ids: seeded.itemIds }, { host: HOST });
    const items = status.json<{ Result: Array<{ is_available: number; stock: number | null }> }>().Result;
    expect(items.every((i) => i.is_available === 1 && i.stock === null)).toBe(true);
    // Again: the same customers, new tokens.
    const again = await seedBenchCustomers(t.database.db, { host: HOST, count: 3 });
    expect(again.tokens).not.toEqual(seeded.tokens);
    expect(again.userIds).toEqual(seeded.userIds);
    expect(new Set(seeded.userIds).size).toBe(3);
    expect(await count("users WHERE vendor_id = $1 AND user_name LIKE 'Bench Customer %'", (await t.database.db.query<{ v: number }>(
      'SELECT vendor_id AS v FROM vendor_hosts WHERE host = $1', [HOST])).rows[0]!.v)).toBe(3);
  });

  it('makes deterministic, unique store names', () => {
    const names = Array.from({ length: 9100 }, (_, i) => benchStoreName(i));
    expect(new Set(names).size).toBe(names.length);
    expect(benchStoreName(0)).toBe('Golden Fork Kitchen');
  });
});
