/**
 * The delivery partners' adapter kit: what a quote is asked with, what a partner answers, and what
 * each partner's adapter (../adapters) gives. An adapter speaks its partner's API through
 * providerFetch (the payments kit's JSON over HTTP) against a base URL: the partner's live API, or its
 * local double (PAYMENT_DOUBLES_URL/<partner>, server/doubles/delivery).
 */
import type { DeliveryPartnerName } from '../../../../contract/rules/delivery-partners.ts';
import type { GeoPoint } from '../../../../contract/rules/geo.ts';

/** A vendor's account at a partner (vendor_delivery_partners). Never in an answer. */
export interface PartnerAccount {
  /** Porter: the x-api-key; Dunzo: the Authorization token. */
  apiKey: string;
  /** Dunzo: the client-id; '' where the partner has none. */
  clientId: string;
  /** The currency the partner quotes this account in. */
  currencyCode: string;
}

/** What a quote is asked for: from the store to the customer's point, for this customer. */
export interface QuoteAsk {
  pickup: GeoPoint;
  drop: GeoPoint;
  /** Porter asks for the customer's name and mobile number. */
  customer: { name: string; countryCode: string; mobile: string };
}

/** A partner's price for the delivery. */
export interface PartnerQuote {
  /** The fare in major units of `currencyCode`. */
  fare: number;
  currencyCode: string;
  /** Minutes until the order reaches the drop point, as the partner estimates (or as its adapter derives it). */
  etaMinutes: number;
  /** The partner's own id of the quote ('' when it gives none). */
  partnerRef: string;
}

/** The partner answered: a quote, or that it does not deliver between these points (its words in `detail`). */
export type QuoteOutcome = { quote: PartnerQuote } | { outOfArea: string };

/** The partner could not be asked (no answer, refused keys, a failure of its own): nothing to offer now. */
export class PartnerUnavailable extends Error {
  constructor(readonly partner: DeliveryPartnerName, cause: unknown) {
    super(`${partner} could not be asked for a quote`, { cause });
    this.name = 'PartnerUnavailable';
  }
}

export interface DeliveryPartnerAdapter {
  readonly name: DeliveryPartnerName;
  readonly facts: {
    /** The partner's production API (its base URL, no trailing slash). */
    liveApi: string;
    /** The currencies it quotes in. */
    currencies: readonly string[];
  };
  /** Asks the partner for a quote; throws PartnerUnavailable when it cannot be asked. */
  quote(ask: QuoteAsk, account: PartnerAccount, apiBase: string): Promise<QuoteOutcome>;
}

/** How long a quote is taken after it was given (neither partner's reference says; we keep ten minutes). */
export const QUOTE_VALID_MINUTES = 10;

/** The digits of a currency's minor unit, for the partners' currencies (INR: paise). */
export function minorDigitsOf(currencyCode: string): number {
  return ({ INR: 2 } as Record<string, number>)[currencyCode] ?? 2;
}
