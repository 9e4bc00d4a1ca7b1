/**
 * Order pricing in integer minor units (pure: no database, no clock).
 *
 * unit price  = item price + chosen option prices
 * line total  = unit × quantity
 * tax         = per line, line total × tax percent / 100, rounded half-up to the minor unit
 * packaging   = Σ item packaging × quantity + the store's packaging charge once
 * delivery    = delivery only: the delivery partner's quoted fare when the customer chose a partner,
 *               else the store's charge + ceil(max(0, km − free km)) × per-km charge
 * discount    = from the coupon, on the item total only, never above it
 * tip         = delivery only
 * total       = item total + tax + packaging + delivery − discount + tip (never below 0)
 *
 * Client prices are compared (price_changed), never used.
 */

import { percentOf } from '../../../../contract/rules/money.ts';

export type OrderMode = 'delivery' | 'pickup';

export interface PricingOption {
  option_id: number;
  name: string;
  price_minor: number;
}

/** One cart line resolved against the store's own data. */
export interface PricingLine {
  item_id: number;
  name: string;
  image: string;
  item_type: 0 | 1;
  quantity: number;
  item_price_minor: number;
  options: PricingOption[];
  /** Percent with up to 2 decimals, e.g. 8.25. */
  tax_percent: number;
  packaging_minor: number;
  is_available: boolean;
  /** Units left, null for unlimited. */
  stock: number | null;
  /** The unit price the client showed, already in minor units. */
  client_price_minor: number;
}

export interface StoreCharges {
  packaging_minor: number;
  delivery_charge_minor: number;
  delivery_free_km: number;
  delivery_per_km_minor: number;
}

export interface CouponTerms {
  discount_type: 'percent' | 'flat';
  /** Percent with up to 2 decimals. */
  discount_percent: number;
  discount_flat_minor: number;
  /** null = no cap. */
  max_discount_minor: number | null;
  min_order_minor: number;
  cashback_minor: number;
  is_free_order: boolean;
}

export interface PricingInput {
  mode: OrderMode;
  lines: PricingLine[];
  store: StoreCharges;
  /** Straight-line km from the store to the address; null when unknown or pickup. */
  distance_km: number | null;
  coupon?: CouponTerms | undefined;
  tip_minor: number;
  /** The fare of the delivery partner's quote the customer chose (delivery only); undefined for the store's own delivery. */
  partner_fare_minor?: number | undefined;
}

export interface PricedLineMinor {
  unit_minor: number;
  line_total_minor: number;
  tax_minor: number;
  packaging_minor: number;
  price_changed: boolean;
  /** Short of stock or switched off. */
  unavailable: boolean;
}

/** The coupon refusals pricing itself decides (the rest need the clock or the database). */
export type PricingCouponRefusal = 'minimum_order' | 'single_item_only';

export interface PriceMinor {
  lines: PricedLineMinor[];
  item_total_minor: number;
  tax_minor: number;
  packaging_minor: number;
  delivery_minor: number;
  /** What the store's own delivery charges for the distance (delivery only), shown beside a partner's fare. */
  store_delivery_minor: number;
  /** Rounded to 2 decimals; null for pickup or an unknown address. */
  distance_km: number | null;
  discount_minor: number;
  cashback_minor: number;
  tip_minor: number;
  total_minor: number;
  coupon_refusal: PricingCouponRefusal | '';
  price_changed: boolean;
  has_unavailable: boolean;
}

export function deliveryCharge(store: StoreCharges, distanceKm: number | null): number {
  if (distanceKm === null) return store.delivery_charge_minor;
  // Compare in hundredths of a km: the distance is stored with 2 decimals.
  const extraHundredths = Math.max(0, Math.round(distanceKm * 100) - Math.round(store.delivery_free_km * 100));
  return store.delivery_charge_minor + Math.ceil(extraHundredths / 100) * store.delivery_per_km_minor;
}

/**
 * Which delivery charge applies: the fare of the delivery partner's quote when the customer chose a
 * partner (exactly as quoted), else the store's own charge for the distance.
 */
export function appliedDeliveryCharge(store: StoreCharges, distanceKm: number | null, partnerFareMinor: number | undefined): number {
  return partnerFareMinor ?? deliveryCharge(store, distanceKm);
}

/** The coupon's discount on an item total; '' refusal when it applies. */
export function couponDiscount(
  coupon: CouponTerms,
  lines: Array<Pick<PricingLine, 'quantity'> & { line_total_minor: number }>,
  itemTotalMinor: number,
): { discount_minor: number; cashback_minor: number; refusal: PricingCouponRefusal | '' } {
  const refused = (refusal: PricingCouponRefusal) => ({ discount_minor: 0, cashback_minor: 0, refusal });
  if (coupon.is_free_order) {
    // A free-order coupon is valid only for an order of one line with quantity 1.
    const only = lines[0];
    if (lines.length !== 1 || !only || only.quantity !== 1) return refused('single_item_only');
  }
  if (itemTotalMinor < coupon.min_order_minor) return refused('minimum_order');
  let discount: number;
  if (coupon.is_free_order) discount = lines[0]?.line_total_minor ?? 0;
  else if (coupon.discount_type === 'flat') discount = coupon.discount_flat_minor;
  else discount = percentOf(itemTotalMinor, coupon.discount_percent);
  if (coupon.max_discount_minor !== null) discount = Math.min(discount, coupon.max_discount_minor);
  discount = Math.max(0, Math.min(discount, itemTotalMinor));
  return { discount_minor: discount, cashback_minor: coupon.cashback_minor, refusal: '' };
}

export function priceOrder(input: PricingInput): PriceMinor {
  const delivery = input.mode === 'delivery';
  const lines = input.lines.map((line): PricedLineMinor => {
    const unit = line.item_price_minor + line.options.reduce((sum, o) => sum + o.price_minor, 0);
    const total = unit * line.quantity;
    return {
      unit_minor: unit,
      line_total_minor: total,
      tax_minor: percentOf(total, line.tax_percent),
      packaging_minor: line.packaging_minor * line.quantity,
      price_changed: unit !== line.client_price_minor,
      unavailable: !line.is_available || (line.stock !== null && line.stock < line.quantity),
    };
  });
  const sum = (pick: (l: PricedLineMinor) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const itemTotal = sum((l) => l.line_total_minor);
  const tax = sum((l) => l.tax_minor);
  const packaging = lines.length ? sum((l) => l.packaging_minor) + input.store.packaging_minor : 0;
  const distance = delivery && input.distance_km !== null ? Math.round(input.distance_km * 100) / 100 : null;
  const storeDeliveryMinor = delivery ? deliveryCharge(input.store, distance) : 0;
  const deliveryMinor = delivery ? appliedDeliveryCharge(input.store, distance, input.partner_fare_minor) : 0;
  const tip = delivery ? Math.max(0, input.tip_minor) : 0;

  const coupon = input.coupon
    ? couponDiscount(input.coupon, input.lines.map((l, i) => ({ quantity: l.quantity, line_total_minor: lines[i]?.line_total_minor ?? 0 })), itemTotal)
    : { discount_minor: 0, cashback_minor: 0, refusal: '' as const };

  const total = Math.max(0, itemTotal + tax + packaging + deliveryMinor - coupon.discount_minor + tip);
  return {
    lines,
    item_total_minor: itemTotal,
    tax_minor: tax,
    packaging_minor: packaging,
    delivery_minor: deliveryMinor,
    store_delivery_minor: storeDeliveryMinor,
    distance_km: distance,
    discount_minor: coupon.discount_minor,
    cashback_minor: coupon.cashback_minor,
    tip_minor: tip,
    total_minor: total,
    coupon_refusal: coupon.refusal,
    price_changed: lines.some((l) => l.price_changed),
    has_unavailable: lines.some((l) => l.unavailable),
  };
}
