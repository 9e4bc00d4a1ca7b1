import type pg from 'pg';
import type { Db } from '../db/pool.ts';
import { inTransaction } from '../db/tx.ts';
import { checkStoredSettings } from '../modules/vendors/index.ts';
import { insertDemoFaq } from './faq.ts';
import type { ItemSeed, StoreSeed, VendorSeed } from './types.ts';
import { artFor, type ArtName } from '../modules/media/index.ts';

const minor = (major: number, exponent = 2) => Math.round(major * 10 ** exponent);

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

async function one<T extends pg.QueryResultRow>(c: pg.PoolClient, sql: string, params: unknown[]): Promise<T> {
  const { rows } = await c.query<T>(sql, params);
  if (!rows[0]) throw new Error(`seed: no row from ${sql.slice(0, 40)}`);
  return rows[0];
}

/**
 * A drawn picture that says what it is (server/modules/media/domain/art.ts): the illustration the texts
 * call for, most telling first, on the vendor's colours.
 */
function artPath(kind: 'store' | 'item' | 'banner' | 'coupon', vendorSlug: string, texts: ReadonlyArray<string | undefined>, fallback: ArtName, slug: string): string {
  return `/media/${kind}/${vendorSlug}/${artFor(texts.filter((text): text is string => Boolean(text)), fallback)}/${slug || kind}.png`;
}

/** Where an item is: its vendor's slug, its store and its category, which say what it is when its name does not. */
interface ItemPlace {
  vendorId: number;
  vendorSlug: string;
  store: StoreSeed;
  storeId: number;
  categoryId: number;
  category: string;
}

async function insertItem(c: pg.PoolClient, place: ItemPlace, item: ItemSeed, order: number) {
  const { vendorId, storeId, categoryId } = place;
  const storeTax = place.store.tax ?? 0;
  const image = artPath('item', place.vendorSlug, [item.i18n?.en?.name, item.name, place.category, ...place.store.cuisines, place.store.name], 'meal', itemSlug(item));
  const { id } = await one<{ id: number }>(
    c,
    `INSERT INTO items (vendor_id, restaurant_id, category_id, name, slug, description, image, price_minor, mrp_minor,
       item_type, unit, stock, is_available, tax_percent, packaging_charge_minor, is_featured, sort_order, i18n, tags, is_subscribable)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20) RETURNING id`,
    [
      vendorId, storeId, categoryId, item.name, itemSlug(item), item.description, image,
      minor(item.price), item.mrp === undefined ? null : minor(item.mrp), item.veg ? 0 : 1, item.unit ?? '',
      item.stock ?? null, item.available ?? true, item.tax ?? storeTax, minor(item.packaging ?? 0), item.featured ?? false,
      order, JSON.stringify(item.i18n ?? {}), item.tags ?? (item.featured ? ['Bestseller'] : []), item.subscribable ?? false,
    ],
  );
  for (const [g, group] of (item.groups ?? []).entries()) {
    const { id: groupId } = await one<{ id: number }>(
      c,
      `INSERT INTO item_option_groups (vendor_id, item_id, name, min_select, max_select, is_required, sort_order, i18n)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8) RETURNING id`,
      [vendorId, id, group.name, group.min, group.max, group.min > 0, g, JSON.stringify(group.i18n ?? {})],
    );
    for (const [o, [name, price, i18n]] of group.options.entries()) {
      await c.query(
        `INSERT INTO item_options (vendor_id, group_id, name, price_minor, is_default, sort_order, i18n)
         VALUES ($1,$2,$3,$4,$5,$6,$7)`,
        [vendorId, groupId, name, minor(price), group.min > 0 && o === 0, o, JSON.stringify(i18n ?? {})],
      );
    }
  }
}

function itemSlug(item: ItemSeed): string {
  return slugify(item.i18n?.en?.name ?? item.name) || 'item';
}

async function insertStore(
  c: pg.PoolClient, vendor: { id: number; slug: string }, store: StoreSeed, order: number, cuisineIds: Map<string, number>, timeZone: string,
) {
  const vendorId = vendor.id;
  const image = artPath('store', vendor.slug, [...store.cuisines, store.name], 'meal', store.slug);
  const { id } = await one<{ id: number }>(
    c,
    `INSERT INTO restaurants (vendor_id, name, slug, icon_image, cover_image, address, city, state, zip_code,
       latitude, longitude, time_zone, delivery_radius_km, on_off, restaurant_type, rating, rating_count,
       delivery_time, two_person_price_minor, discount_text, show_customer_app, is_pre_order,
       minimum_order_value_minor, packaging_charge_minor, delivery_charge_minor, sort_order, i18n, delivery_free_km, delivery_per_km_minor)
     VALUES ($1,$2,$3,$4,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28)
     RETURNING id`,
    [
      vendorId, store.name, store.slug, image, store.address, store.city, store.state,
      store.zip, store.lat, store.lng, timeZone, store.radiusKm, store.onOff ?? true, store.veg ? 1 : 2, store.rating,
      store.rating === 0 ? 0 : Math.round(store.rating * 37), store.deliveryTime, minor(store.twoPersonPrice),
      store.discountText ?? '', store.showBy ?? 'time', store.preOrder ? 1 : 0, minor(store.minOrder ?? 0),
      minor(store.packaging ?? 0), minor(store.deliveryCharge ?? 2.99), order, JSON.stringify(store.i18n ?? {}),
      store.deliveryFreeKm ?? 2, minor(store.deliveryPerKm ?? 0),
    ],
  );
  for (const [i, name] of store.cuisines.entries()) {
    await c.query('INSERT INTO restaurant_cuisines (vendor_id, restaurant_id, cuisine_id, sort_order) VALUES ($1,$2,$3,$4)', [
      vendorId, id, cuisineIds.get(name), i,
    ]);
  }
  for (const [days, opens, closes] of store.hours ?? []) {
    for (const day of days) {
      await c.query(
        'INSERT INTO restaurant_hours (vendor_id, restaurant_id, weekday, opens, closes) VALUES ($1,$2,$3,$4,$5)',
        [vendorId, id, day, opens, closes],
      );
    }
  }
  for (const [ci, category] of store.categories.entries()) {
    const { id: categoryId } = await one<{ id: number }>(
      c,
      `INSERT INTO menu_categories (vendor_id, restaurant_id, name, sort_order, i18n) VALUES ($1,$2,$3,$4,$5) RETURNING id`,
      [vendorId, id, category.name, ci, JSON.stringify(category.i18n ?? {})],
    );
    const place = { vendorId, vendorSlug: vendor.slug, store, storeId: id, categoryId, category: category.name };
    for (const [ii, item] of category.items.entries()) await insertItem(c, place, item, ii);
  }
  return id;
}

/** Inserts one vendor with its hosts, catalogue, coupons, banners, brands and demo customers. */
export async function loadVendor(db: Db, seed: VendorSeed): Promise<number> {
  checkStoredSettings(seed.slug, seed.settings, seed.i18n);
  return inTransaction(db, async (c) => {
    const { id: vendorId } = await one<{ id: number }>(
      c,
      `INSERT INTO vendors (slug, name, currency_code, currency_symbol, price_decimals, country_code, product_type,
         primary_lang, secondary_lang, languages, default_lang, system_latitude, system_longitude, time_zone, settings, i18n)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16) RETURNING id`,
      [
        seed.slug, seed.name, seed.currencyCode, seed.currencySymbol, seed.priceDecimals, seed.countryCode,
        seed.productType, seed.primaryLang, seed.secondaryLang, seed.languages, seed.defaultLang, seed.lat, seed.lng,
        seed.timeZone, JSON.stringify(seed.settings), JSON.stringify(seed.i18n),
      ],
    );
    for (const [i, host] of seed.hosts.entries()) {
      await c.query('INSERT INTO vendor_hosts (vendor_id, host, is_primary) VALUES ($1,$2,$3)', [vendorId, host, i === 0]);
    }
    const cuisineIds = new Map<string, number>();
    for (const [i, cuisine] of seed.cuisines.entries()) {
      const slug = slugify(cuisine.i18n?.en?.name ?? cuisine.name);
      const { id } = await one<{ id: number }>(
        c,
        'INSERT INTO cuisines (vendor_id, name, image, sort_order, i18n) VALUES ($1,$2,$3,$4,$5) RETURNING id',
        [vendorId, cuisine.name, artPath('item', seed.slug, [cuisine.i18n?.en?.name, cuisine.name], 'meal', slug), i, JSON.stringify(cuisine.i18n ?? {})],
      );
      cuisineIds.set(cuisine.name, id);
    }
    const storeIds = new Map<string, number>();
    for (const [i, store] of seed.stores.entries()) {
      storeIds.set(store.slug, await insertStore(c, { id: vendorId, slug: seed.slug }, store, i, cuisineIds, seed.timeZone));
    }
    for (const coupon of seed.coupons) {
      await c.query(
        `INSERT INTO coupons (vendor_id, code, name, description, image, coupon_type, discount_type, discount_percent,
           discount_flat_minor, max_discount_minor, min_order_minor, cashback_minor, is_free_order, expires_at,
           per_customer_limit, i18n)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13, now() + make_interval(days => $14), $15, $16)`,
        [
          vendorId, coupon.code, coupon.name, coupon.description,
          artPath('coupon', seed.slug, [], coupon.freeOrder ? 'gift' : 'offer', slugify(coupon.code)), coupon.type,
          coupon.flat !== undefined ? 'flat' : 'percent', coupon.percent ?? null,
          coupon.flat === undefined ? null : minor(coupon.flat),
          coupon.maxDiscount === undefined ? null : minor(coupon.maxDiscount), minor(coupon.minOrder ?? 0),
          minor(coupon.cashback ?? 0), coupon.freeOrder ?? false, coupon.expiresInDays ?? 365, coupon.perCustomer ?? null,
          JSON.stringify(coupon.i18n ?? {}),
        ],
      );
    }
    for (const [i, banner] of seed.banners.entries()) {
      const storeId = banner.store ? storeIds.get(banner.store) ?? null : null;
      const store = seed.stores.find((entry) => entry.slug === banner.store);
      await c.query(
        `INSERT INTO banners (vendor_id, title, image, target_type, restaurant_id, sort_order, i18n, subtitle, action_text)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
        [vendorId, banner.title, artPath('banner', seed.slug, [banner.title, ...(store?.cuisines ?? []), store?.name], 'meal', banner.slug),
          storeId ? 'restaurant' : 'none', storeId, i,
          JSON.stringify(banner.i18n ?? {}), banner.subtitle ?? '', banner.action ?? ''],
      );
    }
    for (const [i, brand] of seed.brands.entries()) {
      const { id } = await one<{ id: number }>(
        c,
        'INSERT INTO brands (vendor_id, name, slug, image, sort_order, i18n) VALUES ($1,$2,$3,$4,$5,$6) RETURNING id',
        [vendorId, brand.name, brand.slug, `/media/mark/${brand.slug}.svg`, i, JSON.stringify(brand.i18n ?? {})],
      );
      for (const store of brand.stores) {
        await c.query('INSERT INTO brand_restaurants (vendor_id, brand_id, restaurant_id) VALUES ($1,$2,$3)', [
          vendorId, id, storeIds.get(store),
        ]);
      }
    }
    for (const customer of seed.customers) {
      await c.query(
        `INSERT INTO users (vendor_id, country_code, mobile_number, user_name, email, wallet_balance_minor, mobile_verified_at)
         VALUES ($1,$2,$3,$4,$5,$6, now())`,
        [vendorId, seed.countryCode, customer.mobile, customer.name, customer.email, minor(customer.wallet)],
      );
    }
    for (const driver of seed.drivers) {
      await c.query(
        'INSERT INTO drivers (vendor_id, name, phone, vehicle, vehicle_number, i18n) VALUES ($1,$2,$3,$4,$5,$6)',
        [vendorId, driver.name, driver.phone, driver.vehicle, driver.vehicleNumber, JSON.stringify(driver.i18n ?? {})],
      );
    }
    await insertDemoFaq(c, vendorId, seed.slug, seed.languages);
    return vendorId;
  });
}
