import type { FastifyRequest } from 'fastify';
import type { SearchItem, TagGroup } from '../../../../contract/api/discovery.ts';
import { baseUrl } from '../../../context.ts';
import { brandExists, listBanners, listBrands, listCuisines } from '../domain/discovery.ts';
import { listNearby, type NearbyQuery, NO_SERVICE, servedItems, toStoreCard } from '../../stores/index.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';

export const SEARCH_ITEMS_MAX = 50;
/** Items per tag in tag_wise_restaurant_menu_item. */
export const TAG_ITEMS_MAX = 20;

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

export const discoveryRoutes: ApiPlugin = async (api) => {
  const cards = (request: FastifyRequest) => {
    const { vendor, lang } = request;
    const base = baseUrl(request);
    return (rows: Awaited<ReturnType<typeof listNearby>>) => rows.map((row) => toStoreCard(vendor, row, lang, base));
  };

  postCall(api, 'get_cuisinelist', async (request) =>
    ({ code: 200, Result: await listCuisines(api.db, request.vendor.id, request.lang, baseUrl(request)) }));

  postCall(api, 'get_banner', async (request) =>
    ({ code: 200, Result: await listBanners(api.db, request.vendor.id, request.lang, baseUrl(request)) }));

  postCall(api, 'brand-list', async (request) =>
    ({ code: 200, Result: await listBrands(api.db, request.vendor.id, request.lang, baseUrl(request)) }));

  postCall(api, 'brand-restaurant', async (request) => {
    const { vendor, body } = request;
    if (!(await brandExists(api.db, vendor.id, body.brand_id))) return { code: 101, msg: 'Brand not found', Result: [] };
    const rows = await listNearby(api.db, vendor, nearQuery(body, request.lang, { brandId: body.brand_id }), api.runtime.clock.now());
    if (rows.length === 0) return { code: 101, msg: NO_SERVICE, Result: [] };
    return { code: 200, Result: cards(request)(rows) };
  });

  postCall(api, 'search_restaurants', async (request) => {
    const { body } = request;
    const rows = await listNearby(api.db, request.vendor, nearQuery(body, request.lang, { search: body.search.trim(), limit: 100 }), api.runtime.clock.now());
    if (rows.length === 0) return { code: 101, msg: 'No stores found', Result: [] };
    return { code: 200, Result: cards(request)(rows) };
  });

  postCall(api, 'search_restaurants_item', async (request) => {
    const { body } = request;
    const items = await servedItems(api.db, request.vendor, {
      lang: request.lang, baseUrl: baseUrl(request), latitude: body.latitude, longitude: body.longitude,
      search: body.search.trim(), limit: SEARCH_ITEMS_MAX,
    });
    if (items.length === 0) return { code: 101, msg: 'No items found', Result: [] };
    return { code: 200, Result: items };
  });

  postCall(api, 'tag_wise_restaurant_menu_item', async (request) => {
    const { body } = request;
    const tag = body.tag?.trim() || undefined;
    const items = await servedItems(api.db, request.vendor, {
      lang: request.lang, baseUrl: baseUrl(request), latitude: body.latitude, longitude: body.longitude, tag, tagged: true, limit: 500,
    });
    const Result = groupByTag(items, tag);
    if (Result.length === 0) return { code: 101, msg: 'No items found', Result: [] };
    return { code: 200, Result };
  });

  postCall(api, 'get_currentlocation_restaurant', async (request) => {
    const [nearest] = await listNearby(api.db, request.vendor, nearQuery(request.body, request.lang, { limit: 1 }), api.runtime.clock.now());
    if (!nearest) return { code: 101, msg: NO_SERVICE };
    return { code: 200, Result: toStoreCard(request.vendor, nearest, request.lang, baseUrl(request)) };
  });
};
