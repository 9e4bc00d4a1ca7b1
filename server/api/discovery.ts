import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Banner, Brand, Cuisine, Envelope, SearchItem, StoreCard, TagGroup } from '../../src/core/api/contract.ts';
import { baseUrl, type AppContext } from '../context.ts';
import { brandExists, listBanners, listBrands, listCuisines } from '../domain/discovery.ts';
import { servedItems } from '../domain/menu.ts';
import { listNearby, toStoreCard, type NearbyQuery } from '../domain/stores.ts';
import { pickLanguage, type Vendor } from '../domain/vendors.ts';
import { requireVendor } from '../http/vendor.ts';
import { AnyBody, BrandStoresBody, PointBody, SearchNearBody, TagItemsBody } from './schemas.ts';
import { NO_SERVICE } from './stores.ts';

export const SEARCH_ITEMS_MAX = 50;
/** Items per tag in tag_wise_restaurant_menu_item. */
export const TAG_ITEMS_MAX = 20;


async function vendorAndLang(ctx: AppContext, request: FastifyRequest): Promise<{ vendor: Vendor; lang: string; base: string }> {
  const vendor = await requireVendor(ctx.db, request);
  const lang = pickLanguage(vendor, (request.body as { is_langauge?: string }).is_langauge);
  return { vendor, lang, base: baseUrl(ctx, request) };
}

function nearQuery(body: { latitude: number; longitude: number }, lang: string, extra: Partial<NearbyQuery> = {}): NearbyQuery {
  return { latitude: body.latitude, longitude: body.longitude, lang, mode: 'delivery', limit: 1000, skip: 0, sort: 'distance', ...extra };
}

/** Groups items by each tag they carry, in first-seen order, at most TAG_ITEMS_MAX per tag. */
export function groupByTag(items: Array<SearchItem & { tags: string[] }>, only?: string): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const { tags, ...item } of items) {
    for (const tag of tags) {
      if (only && tag.toLowerCase() !== only.toLowerCase()) continue;
      const group = groups.get(tag) ?? { tag, items: [] };
      groups.set(tag, group);
      if (group.items.length < TAG_ITEMS_MAX) group.items.push(item);
    }
  }
  return [...groups.values()];
}

export async function discoveryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/get_cuisinelist', { schema: { body: AnyBody } }, async (request): Promise<Envelope<Cuisine[]>> => {
    const { vendor, lang, base } = await vendorAndLang(ctx, request);
    return { code: 200, Result: await listCuisines(ctx.db, vendor.id, lang, base) };
  });

  app.post('/get_banner', { schema: { body: AnyBody } }, async (request): Promise<Envelope<Banner[]>> => {
    const { vendor, lang, base } = await vendorAndLang(ctx, request);
    return { code: 200, Result: await listBanners(ctx.db, vendor.id, lang, base) };
  });

  app.post('/brand-list', { schema: { body: AnyBody } }, async (request): Promise<Envelope<Brand[]>> => {
    const { vendor, lang, base } = await vendorAndLang(ctx, request);
    return { code: 200, Result: await listBrands(ctx.db, vendor.id, lang, base) };
  });

  app.post('/brand-restaurant', { schema: { body: BrandStoresBody } }, async (request): Promise<Envelope<StoreCard[]>> => {
    const { vendor, lang, base } = await vendorAndLang(ctx, request);
    const body = request.body as BrandStoresBody;
    if (!(await brandExists(ctx.db, vendor.id, body.brand_id))) return { code: 101, msg: 'Brand not found', Result: [] };
    const rows = await listNearby(ctx.db, vendor, nearQuery(body, lang, { brandId: body.brand_id }), ctx.clock.now());
    if (rows.length === 0) return { code: 101, msg: NO_SERVICE, Result: [] };
    return { code: 200, Result: rows.map((r) => toStoreCard(vendor, r, lang, base)) };
  });

  app.post('/search_restaurants', { schema: { body: SearchNearBody } }, async (request): Promise<Envelope<StoreCard[]>> => {
    const { vendor, lang, base } = await vendorAndLang(ctx, request);
    const body = request.body as SearchNearBody;
    const rows = await listNearby(ctx.db, vendor, nearQuery(body, lang, { search: body.search.trim(), limit: 100 }), ctx.clock.now());
    if (rows.length === 0) return { code: 101, msg: 'No stores found', Result: [] };
    return { code: 200, Result: rows.map((r) => toStoreCard(vendor, r, lang, base)) };
  });

  app.post('/search_restaurants_item', { schema: { body: SearchNearBody } }, async (request): Promise<Envelope<SearchItem[]>> => {
    const { vendor, lang, base } = await vendorAndLang(ctx, request);
    const body = request.body as SearchNearBody;
    const items = await servedItems(ctx.db, vendor, {
      lang, baseUrl: base, latitude: body.latitude, longitude: body.longitude, search: body.search.trim(), limit: SEARCH_ITEMS_MAX,
    });
    if (items.length === 0) return { code: 101, msg: 'No items found', Result: [] };
    return { code: 200, Result: items };
  });

  app.post('/tag_wise_restaurant_menu_item', { schema: { body: TagItemsBody } }, async (request): Promise<Envelope<TagGroup[]>> => {
    const { vendor, lang, base } = await vendorAndLang(ctx, request);
    const body = request.body as TagItemsBody;
    const tag = body.tag?.trim() || undefined;
    const items = await servedItems(ctx.db, vendor, {
      lang, baseUrl: base, latitude: body.latitude, longitude: body.longitude, tag, tagged: true, limit: 500,
    });
    const Result = groupByTag(items, tag);
    if (Result.length === 0) return { code: 101, msg: 'No items found', Result: [] };
    return { code: 200, Result };
  });

  app.post('/get_currentlocation_restaurant', { schema: { body: PointBody } }, async (request): Promise<Envelope<StoreCard>> => {
    const { vendor, lang, base } = await vendorAndLang(ctx, request);
    const [nearest] = await listNearby(ctx.db, vendor, nearQuery(request.body as PointBody, lang, { limit: 1 }), ctx.clock.now());
    if (!nearest) return { code: 101, msg: NO_SERVICE };
    return { code: 200, Result: toStoreCard(vendor, nearest, lang, base) };
  });
}
