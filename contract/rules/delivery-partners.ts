/**
 * Third-party delivery partners a vendor can offer beside its stores' own delivery: the name stored
 * with each account and quote, the name a customer reads, and the spec's call that asks the partner
 * for a quote (the spec names them as they are, one with underscores and one with hyphens).
 */
export const DELIVERY_PARTNERS = {
  porter: { title: 'Porter', quoteCall: 'get_porter_delivery_charge' },
  dunzo: { title: 'Dunzo', quoteCall: 'get-dunzo-quotation' },
} as const satisfies Record<string, { title: string; quoteCall: string }>;

export type DeliveryPartnerName = keyof typeof DELIVERY_PARTNERS;
export type DeliveryQuoteCallName = (typeof DELIVERY_PARTNERS)[DeliveryPartnerName]['quoteCall'];

export const DELIVERY_PARTNER_NAMES = Object.keys(DELIVERY_PARTNERS) as DeliveryPartnerName[];

/** Whether `name` is one of the partners (an own-key check, so 'constructor' is none). */
export function isDeliveryPartnerName(name: unknown): name is DeliveryPartnerName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(DELIVERY_PARTNERS, name);
}

/**
 * A quote's drop point and the order's delivery address may differ by this much (metres): the
 * storefront asks with the saved address's own coordinates, so only rounding is allowed for.
 */
export const QUOTE_DROP_TOLERANCE_M = 100;

/** The server's English texts about partner quotes (contract/rules/refusals.ts gives them keys). */
export const DELIVERY_PARTNER_TEXTS = {
  /** 101 from a quote call: the partner does not deliver between the store and this point. */
  outOfArea: 'This delivery partner cannot deliver to this address',
  /** 101 from a quote call: the vendor has no such partner enabled, or the partner could not be reached. */
  unavailable: 'This delivery partner is not available right now',
  /** 422 on quote_id: the quote's time is over; ask for a new one. */
  quoteExpired: 'This delivery price has expired. Please check the new price.',
  /** 422 on quote_id: not a quote of this customer, store, partner and address, or already used by an order. */
  quoteInvalid: 'This delivery price is not valid for this order. Please check the new price.',
  /** 422 on delivery_partner / quote_id: one was sent without the other. */
  quoteMissing: 'Choose a delivery partner and its price together',
} as const;
