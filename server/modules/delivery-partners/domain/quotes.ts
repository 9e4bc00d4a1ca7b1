/**
 * Partner quotes: asked for a customer, store and drop point, kept with their expiry (delivery_quotes),
 * and taken back by the bill and place_order, which charge exactly the kept fare.
 */
import { MAX_AMOUNT } from '../../../../contract/api/common.ts';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { DeliveryQuote } from '../../../../contract/api/delivery-partners.ts';
import { DELIVERY_PARTNER_TEXTS, QUOTE_DROP_TOLERANCE_M, type DeliveryPartnerName } from '../../../../contract/rules/delivery-partners.ts';
import { metresBetween, type GeoPoint } from '../../../../contract/rules/geo.ts';
import { toMinor } from '../../../../contract/rules/money.ts';
import type { Db } from '../../../db/pool.ts';
import { InputError } from '../../../errors.ts';
import { toMajor, type Vendor } from '../../vendors/index.ts';
import { PARTNER_ADAPTERS } from '../adapters/index.ts';
import { offeredAccount } from './accounts.ts';
import { PartnerUnavailable, QUOTE_VALID_MINUTES } from './kit.ts';

type Queryable = Db | pg.PoolClient;

/** What asking a partner came to: its quote, or why there is none. */
export type AskOutcome =
  | { quote: DeliveryQuote }
  /** The store is not one of the vendor's (active) stores. */
  | { refused: 'store_not_found' }
  /** The partner does not deliver between the store and the point (its words in `detail`). */
  | { refused: 'out_of_area'; detail: string }
  /** The vendor does not offer the partner, or the partner could not be asked. */
  | { refused: 'unavailable'; cause?: unknown };

export interface QuoteAskInput {
  vendor: Vendor;
  userId: number;
  partner: DeliveryPartnerName;
  restaurantId: number;
  drop: GeoPoint;
  /** Where the partner's API is (its live API, or its local double). */
  apiBase: string;
}

/** A new quote id: what the bill and place_order name the quote by. */
function newQuoteRef(): string {
  return `dq_${randomBytes(12).toString('base64url')}`;
}

/** Asks the partner and keeps its quote for QUOTE_VALID_MINUTES; the customer's lapsed quotes that no order used are let go. */
export async function askQuote(db: Db, input: QuoteAskInput): Promise<AskOutcome> {
  const { vendor, partner } = input;
  const account = await offeredAccount(db, vendor, partner);
  if (!account) return { refused: 'unavailable' };
  const { rows: [basis] } = await db.query<{ latitude: number; longitude: number; user_name: string | null; country_code: string | null; mobile_number: string | null }>(
    `SELECT r.latitude, r.longitude, u.user_name, u.country_code, u.mobile_number
     FROM restaurants r LEFT JOIN users u ON u.vendor_id = r.vendor_id AND u.id = $3
     WHERE r.vendor_id = $1 AND r.id = $2 AND r.is_active`,
    [vendor.id, input.restaurantId, input.userId],
  );
  if (!basis) return { refused: 'store_not_found' };
  let outcome;
  try {
    outcome = await PARTNER_ADAPTERS[partner].quote({
      pickup: { latitude: Number(basis.latitude), longitude: Number(basis.longitude) },
      drop: input.drop,
      customer: { name: basis.user_name?.trim() || 'Customer', countryCode: basis.country_code ?? '', mobile: basis.mobile_number ?? '' },
    }, account, input.apiBase);
  } catch (error) {
    if (error instanceof PartnerUnavailable) return { refused: 'unavailable', cause: error };
    throw error;
  }
  if ('outOfArea' in outcome) return { refused: 'out_of_area', detail: outcome.outOfArea };
  const quoted = outcome.quote;
  // A fare in another currency than the vendor's cannot be charged as it is; nor one past any amount we take.
  if (quoted.currencyCode !== vendor.currency_code || !Number.isFinite(quoted.fare) || quoted.fare < 0 || quoted.fare > MAX_AMOUNT) {
    return { refused: 'unavailable', cause: new Error(`${partner} quoted ${quoted.fare} ${quoted.currencyCode} for a vendor in ${vendor.currency_code}`) };
  }
  const fareMinor = toMinor(quoted.fare, vendor.currency_exponent);
  const etaMinutes = Math.max(0, Math.min(24 * 60, Math.ceil(quoted.etaMinutes)));
  const ref = newQuoteRef();
  const { rows: [kept] } = await db.query<{ expires_at: Date }>(
    `WITH lapsed AS (
       DELETE FROM delivery_quotes WHERE vendor_id = $1 AND user_id = $2 AND order_id IS NULL AND expires_at < now() - interval '1 hour')
     INSERT INTO delivery_quotes (vendor_id, quote_ref, user_id, restaurant_id, partner, partner_ref, fare_minor, currency_code, eta_minutes,
       drop_latitude, drop_longitude, expires_at)
     VALUES ($1, $3, $2, $4, $5, $6, $7, $8, $9, $10, $11, now() + make_interval(mins => $12))
     RETURNING expires_at`,
    [vendor.id, input.userId, ref, input.restaurantId, partner, quoted.partnerRef, fareMinor, vendor.currency_code, etaMinutes,
      input.drop.latitude, input.drop.longitude, QUOTE_VALID_MINUTES],
  );
  return {
    quote: {
      partner, quote_id: ref, delivery_charge: toMajor(vendor, fareMinor), eta_minutes: etaMinutes,
      expires_at: new Date(kept!.expires_at).toISOString(),
    },
  };
}

/** A kept quote an order is priced with. */
export interface ChosenQuote {
  /** The row's id (claimQuote). */
  id: number;
  partner: DeliveryPartnerName;
  quoteRef: string;
  /** The fare in the vendor's minor units: the order's delivery charge. */
  fareMinor: number;
  etaMinutes: number;
}

export interface QuoteChoice {
  vendor: Pick<Vendor, 'id' | 'currency_code'>;
  userId: number;
  storeId: number;
  partner: DeliveryPartnerName;
  quoteRef: string;
  /** The order's delivery address; undefined when the request names none. */
  drop: GeoPoint | undefined;
}

/**
 * The quote an order names, when it may be charged: this customer's, for this store, partner and
 * address (its drop point within QUOTE_DROP_TOLERANCE_M), in the vendor's currency, used by no order
 * and not past its time. Otherwise a 422 on quote_id: expired, or not valid for this order.
 */
export async function usableQuote(q: Queryable, choice: QuoteChoice): Promise<ChosenQuote> {
  const { rows: [row] } = await q.query<{
    id: number; fare_minor: number; eta_minutes: number; currency_code: string; drop_latitude: number; drop_longitude: number;
    order_id: number | null; expired: boolean;
  }>(
    `SELECT id, fare_minor, eta_minutes, currency_code, drop_latitude, drop_longitude, order_id, expires_at <= now() AS expired
     FROM delivery_quotes WHERE vendor_id = $1 AND quote_ref = $2 AND user_id = $3 AND restaurant_id = $4 AND partner = $5`,
    [choice.vendor.id, choice.quoteRef, choice.userId, choice.storeId, choice.partner],
  );
  const invalid = () => InputError.on('quote_id', DELIVERY_PARTNER_TEXTS.quoteInvalid);
  if (!row || row.order_id !== null || row.currency_code !== choice.vendor.currency_code || !choice.drop) throw invalid();
  if (metresBetween({ latitude: Number(row.drop_latitude), longitude: Number(row.drop_longitude) }, choice.drop) > QUOTE_DROP_TOLERANCE_M) throw invalid();
  if (row.expired) throw InputError.on('quote_id', DELIVERY_PARTNER_TEXTS.quoteExpired);
  return { id: Number(row.id), partner: choice.partner, quoteRef: choice.quoteRef, fareMinor: Number(row.fare_minor), etaMinutes: row.eta_minutes };
}

/**
 * The placed order takes the quote (inside place_order's transaction): the quote is marked as its own and
 * the order goes out with the partner. A quote another order took meanwhile answers 422 on quote_id.
 */
export async function claimQuote(c: pg.PoolClient, vendorId: number, quote: ChosenQuote, orderId: number): Promise<void> {
  const { rows } = await c.query(
    `WITH claimed AS (
       UPDATE delivery_quotes SET order_id = $3 WHERE vendor_id = $1 AND id = $2 AND order_id IS NULL RETURNING id)
     UPDATE orders SET delivery_partner = $4 WHERE vendor_id = $1 AND id = $3 AND EXISTS (SELECT 1 FROM claimed) RETURNING id`,
    [vendorId, quote.id, orderId, quote.partner],
  );
  if (rows.length !== 1) throw InputError.on('quote_id', DELIVERY_PARTNER_TEXTS.quoteInvalid);
}
