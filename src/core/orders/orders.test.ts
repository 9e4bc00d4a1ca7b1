// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PricedLine } from '../../../contract/api/checkout.ts';
import type { OrderStatusResult, OrderSummary, ReorderResult } from '../../../contract/api/orders.ts';
import { apiStub } from '../api/client-stub.test-helpers.ts';
import { channelStub as channel } from '../realtime/channel-stub.test-helpers.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());
vi.mock('../realtime/channel.ts', async () => (await import('../realtime/channel-stub.test-helpers.ts')).stubbedChannel());

const { calls } = apiStub;
const { activateLocale } = await import('../i18n/i18n.ts');
const { $orderLists, followOrderLists, LIST_REFRESH_DELAY_MS, loadMorePastOrders, loadOrderLists, loadOrderDetail, orderDetailStore, splitOrders, statusLabel, ORDER_PAGE_SIZE } =
  await import('./orders.ts');
const { orderStatusStore, trackSteps, watchOrderStatus } = await import('./order-status.ts');
const { parseOrderId } = await import('../platform/ids.ts');
const { checkRating, submitRating, validateRating } = await import('./rating.ts');
const { applyReorder, mergeReorder, needsConfirmation, planReorder } = await import('./reorder.ts');
const { $cart, setCart } = await import('../cart/cart.ts');

const summary = (order_id: number, status: OrderSummary['status'], extra: Partial<OrderSummary> = {}): OrderSummary => ({
  order_id, restaurant_id: 1, restaurant_name: 'Burger Dock', restaurant_image: '', order_mode: 'delivery', status,
  created_at: `2025-01-0${order_id % 9 + 1}T10:00:00Z`, status_changed_at: '2025-01-01T10:00:00Z', scheduled_for: '',
  payment_method: 'cash', payment_status: 'cash_due', item_count: 1, item_names: ['Burger'], total: 10, rating: 0, ...extra,
});

beforeAll(() => activateLocale('en'));
beforeEach(() => {
  apiStub.reset();
});

describe('order status labels', () => {
  it('names each state with its customer-facing label; preparing is Processing for product type 2', () => {
    expect(statusLabel('scheduled')).toBe('Schedule');
    expect(statusLabel('placed')).toBe('Order Placed');
    expect(statusLabel('confirmed')).toBe('Order Confirmed');
    expect(statusLabel('preparing', 1)).toBe('Preparing Your Food');
    expect(statusLabel('preparing', 2)).toBe('Processing');
    expect(statusLabel('waiting')).toBe('Waiting');
    expect(statusLabel('on_the_way')).toBe('On The Way');
    expect(statusLabel('arrived')).toBe('Arrived');
    expect(statusLabel('delivered')).toBe('Delivered');
    expect(statusLabel('cancelled')).toBe('Cancelled');
  });

  it('marks reached steps done and the current one, per mode and product type', () => {
    const result: OrderStatusResult = {
      order_id: 1, order_mode: 'pickup', status: 'preparing', status_changed_at: '', steps: [], is_open: true,
      history: [{ status: 'placed', at: '2025-01-01T10:00:00Z' }, { status: 'confirmed', at: '2025-01-01T10:01:00Z' }, { status: 'preparing', at: '2025-01-01T10:02:00Z' }],
    };
    const steps = trackSteps(result, 2);
    expect(steps.map((step) => `${step.label}:${step.state}`)).toEqual([
      'Order Placed:done', 'Order Confirmed:done', 'Processing:current', 'Waiting:upcoming', 'Delivered:upcoming',
    ]);
    expect(steps[0]!.at).toBe('2025-01-01T10:00:00Z');
  });

  it('ends a cancelled order at Cancelled after the steps it reached', () => {
    const steps = trackSteps({
      order_id: 1, order_mode: 'delivery', status: 'cancelled', status_changed_at: '', is_open: false,
      steps: ['placed', 'confirmed', 'preparing', 'waiting', 'on_the_way', 'arrived', 'delivered'],
      history: [{ status: 'placed', at: 'a' }, { status: 'cancelled', at: 'b' }],
    });
    expect(steps.map((step) => `${step.status}:${step.state}`)).toEqual(['placed:done', 'cancelled:current']);
  });
});

describe('order lists', () => {
  it('splits into Ongoing and Past, newest first, once per order (the later state wins), never payment states', () => {
    const { ongoing, past } = splitOrders([
      summary(1, 'placed'),
      summary(2, 'on_the_way', { status_changed_at: '2025-01-01T10:05:00Z' }),
      summary(2, 'delivered', { status_changed_at: '2025-01-01T10:30:00Z' }),
      summary(3, 'cancelled'),
      summary(4, 'payment_pending'),
      summary(5, 'scheduled'),
    ]);
    expect(ongoing.map((order) => order.order_id)).toEqual([5, 1]);
    expect(past.map((order) => order.order_id)).toEqual([3, 2]);
  });

  it('loads both lists; 101 is an empty list; more past orders page by page', async () => {
    const page = Array.from({ length: ORDER_PAGE_SIZE }, (_, index) => summary(100 + index, 'delivered'));
    apiStub.answer = ({ name, body }) => {
      if (name === 'ongoing_orders') return { code: 101, msg: 'No orders' };
      return body.skip === 0 ? { code: 200, Result: page } : { code: 200, Result: [summary(7, 'cancelled')] };
    };
    await loadOrderLists();
    let state = $orderLists.get();
    expect(state.status === 'ready' && [state.ongoing.length, state.past.length, state.hasMorePast]).toEqual([0, ORDER_PAGE_SIZE, true]);
    expect(calls.map((call) => call.name).sort()).toEqual(['ongoing_orders', 'order_history']);
    await loadMorePastOrders();
    expect(calls.at(-1)!.body).toEqual({ skip: ORDER_PAGE_SIZE, limit: ORDER_PAGE_SIZE });
    state = $orderLists.get();
    expect(state.status === 'ready' && [state.past.length, state.hasMorePast]).toEqual([ORDER_PAGE_SIZE + 1, false]);
  });

  it('says failed when a list call fails', async () => {
    $orderLists.set({ status: 'idle' });
    apiStub.answer = () => {
      throw new Error('offline');
    };
    await loadOrderLists();
    expect($orderLists.get()).toEqual({ status: 'failed' });
  });

  it('reads an order id and loads the details; 101 is not found', async () => {
    expect(parseOrderId('42')).toBe(42);
    expect(parseOrderId('4x')).toBeNull();
    expect(parseOrderId('0')).toBeNull();
    apiStub.answer = () => ({ code: 101, msg: 'Order not found' });
    await loadOrderDetail(77);
    expect(orderDetailStore(77).get()).toEqual({ status: 'not-found' });
    expect(calls[0]).toEqual({ name: 'view_order_details', body: { order_id: 77 } });
  });
});

describe('live status', () => {
  const status = (value: OrderStatusResult['status'], is_open = true): OrderStatusResult => ({
    order_id: 9, order_mode: 'delivery', status: value, status_changed_at: '', steps: [], history: [], is_open,
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const tell = (order_id: number, to: OrderStatusResult['status']) => {
    for (const listener of [...channel.listeners]) listener.event?.({ id: 1, kind: 'order_status', order_id, at: '', data: { from: 'placed', status: to } });
  };

  it('asks at once, again on each change the live channel tells of this order and on reconnecting, tells the host page of each change, and stops once closed', async () => {
    const sequence = [status('placed'), status('placed'), status('confirmed'), status('delivered', false)];
    apiStub.answer = () => ({ code: 200, Result: sequence.shift() ?? status('delivered', false) });
    const events: unknown[] = [];
    const origin = new EventTarget();
    origin.addEventListener('sf-order-status', (event) => events.push((event as CustomEvent).detail));
    const stop = watchOrderStatus(9, { origin });
    await settle();
    expect(calls).toHaveLength(1);
    expect(channel.listeners.size).toBe(1);
    for (const listener of channel.listeners) listener.resync?.();
    await settle();
    expect(calls).toHaveLength(2);
    tell(8, 'confirmed'); // another order's change
    await settle();
    expect(calls).toHaveLength(2);
    tell(9, 'confirmed');
    await settle();
    tell(9, 'delivered');
    await settle();
    expect(calls).toHaveLength(4);
    expect(events).toEqual([{ order_id: 9, status: 'confirmed' }, { order_id: 9, status: 'delivered' }]);
    const state = orderStatusStore(9).get();
    expect(state.status === 'ready' && state.result.status).toBe('delivered');
    expect(channel.listeners.size).toBe(0); // closed: no more listening
    stop();
  });

  it('keeps the last state shown when asking fails, and asks again on the next change', async () => {
    apiStub.answer = () => ({ code: 200, Result: { ...status('preparing'), order_id: 10 } });
    const stop = watchOrderStatus(10);
    await settle();
    apiStub.answer = () => {
      throw new Error('offline');
    };
    tell(10, 'waiting');
    await settle();
    expect(orderStatusStore(10).get()).toMatchObject({ status: 'ready', result: { status: 'preparing' } });
    apiStub.answer = () => ({ code: 200, Result: { ...status('waiting'), order_id: 10 } });
    tell(10, 'waiting');
    await settle();
    expect(orderStatusStore(10).get()).toMatchObject({ status: 'ready', result: { status: 'waiting' } });
    stop();
  });

  it('shares one follower between views of the same order', async () => {
    apiStub.answer = () => ({ code: 200, Result: status('placed') });
    const stopA = watchOrderStatus(11);
    const stopB = watchOrderStatus(11);
    await settle();
    expect(calls).toHaveLength(1);
    expect(channel.listeners.size).toBe(1);
    stopA();
    expect(channel.listeners.size).toBe(1);
    stopB();
    expect(channel.listeners.size).toBe(0);
  });
});

describe('the lists, kept current', () => {
  it('asks again once for a burst of changes, moves an order that ended to Past, and keeps the past pages shown', async () => {
    vi.useFakeTimers();
    try {
      apiStub.answer = ({ name }) => ({ code: 200, Result: name === 'ongoing_orders' ? [summary(1, 'preparing'), summary(2, 'placed')] : [summary(3, 'delivered')] });
      await loadOrderLists();
      const stop = followOrderLists();
      const older = summary(40, 'delivered', { created_at: '2024-01-01T10:00:00Z' });
      const shown = $orderLists.get();
      if (shown.status === 'ready') $orderLists.set({ ...shown, past: [...shown.past, older] });
      apiStub.reset(({ name }) => ({ code: 200, Result: name === 'ongoing_orders' ? [summary(2, 'confirmed')] : [summary(1, 'delivered', { status_changed_at: '2025-01-01T11:00:00Z' }), summary(3, 'delivered')] }));
      for (const listener of [...channel.listeners]) {
        listener.event?.({ id: 5, kind: 'order_status', order_id: 1, at: '', data: { from: 'preparing', status: 'delivered' } });
        listener.event?.({ id: 6, kind: 'order_status', order_id: 2, at: '', data: { from: 'placed', status: 'confirmed' } });
      }
      await vi.advanceTimersByTimeAsync(LIST_REFRESH_DELAY_MS);
      expect(calls.map((call) => call.name).sort()).toEqual(['ongoing_orders', 'order_history']);
      const state = $orderLists.get();
      expect(state.status === 'ready' && state.ongoing.map((order) => [order.order_id, order.status])).toEqual([[2, 'confirmed']]);
      expect(state.status === 'ready' && state.past.map((order) => order.order_id)).toEqual([3, 1, 40]);
      stop();
      expect(channel.listeners.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('rating', () => {
  it('accepts 1 to 5 whole stars only', () => {
    expect(validateRating(0, '')).toMatch(/1 to 5/);
    expect(validateRating(6, '')).toMatch(/1 to 5/);
    expect(validateRating(4.5, '')).toMatch(/1 to 5/);
    expect(validateRating(5, 'x'.repeat(1001))).toMatch(/1000/);
    expect(validateRating(3, 'Good')).toBeNull();
  });

  it('checks, submits once, and shows a refused second rating read-only', async () => {
    apiStub.answer = () => ({ code: 200, Result: { order_id: 3, rated: 0, rating: 0, review: '' } });
    expect(await checkRating(3)).toEqual({ status: 'unrated' });
    apiStub.answer = ({ name }) => (name === 'add_rating' ? { code: 200, Result: { order_id: 3, rated: 1, rating: 4, review: 'Tasty' } } : { code: 500 });
    expect(await submitRating(3, 4, ' Tasty ')).toEqual({ ok: true, state: { status: 'rated', rating: 4, review: 'Tasty', justNow: true } });
    expect(calls.at(-1)).toEqual({ name: 'add_rating', body: { order_id: 3, rating: 4, review: 'Tasty' } });
    apiStub.answer = ({ name }) => (name === 'add_rating' ? { code: 111, msg: 'Already rated' } : { code: 200, Result: { order_id: 3, rated: 1, rating: 4, review: 'Tasty' } });
    const again = await submitRating(3, 2, '');
    expect(again.ok).toBe(false);
    expect(again.state).toEqual({ status: 'rated', rating: 4, review: 'Tasty', justNow: false });
  });

  it('does not call the server for an invalid rating', async () => {
    expect(await submitRating(3, 0, '')).toEqual({ ok: false, message: 'Choose from 1 to 5 stars.' });
    expect(calls).toHaveLength(0);
  });
});

describe('reorder', () => {
  const priced = (item_id: number, extra: Partial<PricedLine> = {}): PricedLine => ({
    item_id, name: `Item ${item_id}`, image: '', item_type: 0, selectCustoizeID: [], selected_type: [], options: [], quantity: 2,
    unit_price: 5, client_price: 5, price_changed: 0, line_total: 10, tax: 1, packaging_charge: 1, is_available: 1, stock: null, ...extra,
  });
  const result = (lines: PricedLine[], restaurant_id = 1): ReorderResult => ({ restaurant_id, lines });

  beforeEach(() => setCart([]));

  it('turns order lines into cart lines at today\'s price with their options', () => {
    const plan = planReorder(1, result([priced(1, {
      options: [{ option_id: 7, name: 'Large', price: 1.5 }], selectCustoizeID: [7], selected_type: ['Large'], unit_price: 6.5, line_total: 13, tax: 1.3,
    })]), []);
    expect(plan.lines[0]).toMatchObject({
      restaurant_id: 1, item_id: 1, price: 6.5, item_price: 5, quantity: 2, selectCustoizeID: [7], selectCustoizePrice: [1.5], selected_type: ['Large'],
      item_tax: 10, packaging_charge: 0.5, itemTotalQuantity: 0,
    });
    expect(needsConfirmation(plan)).toBe(false);
  });

  it('leaves out unavailable lines, cuts to the stock left, and lists changed prices', () => {
    setCart([{ ...planReorder(1, result([priced(3, { quantity: 2 })]), []).lines[0]!, itemTotalQuantity: 0 }]);
    const plan = planReorder(5, result([
      priced(1, { is_available: 0 }),
      priced(2, { stock: 0 }),
      priced(3, { quantity: 2, stock: 3 }), // 2 in the cart already: 1 more fits
      priced(4, { price_changed: 1, client_price: 4, unit_price: 4.5 }),
    ]), $cart.get());
    expect(plan.unavailable).toEqual(['Item 1', 'Item 2']);
    expect(plan.cut).toEqual([{ name: 'Item 3', wanted: 2, added: 1 }]);
    expect(plan.changed).toEqual([{ name: 'Item 4', was: 4, now: 4.5 }]);
    expect(needsConfirmation(plan)).toBe(true);
    const merged = mergeReorder($cart.get(), plan);
    expect(merged).not.toBe('other-store');
    const lines = merged as ReturnType<typeof $cart.get>;
    expect(lines.map((line) => [line.item_id, line.quantity, line.price])).toEqual([[3, 3, 5], [4, 2, 4.5]]);
  });

  it('asks before clearing a cart of another store, and replaces it when confirmed', () => {
    setCart(planReorder(1, result([priced(9)], 2), []).lines);
    const plan = planReorder(8, result([priced(1)], 1), $cart.get());
    expect(plan.otherStore).toBe(true);
    expect(applyReorder(plan)).toBe(false);
    expect($cart.get()[0]!.restaurant_id).toBe(2);
    const events: unknown[] = [];
    document.addEventListener('sf-reorder', (event) => events.push((event as CustomEvent).detail), { once: true });
    expect(applyReorder(plan, { replace: true })).toBe(true);
    expect($cart.get().map((line) => [line.restaurant_id, line.item_id])).toEqual([[1, 1]]);
    expect(events).toEqual([{ order_id: 8 }]);
  });
});
