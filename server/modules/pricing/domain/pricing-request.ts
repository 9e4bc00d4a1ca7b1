import type { Static } from '@sinclair/typebox';
import type { PricingRequest } from '../../../../contract/api/checkout.ts';
import type { OrderModeName } from '../../../../contract/api/order-states.ts';
import type { DeliveryPartnerName } from '../../../../contract/rules/delivery-partners.ts';

/** A cart line of an order being priced. */
export interface LineRequest {
  item_id: number;
  quantity: number;
  option_ids: number[];
  /** The unit price the client showed, display units. */
  client_price: number;
}

/** An order being priced, as the domain reads it. */
export interface PricingQuery {
  restaurant_id: number;
  order_mode: OrderModeName;
  lines: LineRequest[];
  coupon_code: string;
  /** Display units, ≥ 0. */
  driver_tip: number;
  shiping_id: number | undefined;
  schedule_at: string;
  /** Delivery by a partner, with its quote (both or neither; delivery only). A subscription's delivery has neither. */
  delivery_partner?: DeliveryPartnerName | undefined;
  quote_id?: string | undefined;
}

/** The pricing request (already checked against its schema) as a PricingQuery. */
export function toPricingQuery(body: Static<typeof PricingRequest>): PricingQuery {
  return {
    restaurant_id: body.restaurant_id,
    order_mode: body.order_mode,
    lines: body.lines.map((line) => ({
      item_id: line.item_id, quantity: line.quantity, option_ids: [...(line.selectCustoizeID ?? [])], client_price: line.price,
    })),
    coupon_code: (body.coupon_code ?? '').trim(),
    driver_tip: body.driver_tip ?? 0,
    shiping_id: typeof body.shiping_id === 'number' ? body.shiping_id : undefined,
    schedule_at: (body.schedule_at ?? '').trim(),
    delivery_partner: body.delivery_partner,
    quote_id: body.quote_id,
  };
}
