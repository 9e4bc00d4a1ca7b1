/**
 * Third-party delivery partners (the spec's `get_porter_delivery_charge` and `get-dunzo-quotation`):
 * a signed-in customer asks what a partner charges to bring an order from a store to a point, and the
 * checkout offers the quote beside the store's own delivery. The quote is kept on the server until it
 * expires: the bill and place_order take it by `delivery_partner` and `quote_id` (contract/api/checkout.ts)
 * and charge exactly its fare as the order's delivery charge.
 *
 * Which partners a vendor offers is in the settings (`delivery_partners`, contract/api/settings.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { DeliveryPartnerName } from '../rules/delivery-partners.ts';
import { BaseFields, Latitude, Longitude, post, RowId, type Envelope } from './common.ts';

/** The store the order comes from and the point it goes to (the delivery address's coordinates). */
export const DeliveryQuoteRequest = Type.Object({
  ...BaseFields,
  restaurant_id: RowId,
  latitude: Latitude,
  longitude: Longitude,
});
export type DeliveryQuoteRequest = Static<typeof DeliveryQuoteRequest>;

/** A partner's price for one delivery, kept by the server until `expires_at`. */
export interface DeliveryQuote {
  partner: DeliveryPartnerName;
  /** What the bill and place_order name the quote by. */
  quote_id: string;
  /** The fare, in the vendor's currency (display units), charged as the order's delivery charge. */
  delivery_charge: number;
  /** The partner's estimate of minutes until the order reaches the point. */
  eta_minutes: number;
  /** ISO instant after which the quote is no longer taken: ask for a new one. */
  expires_at: string;
}

export const deliveryPartnerCalls = {
  /**
   * Porter's quote for the store and the point. Code 101 with a msg when Porter cannot deliver there
   * ('This delivery partner cannot deliver to this address'), or is not offered or not reachable
   * ('This delivery partner is not available right now').
   */
  get_porter_delivery_charge: post(DeliveryQuoteRequest).answers<Envelope<DeliveryQuote>>(),
  /** Dunzo's quote, as get_porter_delivery_charge. */
  'get-dunzo-quotation': post(DeliveryQuoteRequest).answers<Envelope<DeliveryQuote>>(),
} as const;
