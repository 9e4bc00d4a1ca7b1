/** Test data for the cart, checkout and payment unit tests. */
import type { PriceBreakdown, PricedLine } from '../../../contract/api/checkout.ts';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import type { CartLine } from '../cart/cart.ts';

export function cartLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    restaurant_id: 1, item_id: 10, name: 'Margherita', price: 12, selected_type: [], quantity: 2, itemTotalQuantity: 5,
    selectCustoizeID: [], selectCustoizePrice: [], itemQuntity: 1, item_type: 0, item_price: 12, image: '', saveprice: 0,
    item_tax: 0, mrp: 12, packaging_charge: 0, ...overrides,
  };
}

export function priced(line: CartLine, overrides: Partial<PricedLine> = {}): PricedLine {
  return {
    item_id: line.item_id, name: line.name, image: '', item_type: line.item_type, selectCustoizeID: line.selectCustoizeID,
    selected_type: line.selected_type, options: [], quantity: line.quantity, unit_price: line.price, client_price: line.price,
    price_changed: 0, line_total: line.price * line.quantity, tax: 0, packaging_charge: 0, is_available: 1, stock: null, ...overrides,
  };
}

export function breakdown(lines: PricedLine[], overrides: Partial<PriceBreakdown> = {}): PriceBreakdown {
  const itemTotal = lines.reduce((sum, line) => sum + line.line_total, 0);
  return {
    restaurant_id: 1, order_mode: 'delivery', lines, item_total: itemTotal, tax: 0, tax_name: 'Sales tax', packaging_charge: 0,
    delivery_charge: 3, distance_km: 1.2, coupon_code: '', discount: 0, cashback: 0, coupon_refusal: '', coupon_min_order: 0,
    driver_tip: 0, total: itemTotal + 3, price_changed: lines.some((line) => line.price_changed === 1) ? 1 : 0,
    has_unavailable: 0, limit_refusal: '', limit_maximum: 0, wallet_amount: 20, ...overrides,
  };
}

export const store: RestaurantDetail = {
  restaurant_id: 1, name: 'Golden Gate Pizzeria', slug: 'ggp', icon_image: '', restaurant_on_off: '1', restaurant_type: '1', rating: 4.5,
  cuisine_name: [], delivery_time: 30, delivery_times: '25-35 min', two_person_price: 30, discount_text: '', is_show_customer_app: 1,
  show_customer_app: 'time', is_pre_order: 0, distance: 1, latitude: 37.8, longitude: -122.41, address: '1520 Stockton St',
  minimum_order_value: 15, minimum_admin_commision: 0, packaging_charge: 0, description: '', phone: '', time_zone: 'America/Los_Angeles',
  opening_hours: [], delivery_radius_km: 6, has_delivery_zone: 0, accepts_scheduled_orders: 1,
};
