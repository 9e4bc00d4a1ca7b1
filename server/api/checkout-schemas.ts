import { Type, type Static } from '@sinclair/typebox';
import { Base } from './schemas.ts';

// Schemas of the offers, pricing, checkout and payment calls. Cart lines are checked by
// domain/pricing-load.ts (checkLines) so a bad line answers with its path, e.g. lines.2.quantity.

const RowId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const OptionalId = Type.Union([RowId, Type.Literal('')]);
const OrderMode = Type.Unsafe<'delivery' | 'pickup'>({ type: 'string', enum: ['delivery', 'pickup'] });

export const CouponListingBody = Type.Object({
  ...Base,
  coupon_type: Type.Optional(Type.Unsafe<'Delivery' | 'Pickup' | ''>({ type: 'string', enum: ['Delivery', 'Pickup', ''] })),
  user_id: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 40 })])),
  cityname: Type.Optional(Type.String()),
  latitude: Type.Optional(Type.Union([Type.Number(), Type.String()])),
  longitude: Type.Optional(Type.Union([Type.Number(), Type.String()])),
  restaurant_id: Type.Optional(OptionalId),
});
export type CouponListingBody = Static<typeof CouponListingBody>;

const pricing = {
  ...Base,
  restaurant_id: RowId,
  order_mode: OrderMode,
  lines: Type.Array(Type.Unknown()),
  coupon_code: Type.Optional(Type.String({ maxLength: 50 })),
  driver_tip: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
  shiping_id: Type.Optional(OptionalId),
  schedule_at: Type.Optional(Type.String({ maxLength: 40 })),
};

export const PricingBody = Type.Object(pricing);
export type PricingBody = Static<typeof PricingBody>;

export const CouponRedeemBody = Type.Object({ ...pricing, coupon_code: Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' }) });

export const PlaceOrderBody = Type.Object({
  ...pricing,
  idempotency_key: Type.String({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_:.-]+$' }),
  payment_method: Type.Unsafe<'wallet' | 'cash' | 'online'>({ type: 'string', enum: ['wallet', 'cash', 'online'] }),
  expected_total: Type.Number({ minimum: 0 }),
  return_url: Type.Optional(Type.String({ maxLength: 2000 })),
  order_images: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10 })),
  note: Type.Optional(Type.String({ maxLength: 500 })),
});
export type PlaceOrderBody = Static<typeof PlaceOrderBody>;

export const OrderIdBody = Type.Object({ ...Base, order_id: RowId });
export type OrderIdBody = Static<typeof OrderIdBody>;
