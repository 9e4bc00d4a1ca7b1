/**
 * The ecommerce events the storefront reports, in Google Analytics 4's recommended names and parameters,
 * and their Meta Pixel standard events. Built only from what an event may carry: ids, item names,
 * categories, prices, quantities, the order mode and the way to pay. Nothing about the customer (no
 * phone, email, name or address) has a field here to go into.
 */
import type { HostEventMap } from '../platform/host-events.ts';
import type { OrderDetail } from '../../../contract/api/orders.ts';
import type { OrderModeName, PaymentMethod } from '../../../contract/api/order-states.ts';
import { cartLineKey } from '../../../contract/rules/cart-line.ts';
import { fromMinor, toMinor } from '../../../contract/rules/money.ts';
import type { CartLine } from '../cart/cart.ts';

/** The GA4 recommended ecommerce events the storefront sends. */
export type EcommerceEventName =
  | 'view_item_list' | 'select_item' | 'view_item' | 'add_to_cart' | 'remove_from_cart' | 'view_cart'
  | 'begin_checkout' | 'add_shipping_info' | 'add_payment_info' | 'purchase' | 'refund';

/** One item of an event (GA4's item parameters). */
export interface EventItem {
  item_id: string;
  item_name: string;
  price: number;
  quantity: number;
  item_category?: string;
  /** The chosen options, joined. */
  item_variant?: string;
  item_list_id?: string;
  item_list_name?: string;
  index?: number;
}

export interface EcommerceParams {
  currency: string;
  value?: number;
  items: EventItem[];
  item_list_id?: string;
  item_list_name?: string;
  transaction_id?: string;
  tax?: number;
  shipping?: number;
  coupon?: string;
  shipping_tier?: string;
  payment_type?: string;
}

export interface EcommerceEvent {
  name: EcommerceEventName;
  params: EcommerceParams;
}

/** GA4 takes at most 200 items in one event. */
export const MAX_EVENT_ITEMS = 200;

/** Meta Pixel's standard event for each GA4 event that has one. */
export const META_EVENTS: Partial<Record<EcommerceEventName, string>> = {
  view_item: 'ViewContent',
  add_to_cart: 'AddToCart',
  begin_checkout: 'InitiateCheckout',
  add_payment_info: 'AddPaymentInfo',
  purchase: 'Purchase',
};

/** Money as events carry it: a number rounded to the currency's smallest unit (the money rule's cents). */
function amount(value: number): number {
  return fromMinor(toMinor(value));
}

/** The menu's id as lists are named in events. */
export function menuListId(restaurantId: number): string {
  return `menu_${restaurantId}`;
}

/** view_item_list: the items of a store's menu, in menu order, each with its category. */
export function menuListEvent(restaurantId: number, storeName: string, categories: HostEventMap['sf-menu-view']['categories'], currency: string): EcommerceEvent {
  const listId = menuListId(restaurantId);
  const items = categories.flatMap((category) => category.items.map((item) => ({ item, category: category.name })))
    .slice(0, MAX_EVENT_ITEMS)
    .map(({ item, category }, index): EventItem => ({ ...menuItem(item, category), index, item_list_id: listId, item_list_name: storeName }));
  return { name: 'view_item_list', params: { currency, item_list_id: listId, item_list_name: storeName, items } };
}

/** An item of a menu, as host events carry it. */
type ShownItem = Pick<HostEventMap['sf-item-view']['item'], 'item_id' | 'name' | 'price'>;

function menuItem(item: ShownItem, category: string | undefined): EventItem {
  return {
    item_id: String(item.item_id), item_name: item.name, price: amount(item.price), quantity: 1,
    ...(category ? { item_category: category } : {}),
  };
}

/** select_item and view_item: the customer opened an item of a store's menu. */
export function itemEvents(restaurantId: number, storeName: string, item: ShownItem, category: string | undefined, currency: string): EcommerceEvent[] {
  const listId = menuListId(restaurantId);
  const listed = { ...menuItem(item, category), item_list_id: listId, item_list_name: storeName };
  return [
    { name: 'select_item', params: { currency, item_list_id: listId, item_list_name: storeName, items: [listed] } },
    { name: 'view_item', params: { currency, value: listed.price, items: [menuItem(item, category)] } },
  ];
}

/** An ordered item (a cart line, an order's line) as an event's item: its unit price with options, its options as the variant. */
function orderedItem(
  line: { item_id: number; name: string; selected_type: readonly string[] }, unitPrice: number, quantity: number,
  categoryOf: (itemId: number) => string | undefined,
): EventItem {
  const category = categoryOf(line.item_id);
  return {
    item_id: String(line.item_id), item_name: line.name, price: amount(unitPrice), quantity,
    ...(category ? { item_category: category } : {}),
    ...(line.selected_type.length > 0 ? { item_variant: line.selected_type.join(', ') } : {}),
  };
}

/** A cart line as an event's item. */
export function lineItem(line: CartLine, categoryOf: (itemId: number) => string | undefined, quantity = line.quantity): EventItem {
  return orderedItem(line, line.price, quantity, categoryOf);
}

function itemsValue(items: readonly EventItem[]): number {
  return fromMinor(items.reduce((sum, item) => sum + toMinor(item.price) * item.quantity, 0));
}

/** What one cart change adds and removes, by line (same item and options), as add_to_cart and remove_from_cart. */
export function cartChangeEvents(
  before: readonly CartLine[], after: readonly CartLine[], categoryOf: (itemId: number) => string | undefined, currency: string,
): EcommerceEvent[] {
  const was = new Map(before.map((line) => [cartLineKey(line), line]));
  const now = new Map(after.map((line) => [cartLineKey(line), line]));
  const added: EventItem[] = [];
  const removed: EventItem[] = [];
  for (const [lineKey, line] of now) {
    const more = line.quantity - (was.get(lineKey)?.quantity ?? 0);
    if (more > 0) added.push(lineItem(line, categoryOf, more));
  }
  for (const [lineKey, line] of was) {
    const fewer = line.quantity - (now.get(lineKey)?.quantity ?? 0);
    if (fewer > 0) removed.push(lineItem(line, categoryOf, fewer));
  }
  const events: EcommerceEvent[] = [];
  if (removed.length > 0) events.push({ name: 'remove_from_cart', params: { currency, value: itemsValue(removed), items: removed } });
  if (added.length > 0) events.push({ name: 'add_to_cart', params: { currency, value: itemsValue(added), items: added } });
  return events;
}

/** view_cart, begin_checkout, add_shipping_info (with the order mode) and add_payment_info (with the way to pay): the cart as it stands. */
export function cartEvent(
  name: 'view_cart' | 'begin_checkout' | 'add_shipping_info' | 'add_payment_info',
  lines: readonly CartLine[], categoryOf: (itemId: number) => string | undefined, currency: string,
  extra: { coupon?: string; orderMode?: OrderModeName; paymentMethod?: PaymentMethod } = {},
): EcommerceEvent {
  const items = lines.slice(0, MAX_EVENT_ITEMS).map((line) => lineItem(line, categoryOf));
  return {
    name,
    params: {
      currency, value: itemsValue(items), items,
      ...(extra.coupon ? { coupon: extra.coupon } : {}),
      ...(extra.orderMode ? { shipping_tier: extra.orderMode } : {}),
      ...(extra.paymentMethod ? { payment_type: extra.paymentMethod } : {}),
    },
  };
}

/** An order's lines as items. */
function orderItems(order: OrderDetail, categoryOf: (itemId: number) => string | undefined): EventItem[] {
  return order.lines.slice(0, MAX_EVENT_ITEMS).map((line) => orderedItem(line, line.unit_price, line.quantity, categoryOf));
}

/**
 * purchase: the order as the server charged it. value is what the customer pays (the order's total),
 * tax its tax, shipping its delivery charge, coupon the promo code applied.
 */
export function purchaseEvent(order: OrderDetail, categoryOf: (itemId: number) => string | undefined, currency: string): EcommerceEvent {
  return {
    name: 'purchase',
    params: {
      currency, transaction_id: String(order.order_id), value: amount(order.total), tax: amount(order.tax),
      shipping: amount(order.delivery_charge), items: orderItems(order, categoryOf),
      ...(order.coupon_code ? { coupon: order.coupon_code } : {}),
    },
  };
}

/** refund: the whole order given back. */
export function refundEvent(order: OrderDetail, categoryOf: (itemId: number) => string | undefined, currency: string): EcommerceEvent {
  return {
    name: 'refund',
    params: { currency, transaction_id: String(order.order_id), value: amount(order.total), items: orderItems(order, categoryOf) },
  };
}

/** The Meta Pixel parameters of an event (its standard object properties). */
export function metaParams(event: EcommerceEvent): Record<string, unknown> {
  const { params } = event;
  return {
    currency: params.currency,
    value: params.value ?? itemsValue(params.items),
    content_type: 'product',
    content_ids: params.items.map((item) => item.item_id),
    contents: params.items.map((item) => ({ id: item.item_id, quantity: item.quantity, item_price: item.price })),
    num_items: params.items.reduce((sum, item) => sum + item.quantity, 0),
  };
}
