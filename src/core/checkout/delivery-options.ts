/**
 * The rules of the checkout's "Delivery by" choice (docs/behaviour.md#delivery-partners), without state:
 * which options there are, which one stands, what the bill and place_order send for it, and when a
 * partner's quote is asked for again. delivery-partners.ts keeps the state and asks the partners.
 */
import type { DeliveryQuote } from '../../../contract/api/delivery-partners.ts';
import type { VendorSettings } from '../../../contract/api/settings.ts';
import { isDeliveryPartnerName, type DeliveryPartnerName } from '../../../contract/rules/delivery-partners.ts';

/** The store's own delivery, or a partner's. */
export type DeliveryChoice = 'store' | DeliveryPartnerName;

/** Where a partner's quote stands. */
export type PartnerQuoteState =
  | { status: 'loading' }
  /** `receivedAt`: the browser's time when it came (its lifetime is measured from then). */
  | { status: 'ready'; quote: DeliveryQuote; receivedAt: number }
  /** 101: the partner cannot deliver to this address ('out_of_area'), or is not available now. */
  | { status: 'unavailable'; reason: 'out_of_area' | 'not_available' }
  /** No answer (network, server failure). */
  | { status: 'failed' };

export type PartnerQuotes = Partial<Record<DeliveryPartnerName, PartnerQuoteState>>;

export interface DeliveryOption {
  choice: DeliveryChoice;
  /** Whether the customer can pick it now (a partner with a quote). */
  selectable: boolean;
  /** A partner's quote state; undefined for the store's own delivery. */
  state?: PartnerQuoteState;
}

/** A quote is asked for again this long before it lapses. */
export const QUOTE_RENEW_MARGIN_MS = 60_000;
/** A quote is no longer sent this long before it lapses (the request must reach the server in time). */
export const QUOTE_SEND_MARGIN_MS = 5_000;
/**
 * The bounds of a quote's lifetime as the browser counts it: its expires_at less the time it came, on the
 * browser's clock, which may be off the server's; within these the storefront neither asks again at once
 * nor keeps a quote past what any partner gives.
 */
export const QUOTE_LIFETIME_MIN_MS = 60_000;
export const QUOTE_LIFETIME_MAX_MS = 30 * 60_000;

/** The partners the vendor's settings offer (delivery_partners): known ones, each once, in the vendor's order. */
export function partnersOffered(settings: Pick<VendorSettings, 'delivery_partners'> | null): DeliveryPartnerName[] {
  const listed = Array.isArray(settings?.delivery_partners) ? settings.delivery_partners : [];
  return [...new Set(listed.filter(isDeliveryPartnerName))];
}

/** The options of "Delivery by": the store's own delivery first, then each offered partner with its quote. */
export function deliveryOptions(partners: readonly DeliveryPartnerName[], quotes: PartnerQuotes): DeliveryOption[] {
  return [
    { choice: 'store', selectable: true },
    ...partners.map((partner): DeliveryOption => {
      const state = quotes[partner] ?? { status: 'loading' };
      return { choice: partner, selectable: state.status === 'ready', state };
    }),
  ];
}

/** How long a quote lives, counted from when it came, within the bounds. */
export function quoteLifetimeMs(quote: Pick<DeliveryQuote, 'expires_at'>, receivedAt: number): number {
  const expires = Date.parse(quote.expires_at);
  const lifetime = Number.isFinite(expires) ? expires - receivedAt : QUOTE_LIFETIME_MIN_MS;
  return Math.min(QUOTE_LIFETIME_MAX_MS, Math.max(QUOTE_LIFETIME_MIN_MS, lifetime));
}

/** Whether a partner's quote may still be sent at `now`. */
export function isQuoteUsable(state: PartnerQuoteState | undefined, now: number): state is Extract<PartnerQuoteState, { status: 'ready' }> {
  return state?.status === 'ready' && now < state.receivedAt + quoteLifetimeMs(state.quote, state.receivedAt) - QUOTE_SEND_MARGIN_MS;
}

/**
 * The choice that stands: the chosen partner while the vendor offers it and its quote may be sent, else
 * the first option (the store's own delivery).
 */
export function standingChoice(choice: DeliveryChoice, partners: readonly DeliveryPartnerName[], quotes: PartnerQuotes, now: number): DeliveryChoice {
  if (choice === 'store') return 'store';
  return partners.includes(choice) && isQuoteUsable(quotes[choice], now) ? choice : 'store';
}

/** What the bill and place_order send for the choice: the partner and its quote, or nothing for the store's own delivery. */
export function partnerFields(
  choice: DeliveryChoice, quotes: PartnerQuotes, now: number,
): { delivery_partner: DeliveryPartnerName; quote_id: string } | Record<string, never> {
  if (choice === 'store') return {};
  const state = quotes[choice];
  return isQuoteUsable(state, now) ? { delivery_partner: choice, quote_id: state.quote.quote_id } : {};
}

/** A key that changes whenever what the bill is priced with changes (the choice, or the chosen partner's quote). */
export function selectionKey(choice: DeliveryChoice, quotes: PartnerQuotes): string {
  if (choice === 'store') return 'store';
  const state = quotes[choice];
  return `${choice}:${state?.status === 'ready' ? state.quote.quote_id : ''}`;
}

/** Milliseconds until a quote is to be asked for again (the first of the ready ones to near its end); undefined when none is ready. */
export function renewDelay(quotes: PartnerQuotes, now: number): number | undefined {
  let first: number | undefined;
  for (const state of Object.values(quotes)) {
    if (state?.status !== 'ready') continue;
    const lifetime = quoteLifetimeMs(state.quote, state.receivedAt);
    const at = state.receivedAt + lifetime - Math.min(QUOTE_RENEW_MARGIN_MS, lifetime / 2);
    first = first === undefined ? at : Math.min(first, at);
  }
  return first === undefined ? undefined : Math.max(0, first - now);
}
