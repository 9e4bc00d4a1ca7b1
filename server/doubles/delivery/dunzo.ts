/**
 * Dunzo's double: `POST /api/v2/quote` as Dunzo's API v2 reference describes it. It takes
 * `pickup_details` and `drop_details` (lists of { lat, lng, reference_id }) with the account's
 * `client-id` and its token in `Authorization`, and answers `{ category_id, distance, estimated_price,
 * eta: { pickup, dropoff } }`: the price in rupees, the distance in km, the eta in minutes.
 *
 * Price (so tests can check it), by started km of straight line: ₹30 and ₹8 a km. Eta: a runner
 * reaches the pickup in 10 minutes, and the drop 3 minutes a km later (20 km/h).
 * Service area: trips up to 10 km. A longer one answers Dunzo's refusal
 * `{ code: 'unserviceable_location_error', message, details }` with HTTP 400.
 */
import type { DoubleAnswer } from '../kit.ts';
import { pointOf, startedKm, type PartnerDouble } from './kit.ts';

export const DUNZO_MAX_KM = 10;

/** Dunzo's price for `km` started kilometres, in rupees. */
export function dunzoPriceRupees(km: number): number {
  return 30 + 8 * km;
}

const refusal = (status: number, code: string, message: string): DoubleAnswer => ({ status, body: { code, message, details: {} } });

const firstPoint = (value: unknown) => (Array.isArray(value) ? pointOf(value[0]) : undefined);

export const dunzoDouble: PartnerDouble = {
  name: 'dunzo',
  currency: 'INR',
  testAccount: { apiKey: 'dunzo_test_token_2b7e151628aed2a6', clientId: '7d8513de-cf05-48bb-9ca4-04f8fc685b00' },

  handle(request, body) {
    if (request.path !== '/api/v2/quote' || request.method !== 'POST') return undefined;
    if (request.headers['client-id'] !== this.testAccount.clientId || request.headers.authorization !== this.testAccount.apiKey) {
      return refusal(401, 'unauthorized', 'Invalid client-id or token');
    }
    const pickup = firstPoint(body.pickup_details);
    const drop = firstPoint(body.drop_details);
    if (!pickup || !drop) return refusal(400, 'validation_failed', 'pickup_details and drop_details need lat and lng');
    const km = startedKm(pickup, drop);
    if (km > DUNZO_MAX_KM) return refusal(400, 'unserviceable_location_error', 'Location is not serviceable');
    return {
      status: 200,
      body: { category_id: 'pickup_drop', distance: km, estimated_price: dunzoPriceRupees(km), eta: { pickup: 10, dropoff: 10 + 3 * km } },
    };
  },
};
