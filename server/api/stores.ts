import type { FastifyInstance } from 'fastify';
import type { RestaurantListResponse } from '../../src/core/api/contract.ts';
import { baseUrl, type AppContext } from '../context.ts';
import { toMinor } from '../domain/pricing.ts';
import { listNearby, toStoreCard, type NearbyQuery } from '../domain/stores.ts';
import { pickLanguage, type Vendor } from '../domain/vendors.ts';
import { requireVendor } from '../http/vendor.ts';
import { RestaurantListBody } from './schemas.ts';

export const NO_SERVICE = 'Service not available in this area. Please change location and try again.';

function costRangeMinor(vendor: Vendor, range: string | undefined): [number, number] | undefined {
  if (!range) return undefined;
  const [low = 0, high = 0] = range.split('-').map(Number);
  return [toMinor(Math.min(low, high), vendor.currency_exponent), toMinor(Math.max(low, high), vendor.currency_exponent)];
}

export async function storeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/get_nearby_restaurant_v2', { schema: { body: RestaurantListBody } }, async (request): Promise<RestaurantListResponse> => {
    const vendor = await requireVendor(ctx.db, request);
    const body = request.body as RestaurantListBody;
    const lang = pickLanguage(vendor, body.is_langauge);
    const query: NearbyQuery = {
      latitude: body.latitude,
      longitude: body.longitude,
      lang,
      mode: body.delivery_type_time_slots === 'pickup' ? 'pickup' : 'delivery',
      limit: body.total_record ?? 1000,
      skip: body.skip ?? 0,
      cuisineId: typeof body.cuisine_id === 'number' ? body.cuisine_id : undefined,
      sort: body.sort_type || 'distance',
      filter: body.filter_type || undefined,
      costRange: costRangeMinor(vendor, body.cost_range),
    };
    const rows = await listNearby(ctx.db, vendor, query, ctx.clock.now());
    if (rows.length === 0) return { code: 101, msg: NO_SERVICE, Result: [] };
    const base = baseUrl(ctx, request);
    return { code: 200, Result: rows.map((row) => toStoreCard(vendor, row, lang, base)) };
  });
}
