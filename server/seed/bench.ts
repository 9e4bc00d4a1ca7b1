import type pg from 'pg';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/tx.ts';
import { normalizeHost } from '../modules/vendors/index.ts';
import { createSession } from '../modules/accounts/index.ts';
import { slugify } from './load.ts';

/**
 * A large, deterministic vendor for benchmarks: `stores` stores scattered within `radiusKm` (15 km)
 * of a centre (every one delivers to the centre) and one store whose menu holds `itemsPerMenu`
 * items in ~40 categories, with option groups on some. Rows go in with batched multi-row INSERTs.
 */
export interface BenchOptions {
  host?: string;
  stores?: number;
  itemsPerMenu?: number;
  /** Defaults to downtown Austin, TX. */
  centre?: { latitude: number; longitude: number };
  /** How far from the centre stores are scattered (BENCH_RADIUS_KM); more stores over a wider area keep the density. */
  radiusKm?: number;
  /** The largest delivery radius (a store's is its distance from the centre + 2 km, so each reaches the centre). */
  maxDeliveryKm?: number;
  timeZone?: string;
  /** Give every other store a 3-item menu so any store opens to something. */
  smallMenus?: boolean;
}

export interface BenchResult {
  vendorId: number;
  /** False when the host already existed and nothing was written. */
  created: boolean;
  host: string;
  /** The store with the big menu. */
  menuStoreId: number;
}

export const BENCH_RADIUS_KM = 15;

const ADJECTIVES = ['Golden', 'Little', 'Urban', 'Rustic', 'Happy', 'Blue', 'Red', 'Green', 'Silver', 'Lucky', 'Old Town',
  'Sunny', 'Cozy', 'Wild', 'Royal', 'Hidden', 'Corner', 'Family', 'Smoky', 'Fresh', 'Spicy', 'Sweet', 'Salty', 'Crispy',
  'Midnight', 'Morning', 'Riverside', 'Hilltop', 'Lakeside', 'Harbor'];
const NOUNS = ['Fork', 'Spoon', 'Kettle', 'Oven', 'Grill', 'Table', 'Garden', 'Lantern', 'Pepper', 'Olive', 'Basil', 'Lemon',
  'Ember', 'Anchor', 'Barrel', 'Bowl', 'Leaf', 'Fig', 'Saffron', 'Ginger', 'Maple', 'Cedar', 'Harvest', 'Tide', 'Comet',
  'Fox', 'Owl', 'Bear', 'Heron', 'Otter'];
const KINDS = ['Kitchen', 'Bistro', 'Cafe', 'Diner', 'Eatery', 'Grill House', 'Canteen', 'Deli', 'Tavern', 'Bakery'];
const CUISINES: Array<[string, string]> = [['American', 'أمريكي'], ['Italian', 'إيطالي'], ['Mexican', 'مكسيكي'],
  ['Japanese', 'ياباني'], ['Indian', 'هندي'], ['Thai', 'تايلاندي'], ['Chinese', 'صيني'], ['Burgers', 'برغر'], ['Pizza', 'بيتزا'],
  ['Vegan', 'نباتي'], ['Desserts', 'حلويات'], ['Breakfast', 'فطور'], ['BBQ', 'مشاوي'], ['Seafood', 'مأكولات بحرية']];
const CATEGORY_WORDS = ['Starters', 'Soups', 'Salads', 'Sandwiches', 'Burgers', 'Pizzas', 'Pasta', 'Rice Bowls', 'Noodles',
  'Curries', 'Grills', 'Seafood', 'Tacos', 'Wraps', 'Sides', 'Breakfast', 'Kids', 'Desserts', 'Cakes', 'Ice Cream',
  'Hot Drinks', 'Cold Drinks', 'Smoothies', 'Juices', 'Specials', 'Combos', 'Vegan', 'Gluten Free', 'Snacks', 'Sauces'];
const DISHES = ['Chicken', 'Beef', 'Paneer', 'Tofu', 'Shrimp', 'Salmon', 'Lamb', 'Mushroom', 'Falafel', 'Halloumi', 'Pork',
  'Veggie', 'Egg', 'Tuna', 'Bean', 'Avocado', 'Chickpea', 'Duck', 'Cheese', 'Spinach'];
const STYLES = ['Classic', 'Smoky', 'Crispy', 'Garlic', 'Lemon', 'Chili', 'Herb', 'Honey', 'Pepper', 'Teriyaki', 'Tandoori',
  'Pesto', 'Cajun', 'Sesame', 'Coconut'];
const TAGS = ['Bestseller', 'New', 'Spicy'];

/** mulberry32: a small seeded PRNG so every run builds the same data. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Unique for i < 9000; later ones get a number. */
export function benchStoreName(i: number): string {
  const base = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]} ${
    KINDS[Math.floor(i / (ADJECTIVES.length * NOUNS.length)) % KINDS.length]}`;
  const round = Math.floor(i / (ADJECTIVES.length * NOUNS.length * KINDS.length));
  return round ? `${base} ${round + 1}` : base;
}

/** INSERT … VALUES (…),(…) in chunks that stay under Postgres's 65535 parameters; returns the RETURNING rows. */
async function insertMany<T extends pg.QueryResultRow>(
  c: pg.PoolClient, table: string, columns: string[], rows: unknown[][], returning = '',
): Promise<T[]> {
  const out: T[] = [];
  const perChunk = Math.max(1, Math.floor(60000 / columns.length));
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => `(${row.map((value) => (params.push(value), `$${params.length}`)).join(',')})`);
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(',')}${returning ? ` RETURNING ${returning}` : ''}`;
    out.push(...(await c.query<T>(sql, params)).rows);
  }
  return out;
}

function pointAt(centre: { latitude: number; longitude: number }, km: number, bearing: number) {
  const latitude = centre.latitude + (km * Math.cos(bearing)) / 111.32;
  const longitude = centre.longitude + (km * Math.sin(bearing)) / (111.32 * Math.cos((centre.latitude * Math.PI) / 180));
  return { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
}

const HOURS: Array<Array<[string, string]>> = [
  [['08:00', '23:00']],
  [['11:00', '15:00'], ['17:00', '22:30']],
  [['18:00', '02:00']],
  [['00:00', '00:00']],
];

export async function seedBenchVendor(db: Db, options: BenchOptions = {}): Promise<BenchResult> {
  const host = normalizeHost(options.host ?? 'bench.localhost');
  const storeCount = options.stores ?? 1000;
  const itemCount = options.itemsPerMenu ?? 2000;
  const centre = options.centre ?? { latitude: 30.2672, longitude: -97.7431 };
  const timeZone = options.timeZone ?? 'America/Chicago';
  const radiusKm = options.radiusKm ?? BENCH_RADIUS_KM;
  const rand = random(20240611);

  return inTransaction(db, async (c) => {
    const existing = await c.query<{ vendor_id: number; menu_store: number | null }>(
      `SELECT h.vendor_id, (SELECT r.id FROM restaurants r WHERE r.vendor_id = h.vendor_id ORDER BY r.sort_order, r.id LIMIT 1) AS menu_store
       FROM vendor_hosts h WHERE h.host = $1`,
      [host],
    );
    if (existing.rows[0]) {
      return { vendorId: existing.rows[0].vendor_id, created: false, host, menuStoreId: existing.rows[0].menu_store ?? 0 };
    }
    const slug = `bench-${slugify(host)}`.slice(0, 60);
    const settings = {
      app_name: 'Bench Eats', restaurant_name: 'Restaurant', copyright_name: 'Bench Eats',
      app_logo: `/media/logo/${slug}.svg`, is_pickup_enable: 'true', is_enable_schedule_order_after_business_hours: 1,
      web_settings: { title: 'Bench Eats', theme_primary_color: '#1f4e79', theme_secondary_color: '#f2a541' },
    };
    const { rows: [vendor] } = await c.query<{ id: number }>(
      `INSERT INTO vendors (slug, name, currency_code, currency_symbol, price_decimals, country_code, primary_lang, secondary_lang,
         languages, default_lang, system_latitude, system_longitude, time_zone, settings, i18n)
       VALUES ($1, 'Bench Eats', 'USD', '$', 2, '1', 'en', 'ar', ARRAY['en','ar'], 'en', $2, $3, $4, $5, '{}') RETURNING id`,
      [slug, centre.latitude, centre.longitude, timeZone, JSON.stringify(settings)],
    );
    const vendorId = vendor!.id;
    await c.query('INSERT INTO vendor_hosts (vendor_id, host, is_primary) VALUES ($1, $2, true)', [vendorId, host]);

    const cuisines = await insertMany<{ id: number }>(c, 'cuisines', ['vendor_id', 'name', 'image', 'sort_order', 'i18n'],
      CUISINES.map(([en, ar], i) => [vendorId, en, `/media/item/${slugify(en)}.png`, i, JSON.stringify({ ar: { name: ar } })]), 'id');

    const storeRows: unknown[][] = [];
    for (let i = 0; i < storeCount; i++) {
      const name = benchStoreName(i);
      // The big-menu store sits near the centre; the rest spread evenly over the disc.
      const km = i === 0 ? 0.4 : radiusKm * Math.sqrt(rand());
      const { latitude, longitude } = pointAt(centre, km, rand() * 2 * Math.PI);
      const rating = rand() < 0.08 ? 0 : Math.round((2 + rand() * 3) * 10) / 10;
      const storeSlug = slugify(name);
      storeRows.push([
        vendorId, name, storeSlug, `/media/store/${storeSlug}.png`, `${100 + i} Bench Ave`, 'Austin', 'TX', '78701', latitude, longitude,
        timeZone, Math.min(Math.ceil(km + 2), options.maxDeliveryKm ?? Infinity), rand() > 0.05, rand() < 0.15 ? 1 : 2, rating, Math.round(rating * 23), 15 + Math.floor(rand() * 40),
        (15 + Math.floor(rand() * 60)) * 100, rand() < 0.3 ? `${5 + Math.floor(rand() * 4) * 5}% off today` : '',
        rand() < 0.1 ? 1 : 0, Math.floor(rand() * 3) * 500, i,
      ]);
    }
    const stores = await insertMany<{ id: number; slug: string }>(c, 'restaurants', [
      'vendor_id', 'name', 'slug', 'icon_image', 'address', 'city', 'state', 'zip_code', 'latitude', 'longitude', 'time_zone',
      'delivery_radius_km', 'on_off', 'restaurant_type', 'rating', 'rating_count', 'delivery_time', 'two_person_price_minor',
      'discount_text', 'is_pre_order', 'minimum_order_value_minor', 'sort_order',
    ], storeRows, 'id, slug');
    const storeIds = new Map(stores.map((s) => [s.slug, s.id]));
    const ids = storeRows.map((row) => storeIds.get(row[2] as string)!);

    const links: unknown[][] = [];
    const hours: unknown[][] = [];
    ids.forEach((id, i) => {
      const first = Math.floor(rand() * cuisines.length);
      links.push([vendorId, id, cuisines[first]!.id, 0]);
      if (rand() < 0.5) links.push([vendorId, id, cuisines[(first + 1 + Math.floor(rand() * (cuisines.length - 1))) % cuisines.length]!.id, 1]);
      const pattern = i === 0 ? HOURS[3]! : HOURS[rand() < 0.7 ? 0 : rand() < 0.66 ? 1 : rand() < 0.7 ? 2 : 3]!;
      for (let day = 0; day < 7; day++) for (const [opens, closes] of pattern) hours.push([vendorId, id, day, opens, closes]);
    });
    await insertMany(c, 'restaurant_cuisines', ['vendor_id', 'restaurant_id', 'cuisine_id', 'sort_order'], links);
    await insertMany(c, 'restaurant_hours', ['vendor_id', 'restaurant_id', 'weekday', 'opens', 'closes'], hours);

    // The big menu: ~40 categories, option groups on every 4th item.
    const menuStore = ids[0]!;
    const categoryCount = Math.max(1, Math.min(40, Math.ceil(itemCount / 50)));
    const categoryRows: unknown[][] = [];
    for (let k = 0; k < categoryCount; k++) {
      const word = CATEGORY_WORDS[k % CATEGORY_WORDS.length]!;
      categoryRows.push([vendorId, menuStore, k < CATEGORY_WORDS.length ? word : `${word} ${Math.floor(k / CATEGORY_WORDS.length) + 1}`, k]);
    }
    if (options.smallMenus ?? true) ids.slice(1).forEach((id) => categoryRows.push([vendorId, id, 'Popular', 0]));
    const categories = await insertMany<{ id: number; restaurant_id: number }>(c, 'menu_categories',
      ['vendor_id', 'restaurant_id', 'name', 'sort_order'], categoryRows, 'id, restaurant_id');
    const bigCategories = categories.filter((cat) => cat.restaurant_id === menuStore).map((cat) => cat.id);
    const smallCategory = new Map(categories.filter((cat) => cat.restaurant_id !== menuStore).map((cat) => [cat.restaurant_id, cat.id]));

    const itemRows: unknown[][] = [];
    const pushItem = (storeId: number, categoryId: number, n: number, order: number) => {
      const name = `${STYLES[n % STYLES.length]} ${DISHES[Math.floor(n / STYLES.length) % DISHES.length]} ${CATEGORY_WORDS[n % CATEGORY_WORDS.length]}`;
      const price = (4 + Math.floor(rand() * 26)) * 100 + (rand() < 0.5 ? 50 : 0);
      itemRows.push([
        vendorId, storeId, categoryId, name, `${slugify(name)}-${n}`, `House ${name.toLowerCase()}, made to order.`,
        `/media/item/${slugify(name)}.png`, price, rand() < 0.1 ? price + 200 : null, rand() < 0.4 ? 0 : 1,
        rand() < 0.05 ? Math.floor(rand() * 10) : null, rand() > 0.03, order, rand() < 0.06 ? [TAGS[Math.floor(rand() * TAGS.length)]] : [],
      ]);
    };
    for (let n = 0; n < itemCount; n++) pushItem(menuStore, bigCategories[n % bigCategories.length]!, n, Math.floor(n / bigCategories.length));
    for (const [storeId, categoryId] of smallCategory) for (let n = 0; n < 3; n++) pushItem(storeId, categoryId, storeId * 3 + n, n);
    const items = await insertMany<{ id: number; restaurant_id: number }>(c, 'items', [
      'vendor_id', 'restaurant_id', 'category_id', 'name', 'slug', 'description', 'image', 'price_minor', 'mrp_minor', 'item_type',
      'stock', 'is_available', 'sort_order', 'tags',
    ], itemRows, 'id, restaurant_id');

    const grouped = items.filter((item, n) => item.restaurant_id === menuStore && n % 4 === 0);
    const groupRows: unknown[][] = [];
    grouped.forEach((item, n) => {
      groupRows.push([vendorId, item.id, 'Size', 1, 1, true, 0]);
      if (n % 2 === 0) groupRows.push([vendorId, item.id, 'Extras', 0, 3, false, 1]);
    });
    const groups = await insertMany<{ id: number; name: string }>(c, 'item_option_groups',
      ['vendor_id', 'item_id', 'name', 'min_select', 'max_select', 'is_required', 'sort_order'], groupRows, 'id, name');
    const optionRows: unknown[][] = [];
    for (const group of groups) {
      const options: Array<[string, number]> = group.name === 'Size'
        ? [['Regular', 0], ['Large', 150], ['Family', 400]]
        : [['Extra cheese', 100], ['Bacon', 200], ['Avocado', 175], ['Fried egg', 125]];
      options.forEach(([name, price], o) => optionRows.push([vendorId, group.id, name, price, group.name === 'Size' && o === 0, o]));
    }
    await insertMany(c, 'item_options', ['vendor_id', 'group_id', 'name', 'price_minor', 'is_default', 'sort_order'], optionRows);
    // Fresh statistics, so the planner uses the indexes on these now-large tables.
    for (const table of ['restaurants', 'restaurant_hours', 'restaurant_cuisines', 'menu_categories', 'items', 'item_option_groups', 'item_options']) {
      await c.query(`ANALYZE ${table}`);
    }

    return { vendorId, created: true, host, menuStoreId: menuStore };
  });
}

export interface BenchCustomers {
  host: string;
  vendorId: number;
  /** The store the place_order bench orders from (the big-menu store, kept open). */
  restaurantId: number;
  /** Items with unlimited stock and no required options, to fill a cart. */
  itemIds: number[];
  /** One bearer token per customer. */
  tokens: string[];
  /** The customers' ids, in the order of their tokens (the bench's floor transaction writes as them). */
  userIds: number[];
}

/**
 * Customers for the place_order bench on the bench vendor: `count` signed-in customers
 * (sessions written directly) with a large wallet balance, and a store and items any of
 * them can order at any time. Run again, it tops the wallets up and issues new tokens.
 */
export async function seedBenchCustomers(db: Db, options: { host?: string; count: number; walletMinor?: number }): Promise<BenchCustomers> {
  const host = normalizeHost(options.host ?? 'bench.localhost');
  const { rows: [vendor] } = await db.query<{ vendor_id: number; store_id: number }>(
    `SELECT h.vendor_id, (SELECT r.id FROM restaurants r WHERE r.vendor_id = h.vendor_id ORDER BY r.sort_order, r.id LIMIT 1) AS store_id
     FROM vendor_hosts h WHERE h.host = $1`,
    [host],
  );
  if (!vendor) throw new Error(`seedBenchCustomers: no vendor on ${host}; seed it with seedBenchVendor first`);
  const vendorId = vendor.vendor_id;
  // The big-menu store is open around the clock; its on/off switch is random in the seed.
  await db.query('UPDATE restaurants SET on_off = true WHERE vendor_id = $1 AND id = $2', [vendorId, vendor.store_id]);
  const { rows: items } = await db.query<{ id: number }>(
    `SELECT i.id FROM items i WHERE i.vendor_id = $1 AND i.restaurant_id = $2 AND i.is_available AND i.stock IS NULL
       AND NOT EXISTS (SELECT 1 FROM item_option_groups g WHERE g.vendor_id = i.vendor_id AND g.item_id = i.id AND (g.is_required OR g.min_select > 0))
     ORDER BY i.sort_order, i.id LIMIT 4`,
    [vendorId, vendor.store_id],
  );
  const tokens: string[] = [];
  const userIds: number[] = [];
  for (let i = 0; i < options.count; i++) {
    const { rows: [user] } = await db.query<{ id: number }>(
      `INSERT INTO users (vendor_id, country_code, mobile_number, user_name, wallet_balance_minor, mobile_verified_at)
       VALUES ($1, '1', $2, $3, $4, now())
       ON CONFLICT (vendor_id, country_code, mobile_number) DO UPDATE SET wallet_balance_minor = EXCLUDED.wallet_balance_minor
       RETURNING id`,
      [vendorId, String(5125550000 + i), `Bench Customer ${i + 1}`, options.walletMinor ?? 10_000_000],
    );
    tokens.push(await createSession(db, vendorId, user!.id, 'bench'));
    userIds.push(user!.id);
  }
  return { host, vendorId, restaurantId: vendor.store_id, itemIds: items.map((r) => r.id), tokens, userIds };
}
