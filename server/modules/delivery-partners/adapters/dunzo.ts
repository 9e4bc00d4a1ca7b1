/**
 * Dunzo (dunzo.com), from its public API v2 reference: `POST /api/v2/quote` takes pickup_details and
 * drop_details (each a list of points with a reference_id), with the account's client-id and its token in
 * the Authorization header, and answers the distance, the estimated_price (rupees) and the eta (minutes to
 * the pickup and to the drop). A refusal is `{ code, message, details }`: the location codes
 * (unserviceable_location_error, different_city_error, near_by_location_error) are a trip Dunzo does not
 * serve; any other (rain_error, stock_out_error, unauthorized, …) is Dunzo not available now. Dunzo has
 * answered some refusals with HTTP 200, so the body's code is read whatever the status.
 */
import { providerFetch, ProviderHttpError } from '../../payments/index.ts';
import { PartnerUnavailable, type DeliveryPartnerAdapter } from '../domain/kit.ts';

interface DunzoQuoteAnswer {
  distance?: number;
  estimated_price?: number;
  eta?: { pickup?: number | null; dropoff?: number | null } | null;
  code?: string;
  message?: string;
}

const LOCATION_REFUSALS = new Set(['unserviceable_location_error', 'different_city_error', 'near_by_location_error']);

function refusal(body: unknown): { code: string; message: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message } = body as { code?: unknown; message?: unknown };
  return typeof code === 'string' ? { code, message: typeof message === 'string' ? message.slice(0, 200) : '' } : undefined;
}

export const dunzoAdapter: DeliveryPartnerAdapter = {
  name: 'dunzo',
  facts: { liveApi: 'https://api.dunzo.in', currencies: ['INR'] },

  async quote(ask, account, apiBase) {
    let answer: DunzoQuoteAnswer;
    try {
      answer = await providerFetch<DunzoQuoteAnswer>('dunzo', `${apiBase}/api/v2/quote`, {
        method: 'POST',
        headers: { 'client-id': account.clientId, Authorization: account.apiKey },
        json: {
          pickup_details: [{ lat: ask.pickup.latitude, lng: ask.pickup.longitude, reference_id: 'pickup' }],
          drop_details: [{ lat: ask.drop.latitude, lng: ask.drop.longitude, reference_id: 'drop' }],
        },
        timeoutMs: 10_000,
      });
    } catch (error) {
      const refused = error instanceof ProviderHttpError ? refusal(error.body) : undefined;
      if (refused && LOCATION_REFUSALS.has(refused.code)) return { outOfArea: refused.message };
      throw new PartnerUnavailable('dunzo', error);
    }
    const refused = refusal(answer);
    if (refused) {
      if (LOCATION_REFUSALS.has(refused.code)) return { outOfArea: refused.message };
      throw new PartnerUnavailable('dunzo', new Error(`${refused.code}: ${refused.message}`));
    }
    const price = Number(answer.estimated_price);
    const dropoff = Number(answer.eta?.dropoff);
    if (!Number.isFinite(price) || price < 0 || !Number.isFinite(dropoff) || dropoff < 0) {
      throw new PartnerUnavailable('dunzo', new Error('the quote has no estimated_price or eta'));
    }
    return { quote: { fare: price, currencyCode: account.currencyCode, etaMinutes: Math.ceil(dropoff), partnerRef: '' } };
  },
};
