import { toMinor } from '../../../../contract/rules/money.ts';
import { baseUrl } from '../../../context.ts';
import { listNearby, toStoreCard } from '../domain/stores.ts';
import type { Vendor } from '../../vendors/index.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { REFUSAL_TEXTS } from '../../../../contract/rules/refusals.ts';

export const NO_SERVICE = REFUSAL_TEXTS['location.no_service'];

function costRangeMinor(vendor: Vendor, range: string | undefined): [number, number] | undefined {
  if (!range) return undefined;
  const [low = 0, high = 0] = range.split('-').map(Number);
  return [toMinor(Math.min(low, high), vendor.currency_exponent), toMinor(Math.max(low, high), vendor.currency_exponent)];
}

export const storeRoutes: ApiPlugin = async (api) => {
  postCall(api, 'get_nearby_restaurant_v2', async (request) => {
    const { body, vendor, lang } = request;
    const rows = await listNearby(api.db, vendor, {
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
    }, api.runtime.clock.now());
    if (rows.length === 0) return { code: 101, msg: NO_SERVICE, Result: [] };
    const base = baseUrl(request);
    return { code: 200, Result: rows.map((row) => toStoreCard(vendor, row, lang, base)) };
  });
};
