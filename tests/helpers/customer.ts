import type { CallAnswer, CallRequest, PostCallName } from '../../contract/api/calls.ts';
import { API_ORIGIN, hostHeaders, type VendorHost } from './hosts.ts';
import { latestOtp } from './otp.ts';

/** A v2 API call from the test process, for a vendor, with an optional bearer token; typed by the contract. */
export async function api<N extends PostCallName>(vendor: VendorHost, call: N, body: Omit<CallRequest<N>, 'host'>, token?: string): Promise<CallAnswer<N>> {
  const response = await fetch(`${API_ORIGIN}/api/v2/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...hostHeaders(vendor), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ host: vendor.host, ...body }),
  });
  return (await response.json()) as CallAnswer<N>;
}

/** Signs a registered customer in through the API (check, login, OTP from the dev log) and returns the token. */
export async function apiSignIn(vendor: VendorHost, mobile: string): Promise<string> {
  const before = await latestOtp(mobile, vendor, { timeout: 1 }).catch(() => '');
  await api(vendor, 'login', { mobile_number: mobile, user_role: '1', type: 'customer' });
  const otp = await latestOtp(mobile, vendor, before ? { notEqual: before } : {});
  const verified = await api(vendor, 'verify_otp', { mobile_number: mobile, otp });
  if (verified.code !== 200 || !verified.token) throw new Error(`sign-in of ${mobile} failed: ${verified.msg}`);
  return verified.token;
}

/** Registers a new customer through the API and returns the session as the storefront stores it. */
export async function apiRegister(vendor: VendorHost, mobile: string, name: string): Promise<{ token: string; user: unknown }> {
  const registered = await api(vendor, 'registration', { mobile_number: mobile, user_name: name, email: 'new@example.com', user_role: '1', type: 'customer' });
  if (registered.code !== 200) throw new Error(`registration of ${mobile} failed: ${registered.msg}`);
  const otp = await latestOtp(mobile, vendor);
  const verified = await api(vendor, 'verify_otp', { mobile_number: mobile, otp });
  if (verified.code !== 200 || !verified.token) throw new Error(`verification of ${mobile} failed: ${verified.msg}`);
  return { token: verified.token, user: verified.user_details };
}

/** Saves a delivery address at a point and makes it the customer's primary one. */
export async function addPrimaryAddress(vendor: VendorHost, token: string, point: { latitude: number; longitude: number }): Promise<number> {
  const saved = await api(vendor, 'add_shiping_address', {
    address_clarification: 'Home', address: 'Test Street 1', flat_no: '4', house_name: 'Test House', landmark: '',
    city: 'Test City', state: '', zip_code: '', latitude: point.latitude, longitude: point.longitude,
  }, token);
  if (saved.code !== 200 || !saved.Result) throw new Error(`address not saved: ${saved.msg}`);
  await api(vendor, 'set_primary_address', { address_id: saved.Result.shiping_id }, token);
  return saved.Result.shiping_id;
}

/** Places a cash pickup order of one item without options through the API (bill, then place_order) and returns its id. */
export async function apiPickupOrder(vendor: VendorHost, token: string, storeId: number, item: { item_id: number; price: number }): Promise<number> {
  return apiOrder(vendor, token, storeId, item, { mode: 'pickup' });
}

/**
 * A cash order for now placed through the API: `quantity` of one plain item (1 unless told), for pickup or
 * delivered to a saved address (`shipingId`).
 */
export async function apiOrder(
  vendor: VendorHost, token: string, storeId: number, item: { item_id: number; price: number },
  order: { mode: 'pickup' } | { mode: 'delivery'; shipingId: number }, quantity = 1,
): Promise<number> {
  return (await apiPlaceOrder(vendor, token, storeId, item, order, { quantity })).order_id;
}

/**
 * A cash pickup order (apiPickupOrder) that the demo's simulator has taken to its end (a step a second): from
 * then on its screens read and look the same in every run. Answers its id.
 */
export async function apiPickupOrderDone(vendor: VendorHost, token: string, storeId: number, item: { item_id: number; price: number }): Promise<number> {
  const orderId = await apiPickupOrder(vendor, token, storeId, item);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = (await api(vendor, 'get_order_status', { order_id: orderId }, token)).Result?.status;
    if (status === 'delivered') return orderId;
    if (Date.now() > deadline) throw new Error(`order ${orderId} is ${status}, not delivered, after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** An order for now placed through the API, paid as told (cash unless told; online needs the page to come back to). */
export async function apiPlaceOrder(
  vendor: VendorHost, token: string, storeId: number, item: { item_id: number; price: number },
  order: { mode: 'pickup' } | { mode: 'delivery'; shipingId: number },
  options: { quantity?: number; payment_method?: 'cash' | 'wallet' | 'online'; return_url?: string } = {},
): Promise<{ order_id: number; total: number; payment_url: string }> {
  const body = {
    restaurant_id: storeId, order_mode: order.mode, ...(order.mode === 'delivery' ? { shiping_id: order.shipingId } : {}),
    lines: [{ item_id: item.item_id, quantity: options.quantity ?? 1, price: item.price, selectCustoizeID: [] }],
  };
  const bill = await api(vendor, 'check_restaurant_menu_with_price', body, token);
  const total = bill.Result && 'total' in bill.Result ? bill.Result.total : undefined;
  if (bill.code !== 200 || total === undefined) throw new Error(`no bill for store ${storeId}: ${bill.msg}`);
  const placed = await api(vendor, 'place_order', {
    ...body, idempotency_key: `e2e-${Date.now()}-${Math.random()}`, payment_method: options.payment_method ?? 'cash', expected_total: total,
    ...(options.return_url ? { return_url: options.return_url } : {}),
  }, token);
  const result = placed.Result && 'order_id' in placed.Result ? placed.Result : undefined;
  if (placed.code !== 200 || !result) throw new Error(`order not placed at store ${storeId}: ${placed.msg}`);
  return { order_id: result.order_id, total, payment_url: result.payment_url ?? '' };
}

/** Posts to one of the server's test fixture routes (SF_TEST_FIXTURES=1) for the vendor; answers its Result. */
async function testFixture<T>(vendor: VendorHost, path: string, body: object): Promise<T> {
  const answer = await fetch(`${API_ORIGIN}/test/${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...hostHeaders(vendor) }, body: JSON.stringify({ host: vendor.host, ...body }),
  });
  if (answer.status !== 200) throw new Error(`/test/${path} ${JSON.stringify(body)} answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { Result: T }).Result;
}

/** The demo's order simulator leaves this order where it is (a test fixture): the store has not looked at it yet. */
export async function holdOrder(vendor: VendorHost, orderId: number): Promise<void> {
  await testFixture(vendor, 'hold-order', { order_id: orderId });
}

/** The demo's order simulator moves this held order on again. */
export async function releaseOrder(vendor: VendorHost, orderId: number): Promise<void> {
  await testFixture(vendor, 'release-order', { order_id: orderId });
}

/** A delivery order held on its way, its driver (the vendor's first) standing `along` (0 to 1) of the way to the door. */
export async function orderStoppedOnItsWay(vendor: VendorHost, orderId: number, along: number): Promise<void> {
  await testFixture(vendor, 'drive-order', { order_id: orderId, along });
}

/** A subscription moved to begin on `startDate` ('YYYY-MM-DD'), however far ahead. */
export async function subscriptionStartingOn(vendor: VendorHost, subscriptionId: number, startDate: string): Promise<void> {
  await testFixture(vendor, 'subscription-start', { subscription_id: subscriptionId, start_date: startDate });
}

/** Presses a button of the test provider's page (`action` pay, fail or cancel) as the page's own form posts it; answers where it sends the browser back. */
export async function pressTestProvider(paymentUrl: string, action: 'pay' | 'fail' | 'cancel' = 'pay'): Promise<string> {
  const url = new URL(paymentUrl);
  const answer = await fetch(url, {
    method: 'POST', redirect: 'manual', body: `action=${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin },
  });
  if (answer.status !== 303) throw new Error(`the test provider answered ${answer.status}: ${await answer.text()}`);
  return answer.headers.get('location') ?? '';
}

/** Adds `amount` to the customer's wallet through the test provider, as a recharge paid; answers the balance after. */
export async function apiFundWallet(vendor: VendorHost, token: string, amount: number): Promise<number> {
  const started = await api(vendor, 'wallet_recharge', { amount, return_url: `${vendor.origin}/wallet` }, token);
  if (started.code !== 200 || !started.Result) throw new Error(`recharge not started: ${started.msg}`);
  await pressTestProvider(started.Result.payment_url);
  return walletBalance(vendor, token);
}

/** The customer's wallet balance now (display units). */
export async function walletBalance(vendor: VendorHost, token: string): Promise<number> {
  const wallet = await api(vendor, 'get_user_wallet_amount', {}, token);
  if (wallet.code !== 200 || !wallet.Result) throw new Error(`no wallet: ${wallet.msg}`);
  return Number(wallet.Result.wallet_amount);
}

/** A mobile number no other test uses: the prefix, then the clock's last digits and a random one. */
export const uniqueMobile = (prefix: string) => `${prefix}${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 10)}`;
