import type { FastifyInstance } from 'fastify';
import type { Envelope, RestaurantDetail, RestaurantTiming } from '../../src/core/api/contract.ts';
import { baseUrl, type AppContext } from '../context.ts';
import {
  findStore, openingHours, OUT_OF_REACH, pointOf, restaurantTiming, storeDelivers, STORE_NOT_FOUND, toRestaurantDetail,
  type StoreKey,
} from '../domain/store-detail.ts';
import { pickLanguage } from '../domain/vendors.ts';
import { requireVendor } from '../http/vendor.ts';
import { RestaurantBody, RestaurantPointBody, RestaurantSlugBody } from './schemas.ts';

export const NOT_FOUND = { code: 101, msg: STORE_NOT_FOUND } as const;

export async function storeDetailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  async function detail(request: Parameters<typeof requireVendor>[1], key: StoreKey): Promise<Envelope<RestaurantDetail>> {
    const vendor = await requireVendor(ctx.db, request);
    const body = request.body as RestaurantBody | RestaurantSlugBody;
    const lang = pickLanguage(vendor, body.is_langauge);
    const row = await findStore(ctx.db, vendor, key, lang, ctx.clock.now(), pointOf(body));
    if (!row) return NOT_FOUND;
    const hours = await openingHours(ctx.db, vendor.id, row.id);
    return { code: 200, Result: toRestaurantDetail(vendor, row, hours, lang, baseUrl(ctx, request)) };
  }

  app.post('/get_restaurant_detail', { schema: { body: RestaurantBody } }, async (request) =>
    detail(request, { id: (request.body as RestaurantBody).restaurant_id }));

  app.post('/get_restaurant_detail_by_slug', { schema: { body: RestaurantSlugBody } }, async (request) =>
    detail(request, { slug: (request.body as RestaurantSlugBody).slug.trim().toLowerCase() }));

  app.post('/get_restaurant_on_off', { schema: { body: RestaurantBody } }, async (request): Promise<Envelope<{ restaurant_on_off: '0' | '1' }>> => {
    const vendor = await requireVendor(ctx.db, request);
    const row = await findStore(ctx.db, vendor, { id: (request.body as RestaurantBody).restaurant_id }, vendor.default_lang, ctx.clock.now());
    if (!row) return NOT_FOUND;
    return { code: 200, Result: { restaurant_on_off: row.is_open ? '1' : '0' } };
  });

  app.post('/restaurantTiming', { schema: { body: RestaurantBody } }, async (request): Promise<Envelope<RestaurantTiming>> => {
    const vendor = await requireVendor(ctx.db, request);
    const at = ctx.clock.now();
    const row = await findStore(ctx.db, vendor, { id: (request.body as RestaurantBody).restaurant_id }, vendor.default_lang, at);
    if (!row) return NOT_FOUND;
    return { code: 200, Result: await restaurantTiming(ctx.db, vendor.id, row, at) };
  });

  app.post('/get_restaurant_rating', { schema: { body: RestaurantBody } }, async (request): Promise<Envelope<{ rating: number; rating_count: number }>> => {
    const vendor = await requireVendor(ctx.db, request);
    const row = await findStore(ctx.db, vendor, { id: (request.body as RestaurantBody).restaurant_id }, vendor.default_lang, ctx.clock.now());
    if (!row) return NOT_FOUND;
    return { code: 200, Result: { rating: row.rating, rating_count: row.rating_count } };
  });

  app.post('/check_restaurant_radius', { schema: { body: RestaurantPointBody } }, async (request): Promise<Envelope> => {
    const vendor = await requireVendor(ctx.db, request);
    const body = request.body as RestaurantPointBody;
    const row = await findStore(ctx.db, vendor, { id: body.restaurant_id }, vendor.default_lang, ctx.clock.now());
    if (!row) return NOT_FOUND;
    if (!(await storeDelivers(ctx.db, vendor.id, row.id, body.latitude, body.longitude))) return { code: 101, msg: OUT_OF_REACH };
    return { code: 200, msg: 'Store delivers to this location' };
  });
}
