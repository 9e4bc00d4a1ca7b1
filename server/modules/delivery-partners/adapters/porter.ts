/**
 * Porter (porter.in), from its public API reference: `get_quote` takes the pickup and drop coordinates
 * and the customer's name and mobile number, with the account's key in the x-api-key header, and
 * answers a fare per vehicle (in paise) with the time a vehicle needs to reach the pickup.
 *
 * - The reference shows the call as GET with a JSON body, which fetch cannot send; it is sent as POST
 *   (as other integrations do). Porter's answer to a refused trip is taken to be a 4xx with a message.
 * - Food goes by two-wheeler: the cheapest vehicle whose type is a 2 Wheeler is the quote; an answer
 *   without one is a trip Porter cannot serve.
 * - Porter tells only when a vehicle reaches the store: the minutes to the customer add the straight-line
 *   ride at 20 km/h.
 */
import { metresBetween, minutesAt } from '../../../../contract/rules/geo.ts';
import { providerFetch, ProviderHttpError } from '../../payments/index.ts';
import { minorDigitsOf, PartnerUnavailable, type DeliveryPartnerAdapter } from '../domain/kit.ts';

interface PorterVehicle {
  type?: string;
  eta?: { value?: number; unit?: string } | null;
  fare?: { currency?: string; minor_amount?: number } | null;
}

interface PorterQuoteAnswer {
  vehicles?: PorterVehicle[];
}

/** The vehicles that carry food. */
const TWO_WHEELER = /2\s*wheeler/i;
/** Straight-line speed of the ride from the store to the customer. */
export const PORTER_RIDE_KMH = 20;

/** The error's own words, where the partner gave any. */
export function partnerMessage(body: unknown): string {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message.slice(0, 200) : '';
}

function etaMinutes(eta: PorterVehicle['eta']): number {
  const value = Number(eta?.value);
  if (!Number.isFinite(value) || value < 0) return 0;
  const unit = (eta?.unit ?? 'minutes').toLowerCase();
  if (unit.startsWith('sec')) return Math.ceil(value / 60);
  if (unit.startsWith('hour')) return Math.ceil(value * 60);
  return Math.ceil(value);
}

export const porterAdapter: DeliveryPartnerAdapter = {
  name: 'porter',
  facts: { liveApi: 'https://pfe-apigw.porter.in', currencies: ['INR'] },

  async quote(ask, account, apiBase) {
    let answer: PorterQuoteAnswer;
    try {
      answer = await providerFetch<PorterQuoteAnswer>('porter', `${apiBase}/v1/get_quote`, {
        method: 'POST',
        headers: { 'x-api-key': account.apiKey },
        json: {
          pickup_details: { lat: ask.pickup.latitude, lng: ask.pickup.longitude },
          drop_details: { lat: ask.drop.latitude, lng: ask.drop.longitude },
          customer: { name: ask.customer.name, mobile: { country_code: `+${ask.customer.countryCode}`, number: ask.customer.mobile } },
        },
        timeoutMs: 10_000,
      });
    } catch (error) {
      // A refused trip (the points are fine as sent): Porter does not serve it. Keys refused or a failure: not now.
      if (error instanceof ProviderHttpError && [400, 404, 422].includes(error.status)) return { outOfArea: partnerMessage(error.body) };
      throw new PartnerUnavailable('porter', error);
    }
    const bikes = (answer.vehicles ?? [])
      .filter((vehicle) => TWO_WHEELER.test(vehicle.type ?? '') && Number.isInteger(vehicle.fare?.minor_amount) && (vehicle.fare?.minor_amount ?? -1) >= 0)
      .sort((a, b) => (a.fare?.minor_amount ?? 0) - (b.fare?.minor_amount ?? 0));
    const bike = bikes[0];
    if (!bike?.fare) return { outOfArea: 'No two-wheeler serves this trip' };
    const currencyCode = bike.fare.currency ?? account.currencyCode;
    const ride = minutesAt(metresBetween(ask.pickup, ask.drop), PORTER_RIDE_KMH);
    return {
      quote: {
        fare: (bike.fare.minor_amount ?? 0) / 10 ** minorDigitsOf(currencyCode),
        currencyCode,
        etaMinutes: etaMinutes(bike.eta) + ride,
        partnerRef: '',
      },
    };
  },
};
