import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestaurantDetail, RestaurantTiming, StoreCard } from '../../../../contract/api/stores.ts';
import { createClockWorld, type ClockWorld } from '../../../test/clock-app.ts';
import { HARBOR, SOUQ } from '../../../test/test-app.ts';
import { createSession } from '../../accounts/index.ts';
import { findStore } from '../domain/store-detail.ts';
import { listNearby } from '../domain/stores.ts';
import { findVendorByHost, type Vendor } from '../../vendors/index.ts';

const SF = { latitude: 37.7749, longitude: -122.4194 };

// Store time in Los Angeles (Harbor Eats); Dubai (Souq) is 12 hours ahead then.
// Far from the real date on purpose: a slot valid on this clock is more than a week from now in real time.
const LA_0300 = '2027-03-02T03:00:00-08:00'; // 15:00 in Dubai
const LA_1500 = '2027-03-02T15:00:00-08:00'; // 03:00 the next day in Dubai
const LA_0130 = '2027-03-02T01:30:00-08:00';

describe('store time follows the app clock', () => {
  let w: ClockWorld;
  let harbor: Vendor;
  beforeAll(async () => {
    w = await createClockWorld();
    harbor = (await findVendorByHost(w.database.db, HARBOR, () => {}))!;
  });
  afterAll(async () => w.close());

  const onOff = async (app: FastifyInstance, slug: string, host = HARBOR) =>
    (await w.post<RestaurantDetail>(app, 'get_restaurant_detail', { restaurant_id: w.ids[slug] }, host)).Result?.restaurant_on_off;

  it('the open-now SQL judges the hours at the instant it is given, not at the database time', async () => {
    // Golden Gate Pizzeria: 11:00–23:00; Mission Street Taqueria: 10:00–02:00 (past midnight), both every day.
    const open = async (slug: string, when: string) =>
      (await findStore(w.database.db, harbor, { slug }, 'en', new Date(when)))?.is_open;
    expect(await open('golden-gate-pizzeria', LA_0300)).toBe(false);
    expect(await open('golden-gate-pizzeria', LA_1500)).toBe(true);
    expect(await open('mission-street-taqueria', LA_0300)).toBe(false);
    expect(await open('mission-street-taqueria', LA_0130)).toBe(true); // the day before's period, past midnight

    const nearby = async (when: string) => {
      const rows = await listNearby(w.database.db, harbor, {
        ...SF, lang: 'en', mode: 'delivery', limit: 100, skip: 0, sort: 'distance', filter: 'open_now',
      }, new Date(when));
      return rows.map((row) => row.slug);
    };
    expect(await nearby(LA_0300)).toEqual([]);
    expect(await nearby(LA_1500)).toContain('golden-gate-pizzeria');
  });

  it('the API answers for its clock: open now, next opening, open-now lists', async () => {
    const night = (await w.appAt(LA_0300)).app;
    const afternoon = (await w.appAt(LA_1500)).app;
    expect(await onOff(night, 'golden-gate-pizzeria')).toBe('0');
    expect(await onOff(afternoon, 'golden-gate-pizzeria')).toBe('1');
    // Dubai: the supermarket (07:00–01:00) is open at 15:00 and closed at 03:00.
    expect(await onOff(night, 'gulf-supermarket', SOUQ)).toBe('1');
    expect(await onOff(afternoon, 'gulf-supermarket', SOUQ)).toBe('0');

    const timing = await w.post<RestaurantTiming>(night, 'restaurantTiming', { restaurant_id: w.ids['golden-gate-pizzeria'] });
    expect(timing.Result).toMatchObject({ is_open_now: false, next_opening: '2027-03-02T19:00:00Z' }); // 11:00 in Los Angeles
    const rightNow = await w.post<{ restaurant_on_off: string }>(night, 'get_restaurant_on_off', { restaurant_id: w.ids['golden-gate-pizzeria'] });
    expect(rightNow.Result).toEqual({ restaurant_on_off: '0' });

    const openList = async (app: FastifyInstance) =>
      ((await w.post<StoreCard[]>(app, 'get_nearby_restaurant_v2', { ...SF, filter_type: 'open_now' })).Result ?? []).map((card) => card.slug);
    expect(await openList(night)).toEqual([]);
    expect(await openList(afternoon)).toContain('golden-gate-pizzeria');
  });

  it('place_order refuses "now" while closed on its clock and takes a slot that is only valid on that clock', async () => {
    const { app } = await w.appAt(LA_0300);
    const { rows } = await w.database.db.query<{ id: number }>('SELECT id FROM users WHERE vendor_id = $1 ORDER BY id LIMIT 1', [harbor.id]);
    const token = await createSession(w.database.db, harbor.id, rows[0]!.id);
    const store = w.ids['golden-gate-pizzeria']!;
    const menu = await w.post<Array<{ items: Array<{ item_id: number; price: number; is_available: number; customizations: unknown[] }> }>>(
      app, 'restaurantCategoryWithMenu', { restaurant_id: store },
    );
    const item = menu.Result!.flatMap((category) => category.items).find((i) => i.is_available === 1 && i.customizations.length === 0)!;
    const request = {
      restaurant_id: store, order_mode: 'pickup', payment_method: 'cash',
      lines: [{ item_id: item.item_id, quantity: Math.ceil(16 / item.price), price: item.price, selectCustoizeID: [] }],
    };
    const priced = await w.post<{ total: number }>(app, 'check_restaurant_menu_with_price', request, HARBOR, token);
    const place = (schedule_at: string) => w.post<{ status: string }>(app, 'place_order', {
      ...request, schedule_at, expected_total: priced.Result!.total, idempotency_key: `clock-${schedule_at || 'now'}`,
    }, HARBOR, token);

    expect((await place('')).msg).toBe('Restaurant is currently off, Please try after some time');
    const slot = await place('2027-03-02T19:30:00.000Z'); // 11:30 store time, the morning after the clock's 03:00
    expect(slot.code).toBe(200);
    expect(slot.Result?.status).toBe('scheduled');
    expect((await place('2027-03-02T11:30:00.000Z')).code).not.toBe(200); // 03:30, closed
  });

  it('coupons start and expire on the same clock', async () => {
    const soon = (await w.appAt(LA_1500)).app;
    // The seed's coupons run a year from seeding: three years on, none is left.
    const later = (await w.appAt(new Date(Date.now() + 3 * 365 * 86_400_000).toISOString())).app;
    const codes = async (app: FastifyInstance) =>
      ((await w.post<Array<{ coupon_code: string }>>(app, 'couponlisting', {})).Result ?? []).map((c) => c.coupon_code);
    expect(await codes(soon)).toContain('WELCOME10');
    expect(await codes(later)).toEqual([]);
  });
});
