/**
 * Orders for the order element tests, placed through the real API (cash payment): a fresh
 * customer signed in on this page, a delivery address near the store, one plain item.
 * Delivered orders come from the server's order simulator (ORDER_SIMULATOR_SECONDS).
 */
import { addAddressByApi, api, signInByApi } from '../tests/helpers/element-api.ts';
import { setStoreState } from '../tests/helpers/element-stores.ts';

interface MenuItem { item_id: number; name: string; price: number; is_available: number; stock: number | null; customizations: unknown[] }

/** Golden Gate Pizzeria (store 1 of Harbor Eats), made open at every hour before ordering. */
export const STORE_ID = 1;

export interface PlacedOrder {
  token: string;
  order_id: number;
  total: number;
  status: string;
  item: string;
  quantity: number;
}

/** Signs in a fresh customer here, unless a token is given. */
export async function customer(token?: string): Promise<string> {
  return token ?? signInByApi('Order Tester');
}

/** Places a cash order for now with a plain item: at least `quantity` units, more when the store's minimum asks for it. */
export async function placeOrder(options: { token?: string; mode?: 'delivery' | 'pickup'; quantity?: number } = {}): Promise<PlacedOrder> {
  const token = await customer(options.token);
  const mode = options.mode ?? 'delivery';
  const menu = await api<{ Result: Array<{ items: MenuItem[] }> }>('restaurantCategoryWithMenu', { restaurant_id: STORE_ID });
  const item = menu.Result.flatMap((category) => category.items)
    .find((candidate) => candidate.customizations.length === 0 && candidate.is_available === 1 && candidate.stock === null)!;
  // Enough of it for the store's minimum order ($15).
  const quantity = Math.max(options.quantity ?? 1, Math.ceil(20 / item.price));
  let shiping_id: number | '' = '';
  if (mode === 'delivery') {
    const saved = await addAddressByApi(token, { address: '1600 Stockton St, San Francisco', latitude: 37.8012, longitude: -122.4094 });
    shiping_id = saved.Result.shiping_id;
  }
  await setStoreState(STORE_ID, 'open');
  const request = {
    restaurant_id: STORE_ID, order_mode: mode, shiping_id, driver_tip: 0, schedule_at: '',
    lines: [{ item_id: item.item_id, quantity, selectCustoizeID: [], price: item.price }],
  };
  const priced = await api<{ code: number; Result: { total: number } }>('check_restaurant_menu_with_price', request, token);
  const placed = await api<{ code: number; msg?: string; Result: { order_id: number; total: number; status: string } }>('place_order', {
    ...request, payment_method: 'cash', expected_total: priced.Result.total,
    idempotency_key: `test-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  }, token);
  if (placed.code !== 200) throw new Error(`place_order refused: ${JSON.stringify(placed)}`);
  return { token, order_id: placed.Result.order_id, total: placed.Result.total, status: placed.Result.status, item: item.name, quantity };
}

/** Waits until the server says the order is in `status` (the simulator moves it). */
export async function waitForStatus(token: string, orderId: number, status: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = '';
  while (Date.now() < deadline) {
    const answer = await api<{ Result?: { status: string } }>('get_order_status', { order_id: orderId }, token);
    seen = answer.Result?.status ?? JSON.stringify(answer);
    if (seen === status) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`order ${orderId} is ${seen}, not ${status}, after ${timeoutMs} ms: the element-test server needs its order simulator on (ORDER_SIMULATOR_SECONDS)`);
}
