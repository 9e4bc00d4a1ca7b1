/**
 * Porter's double: `GET|POST /v1/get_quote` as Porter's API reference describes it. It takes
 * `pickup_details` and `drop_details` ({ lat, lng }) and `customer` ({ name, mobile: { country_code,
 * number } }) with the account's key in x-api-key, and answers `{ vehicles: [{ type, eta: { value, unit },
 * fare: { currency, minor_amount }, capacity, size }] }`, fares in paise.
 *
 * Fares (so tests can check them), by started km of straight line between pickup and drop:
 * - 2 Wheeler: ₹40 for the first 2 km, then ₹10 a km; a vehicle reaches the pickup in 8 minutes.
 * - 3 Wheeler: ₹150 for the first 2 km, then ₹25 a km; 15 minutes.
 * - Tata Ace: ₹250 for the first 2 km, then ₹35 a km; 20 minutes.
 * Service area: trips up to 20 km (within one city). A longer one answers 400 with Porter's error shape
 * `{ code, type, message }` (the type is this double's own: Porter's reference lists no refusal types).
 */
import type { DoubleAnswer } from '../kit.ts';
import { pointOf, startedKm, type PartnerDouble } from './kit.ts';

export const PORTER_MAX_KM = 20;

const VEHICLES = [
  { type: '2 Wheeler', basePaise: 4000, perKmPaise: 1000, etaMinutes: 8, capacityKg: 20 },
  { type: '3 Wheeler', basePaise: 15000, perKmPaise: 2500, etaMinutes: 15, capacityKg: 500 },
  { type: 'Tata Ace', basePaise: 25000, perKmPaise: 3500, etaMinutes: 20, capacityKg: 750 },
] as const;

/** The 2 Wheeler's fare for a trip of `km` started kilometres, in paise. */
export function porterBikeFarePaise(km: number): number {
  const bike = VEHICLES[0];
  return bike.basePaise + Math.max(0, km - 2) * bike.perKmPaise;
}

const refusal = (status: number, type: string, message: string): DoubleAnswer => ({ status, body: { code: status, type, message } });

export const porterDouble: PartnerDouble = {
  name: 'porter',
  currency: 'INR',
  testAccount: { apiKey: 'porter_test_9f3c2a7e41d84b6b', clientId: '' },

  handle(request, body) {
    if (request.path !== '/v1/get_quote' || (request.method !== 'GET' && request.method !== 'POST')) return undefined;
    if (request.headers['x-api-key'] !== this.testAccount.apiKey) return refusal(401, 'unauthorized', 'Invalid API key');
    const pickup = pointOf(body.pickup_details);
    const drop = pointOf(body.drop_details);
    const customer = body.customer as { name?: unknown; mobile?: { country_code?: unknown; number?: unknown } } | undefined;
    if (!pickup || !drop) return refusal(422, 'invalid_request', 'pickup_details and drop_details need lat and lng');
    if (typeof customer?.name !== 'string' || typeof customer.mobile?.number !== 'string' || typeof customer.mobile.country_code !== 'string') {
      return refusal(422, 'invalid_request', 'customer needs a name and a mobile number with its country code');
    }
    const km = startedKm(pickup, drop);
    if (km > PORTER_MAX_KM) return refusal(400, 'unserviceable_location', 'Sorry, this trip is outside our service area');
    return {
      status: 200,
      body: {
        vehicles: VEHICLES.map((vehicle) => ({
          type: vehicle.type,
          eta: { value: vehicle.etaMinutes, unit: 'minutes' },
          fare: { currency: 'INR', minor_amount: vehicle.basePaise + Math.max(0, km - 2) * vehicle.perKmPaise },
          capacity: { value: vehicle.capacityKg, unit: 'kg' },
          size: { length: { value: 5.5, unit: 'ft' }, breadth: { value: 4.5, unit: 'ft' }, height: { value: 5, unit: 'ft' } },
        })),
      },
    };
  },
};
