import type { PriceBreakdown, PricedLine } from '../../../../contract/api/checkout.ts';
import type { PricedOrder } from './pricing-load.ts';
import type { PricingQuery } from './pricing-request.ts';
import { absolute, taxName, toMajor, type Vendor } from '../../vendors/index.ts';

/** The wire PriceBreakdown: display decimals, client prices echoed, images absolute. */
export function toBreakdown(vendor: Vendor, o: PricedOrder, query: PricingQuery, lang: string, baseUrl: string): PriceBreakdown {
  const major = (minor: number) => toMajor(vendor, minor);
  const lines = o.lines.map((line, i): PricedLine => {
    const priced = o.price.lines[i]!;
    return {
      item_id: line.item_id,
      name: line.name,
      image: line.image ? absolute(baseUrl, line.image) : '',
      item_type: line.item_type,
      selectCustoizeID: query.lines[i]?.option_ids ?? [],
      selected_type: line.options.map((opt) => opt.name),
      options: line.options.map((opt) => ({ option_id: opt.option_id, name: opt.name, price: major(opt.price_minor) })),
      quantity: line.quantity,
      unit_price: major(priced.unit_minor),
      client_price: query.lines[i]?.client_price ?? 0,
      price_changed: priced.price_changed ? 1 : 0,
      line_total: major(priced.line_total_minor),
      tax: major(priced.tax_minor),
      packaging_charge: major(priced.packaging_minor),
      is_available: line.is_available ? 1 : 0,
      stock: line.stock,
    };
  });
  const p = o.price;
  return {
    restaurant_id: o.store.id,
    order_mode: query.order_mode,
    lines,
    item_total: major(p.item_total_minor),
    tax: major(p.tax_minor),
    tax_name: taxName(vendor, lang),
    packaging_charge: major(p.packaging_minor),
    delivery_charge: major(p.delivery_minor),
    delivery_partner: o.partner?.partner ?? '',
    store_delivery_charge: major(p.store_delivery_minor),
    distance_km: p.distance_km,
    coupon_code: o.coupon_code,
    discount: major(p.discount_minor),
    cashback: major(p.cashback_minor),
    coupon_refusal: o.coupon_refusal,
    coupon_min_order: major(o.coupon_min_order_minor),
    driver_tip: major(p.tip_minor),
    total: major(p.total_minor),
    price_changed: p.price_changed ? 1 : 0,
    has_unavailable: p.has_unavailable ? 1 : 0,
    limit_refusal: o.limit?.limit ?? '',
    limit_maximum: !o.limit ? 0 : o.limit.limit === 'line_quantity' ? o.limit.maximum : major(o.limit.maximum),
    wallet_amount: major(o.wallet_minor),
  };
}
