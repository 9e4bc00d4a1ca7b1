import { expect, fixture, html } from '@open-wc/testing';
import '/dist/storefront.standalone.js';
import { addAddressByApi, api, signInAs, signInByApi, signOutLocally, stubApi } from '../tests/helpers/element-api.ts';
import { openDialog, part, parts, partText } from '../tests/helpers/element-dom.ts';
import { type } from '../tests/helpers/element-input.ts';
import { itemLine, sharedStore } from '../tests/helpers/element-state.ts';
import { setStoreState } from '../tests/helpers/element-stores.ts';
import { waitUntil } from '../tests/helpers/wait-until.ts';

interface Item { item_id: number; restaurant_id: number; name: string; price: number; item_type: 0 | 1; customizations: unknown[]; stock: number | null; is_available: number }

// Golden Gate Pizzeria (store 1) is open at every hour in these tests; a closed store that takes
// orders ahead is Sakura Sushi House. Both states are set through the test fixture route.
const OPEN_STORE = 1;
const AHEAD_STORE = 'sakura-sushi-house';

/** Plain items (no options) of a store (Golden Gate Pizzeria unless told), cheapest first. */
async function plainItems(restaurantId = OPEN_STORE): Promise<Item[]> {
  const menu = await api<{ Result: Array<{ items: Item[] }> }>('restaurantCategoryWithMenu', { restaurant_id: restaurantId });
  return menu.Result.flatMap((category) => category.items)
    .filter((item) => item.customizations.length === 0 && item.is_available === 1)
    .sort((a, b) => a.price - b.price);
}

/** A cart just above the store's minimum (Golden Gate's 15.00 unless told), as cheap as the plain items allow. */
async function minimumCart(restaurantId = OPEN_STORE, minimum = 15): Promise<{ item: Item; quantity: number }> {
  const options = (await plainItems(restaurantId)).map((item) => ({ item, quantity: Math.ceil(minimum / item.price) }));
  return options.sort((a, b) => a.item.price * a.quantity - b.item.price * b.quantity)[0]!;
}

function cartLine(item: Item, quantity: number, price = item.price) {
  return itemLine(item.item_id, quantity, {
    restaurant_id: item.restaurant_id, name: item.name, price, itemTotalQuantity: 0, item_type: item.item_type, item_price: price, mrp: price,
  });
}

/** Places an online order through the API as the checkout would, keeping its draft, then settles it on the test provider's page. */
async function onlineOrderSettled(token: string, line: ReturnType<typeof cartLine>, action: 'pay' | 'cancel'): Promise<number> {
  const key = `element-${Date.now()}-${Math.random().toString(16).slice(2)}`;
  const request = {
    restaurant_id: OPEN_STORE, order_mode: 'pickup', lines: [{ item_id: line.item_id, quantity: line.quantity, selectCustoizeID: [], price: line.price }],
    driver_tip: 0, schedule_at: '', idempotency_key: key, payment_method: 'online', expected_total: 0, return_url: location.href,
  };
  const quote = await api<{ Result: { total: number } }>('check_restaurant_menu_with_price', request, token);
  request.expected_total = quote.Result.total;
  const placed = await api<{ code: number; msg?: string; Result: { order_id: number; total: number; payment_url: string } }>('place_order', request, token);
  if (placed.code !== 200) throw new Error(`place_order answered ${placed.code} ${placed.msg ?? ''}`);
  sharedStore<unknown>('persistent:place_order_data').set({ idempotency_key: key, pending_order_id: placed.Result.order_id, total: placed.Result.total, payment_method: 'online' });
  // As the page's own form would (through the same-origin proxy: the page takes posts from its own origin only).
  const page = new URL(placed.Result.payment_url);
  const pressed = await fetch(page.pathname + page.search, { method: 'POST', body: new URLSearchParams({ action }), redirect: 'manual' });
  if (pressed.type !== 'opaqueredirect') throw new Error(`the test payment page answered ${pressed.status}`);
  return placed.Result.order_id;
}

const setCart = (lines: unknown[]) => sharedStore<unknown[]>('persistent:cart').set(lines);
const cart = () => sharedStore<Array<{ price: number; quantity: number }>>('persistent:cart').get();
const radio = (element: Element, partName: string, label: string) =>
  parts(element, partName).find((node) => node.textContent?.includes(label))?.querySelector('input') as HTMLInputElement | undefined;

function choose(select: HTMLSelectElement, value: string) {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** An open store: the checkout orders for now, with no schedule to choose. */
async function expectNow(checkout: Element) {
  await waitUntil(() => radio(checkout, 'when-option', 'Now')?.checked, 'an open store did not start on Now');
  expect(part(checkout, 'schedule-date')).to.equal(null);
}

/** A closed store that takes orders ahead: the checkout starts on Schedule; chooses its first slot and answers it. */
async function chooseFirstSlot(checkout: Element): Promise<string> {
  await waitUntil(() => part(checkout, 'schedule-date'), 'a closed store did not start on Schedule');
  expect(radio(checkout, 'when-option', 'Schedule')!.checked).to.equal(true);
  const date = part<HTMLSelectElement>(checkout, 'schedule-date')!;
  await waitUntil(() => date.options.length > 1, 'no dates');
  choose(date, date.options[1]!.value);
  const time = part<HTMLSelectElement>(checkout, 'schedule-time')!;
  await waitUntil(() => !time.disabled && time.options.length > 1, 'no times');
  choose(time, time.options[1]!.value);
  return time.options[1]!.value;
}

async function renderCheckout() {
  const checkout = await fixture(html`<sf-checkout></sf-checkout>`);
  await waitUntil(() => part(checkout, 'checkout'), 'checkout not rendered', { timeout: 15_000 });
  return checkout;
}

async function billTotal(checkout: Element): Promise<string> {
  await waitUntil(() => part(checkout, 'grand-total') && !part(checkout, 'breakdown')?.getAttribute('aria-busy'), 'no bill', { timeout: 15_000 });
  return partText(checkout, 'grand-total');
}

async function placeWith(checkout: Element, label: string) {
  if (!part(checkout, 'payment')) part(checkout, 'continue')!.click();
  await waitUntil(() => part(checkout, 'payment'), `did not reach payment: ${openDialog(checkout)?.textContent ?? ''}`);
  await waitUntil(() => radio(checkout, 'payment-option', label), `no ${label}`);
  radio(checkout, 'payment-option', label)!.click();
  await waitUntil(() => !part<HTMLButtonElement>(checkout, 'place-order')!.disabled, 'Place order stays disabled');
  part(checkout, 'place-order')!.click();
  await waitUntil(() => openDialog(checkout)?.textContent?.includes('Are you sure you want to place this order?'), 'no confirmation');
  part(checkout, 'alert-confirm')!.click();
}

describe('<sf-checkout>', () => {
  const events: CustomEvent[] = [];
  const listen = (event: Event) => events.push(event as CustomEvent);
  before(async () => {
    for (const name of ['sf-order-placed', 'sf-sign-in-required']) document.addEventListener(name, listen);
    await setStoreState(OPEN_STORE, 'open');
  });
  beforeEach(() => {
    events.length = 0;
    sharedStore<string>('persistent:promocode').set('');
    sharedStore<unknown>('persistent:place_order_data').set(null);
  });
  afterEach(() => setCart([]));

  it('asks a guest to sign in', async () => {
    signOutLocally();
    const [item] = await plainItems();
    setCart([cartLine(item!, 1)]);
    const checkout = await renderCheckout();
    await waitUntil(() => part(checkout, 'sign-in-prompt'), 'no sign-in prompt');
    part(checkout, 'sign-in')!.click();
    await waitUntil(() => events.some((event) => event.type === 'sf-sign-in-required'), 'no sf-sign-in-required');
    expect(events.find((event) => event.type === 'sf-sign-in-required')!.detail).to.deep.equal({ reason: 'checkout' });
  });

  it('delivery: reviews the cart, applies a code, requires a payment option and places a cash order', async () => {
    const token = await signInByApi('Checkout Cash');
    const added = await addAddressByApi(token, { address: '1 Columbus Ave, San Francisco', latitude: 37.7990, longitude: -122.4080, flat_no: '3' });
    await api('set_primary_address', { address_id: added.Result.shiping_id }, token);
    sharedStore<number>('persistent:pickupDeliveryFlag').set(1);
    sharedStore<number>('persistent:driverTip').set(0);
    const [item] = await plainItems();
    const quantity = Math.ceil(16 / item!.price); // above WELCOME10's 15.00 minimum
    setCart([cartLine(item!, quantity)]);
    const checkout = await renderCheckout();
    await waitUntil(() => partText(checkout, 'delivery-address').includes('1 Columbus Ave'), 'no primary address', { timeout: 15_000 });
    expect(partText(checkout, 'line-name')).to.equal(item!.name);
    const before = await billTotal(checkout);
    expect(partText(checkout, 'line-price')).to.contain((item!.price * quantity).toFixed(2));
    expect(part(checkout, 'delivery-charge')).to.be.ok;

    const input = part<HTMLInputElement>(checkout, 'promo-input')!;
    await type(input, 'welcome10');
    part(checkout, 'promo-apply')!.click();
    await waitUntil(() => part(checkout, 'discount'), `no discount: ${partText(checkout, 'promo-error')}`, { timeout: 15_000 });
    expect(partText(checkout, 'promo-applied')).to.equal('WELCOME10');
    expect(sharedStore<number>('persistent:promoDiscount').get()).to.be.greaterThan(0);
    await waitUntil(async () => (await billTotal(checkout)) !== before, 'total did not drop');

    radio(checkout, 'tip-option', '$2.00')!.click();
    await waitUntil(() => part(checkout, 'tip'), 'no tip row');
    await expectNow(checkout);

    part(checkout, 'continue')!.click();
    await waitUntil(() => part(checkout, 'payment'), `did not reach payment: ${openDialog(checkout)?.textContent ?? ''}`);
    part(checkout, 'place-order')!.click();
    await waitUntil(() => partText(checkout, 'payment-error') === 'Please select payment option', 'no payment option message');
    await placeWith(checkout, 'Cash on delivery');
    await waitUntil(() => part(checkout, 'result'), `no result: ${openDialog(checkout)?.textContent ?? ''}`, { timeout: 15_000 });
    const placed = events.find((event) => event.type === 'sf-order-placed')!;
    expect(placed.detail.payment_method).to.equal('cash');
    expect(partText(checkout, 'order-id')).to.contain(`#${placed.detail.order_id}`);
    expect(part<HTMLAnchorElement>(checkout, 'order-link')!.getAttribute('href')).to.equal(`/order-status/${placed.detail.order_id}`);
    expect(cart()).to.deep.equal([]);
    expect(sharedStore<string>('persistent:promocode').get()).to.equal('');
    expect(sharedStore<unknown>('persistent:place_order_data').get()).to.equal(null);
  });

  it('pickup: a short wallet is refused in words; a covered one pays by wallet', async () => {
    await signInByApi('Checkout Empty Wallet');
    sharedStore<number>('persistent:pickupDeliveryFlag').set(0);
    const { item, quantity } = await minimumCart();
    setCart([cartLine(item, quantity)]);
    let checkout = await renderCheckout();
    await billTotal(checkout);
    expect(part(checkout, 'delivery-charge')).to.equal(null);
    expect(partText(checkout, 'pickup-address')).to.contain('Stockton');
    await expectNow(checkout);
    part(checkout, 'continue')!.click();
    await waitUntil(() => part(checkout, 'payment'), `did not reach payment: ${openDialog(checkout)?.textContent ?? ''}`);
    radio(checkout, 'payment-option', 'Wallet')!.click();
    await waitUntil(() => partText(checkout, 'wallet-error') === 'Insufficient wallet amount please recharge your wallet', 'no insufficient wallet message');
    checkout.remove();

    await signInAs('4155550100'); // 25.00 in the wallet
    setCart([cartLine(item, quantity)]);
    checkout = await renderCheckout();
    await billTotal(checkout);
    await expectNow(checkout);
    await placeWith(checkout, 'Wallet');
    await waitUntil(() => part(checkout, 'result'), `no result: ${openDialog(checkout)?.textContent ?? ''}`, { timeout: 15_000 });
    const placed = events.find((event) => event.type === 'sf-order-placed')!;
    expect(placed.detail.payment_method).to.equal('wallet');
    const wallet = await api<{ Result: { wallet_amount: number } }>('get_user_wallet_amount', {}, sharedStore<string>('persistent:token').get());
    expect(wallet.Result.wallet_amount).to.be.closeTo(25 - placed.detail.total, 0.001);
  });

  it('a tampered price is marked and repriced in review, and a price changed at placing shows the alert', async () => {
    await signInByApi('Checkout Prices');
    sharedStore<number>('persistent:pickupDeliveryFlag').set(0);
    const { item, quantity } = await minimumCart();
    setCart([cartLine(item, quantity, item.price - 1)]);
    const checkout = await renderCheckout();
    await waitUntil(() => part(checkout, 'price-changed'), 'tampered price not marked', { timeout: 15_000 });
    expect(partText(checkout, 'price-changed')).to.contain((item.price - 1).toFixed(2)).and.to.contain(item.price.toFixed(2));
    await waitUntil(() => cart()[0]?.price === item.price, 'cart not repriced');
    await billTotal(checkout);
    await expectNow(checkout);
    part(checkout, 'continue')!.click();
    await waitUntil(() => part(checkout, 'payment'), `did not reach payment: ${openDialog(checkout)?.textContent ?? ''}`);
    radio(checkout, 'payment-option', 'Pay at the store')!.click();
    await waitUntil(() => !part<HTMLButtonElement>(checkout, 'place-order')!.disabled, 'Place order stays disabled');
    // The store's price changes between the bill and the order: place_order carries the price the customer saw.
    const restore = stubApi(({ name, body, input, init }, realFetch) => {
      if (name !== 'place_order') return undefined;
      restore();
      const sent = body as { lines: Array<{ price: number }>; expected_total: number };
      sent.lines[0]!.price -= 0.5;
      sent.expected_total -= 0.5 * quantity;
      return realFetch(input, { ...init, body: JSON.stringify(sent) });
    });
    part(checkout, 'place-order')!.click();
    await waitUntil(() => openDialog(checkout)?.textContent?.includes('Are you sure'), 'no confirmation');
    part(checkout, 'alert-confirm')!.click();
    await waitUntil(
      () => openDialog(checkout)?.textContent?.includes('Some of item price has been changed in your cart please go back and confirm.'),
      `no price-changed alert: ${openDialog(checkout)?.textContent ?? ''}`,
      { timeout: 15_000 },
    );
    expect(part(checkout, 'review')).to.be.ok;
    expect(cart()[0]!.price).to.equal(item.price);
    expect(events.some((event) => event.type === 'sf-order-placed')).to.equal(false);
  });
  it('online: a cancelled payment keeps the cart and goes back to payment; a paid one finishes the order', async () => {
    for (const name of ['sf-payment-failed']) document.addEventListener(name, listen);
    const token = await signInByApi('Checkout Online');
    sharedStore<number>('persistent:pickupDeliveryFlag').set(0);
    const { item, quantity } = await minimumCart();
    const line = cartLine(item, quantity);
    setCart([line]);
    const page = location.href;
    try {
      let orderId = await onlineOrderSettled(token, line, 'cancel');
      history.replaceState(history.state, '', `${location.pathname}?order_id=${orderId}&payment=cancelled`);
      let checkout = await renderCheckout();
      await waitUntil(() => openDialog(checkout)?.textContent?.includes('Payment cancelled'), 'no Payment cancelled', { timeout: 15_000 });
      await waitUntil(() => part(checkout, 'payment'), 'not back on the payment step');
      expect(events.find((event) => event.type === 'sf-payment-failed')!.detail).to.deep.equal({ order_id: orderId, reason: 'cancelled' });
      expect(cart()).to.have.length(1);
      expect(location.search).to.equal('');
      const data = sharedStore<{ idempotency_key: string; pending_order_id?: number }>('persistent:place_order_data').get();
      expect(data.pending_order_id).to.equal(undefined);
      checkout.remove();

      orderId = await onlineOrderSettled(token, line, 'pay');
      history.replaceState(history.state, '', `${location.pathname}?order_id=${orderId}&payment=paid`);
      checkout = await renderCheckout();
      await waitUntil(() => part(checkout, 'result'), 'no result after a paid return', { timeout: 15_000 });
      const placed = events.find((event) => event.type === 'sf-order-placed')!;
      expect(placed.detail).to.include({ order_id: orderId, payment_method: 'online' });
      expect(cart()).to.deep.equal([]);
    } finally {
      history.replaceState(history.state, '', page);
      document.removeEventListener('sf-payment-failed', listen);
    }
  });

  // Last on purpose: a checkout rendered after this one, for an open store, first sees this closed
  // store's cached detail and switches itself to Schedule (a product issue, not this test's subject).
  it('a store closed now that takes orders ahead starts on Schedule, and the order is placed for the chosen slot', async () => {
    const store = await api<{ Result: { restaurant_id: number; minimum_order_value: number } }>('get_restaurant_detail_by_slug', { slug: AHEAD_STORE });
    const storeId = store.Result.restaurant_id;
    await setStoreState(storeId, 'closed');
    const token = await signInByApi('Checkout Ahead');
    sharedStore<number>('persistent:pickupDeliveryFlag').set(0);
    const { item, quantity } = await minimumCart(storeId, store.Result.minimum_order_value);
    setCart([cartLine(item, quantity)]);
    const checkout = await renderCheckout();
    await billTotal(checkout);
    const slot = await chooseFirstSlot(checkout);
    await placeWith(checkout, 'Pay at the store');
    await waitUntil(() => part(checkout, 'result'), `no result: ${openDialog(checkout)?.textContent ?? ''}`, { timeout: 15_000 });
    const placed = events.find((event) => event.type === 'sf-order-placed')!;
    expect(placed.detail.payment_method).to.equal('cash');
    const order = await api<{ Result: { restaurant_id: number; scheduled_for: string } }>('view_order_details', { order_id: placed.detail.order_id }, token);
    expect(order.Result.restaurant_id).to.equal(storeId);
    expect(Date.parse(order.Result.scheduled_for)).to.equal(Date.parse(slot));
    expect(cart()).to.deep.equal([]);
  });
});
