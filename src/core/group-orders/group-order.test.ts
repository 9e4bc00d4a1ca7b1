// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupView } from '../../../contract/api/group-orders.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());
const { apiStub } = await import('../api/client-stub.test-helpers.ts');
const { $cart } = await import('../cart/cart.ts');
type CartLine = import('../cart/cart.ts').CartLine;
const group = await import('./group-order.ts');

const view = (over: Partial<GroupView> = {}): GroupView => ({
  group_id: 7, code: 'ABK2DE', token: 'signed.token', status: 'open', payer: 'each', restaurant_id: 3, restaurant_name: 'Sakura',
  order_mode: 'pickup', address: '', deadline_at: '', expires_at: '2026-11-29T12:00:00.000Z', host_member_id: 1, me: 2, parts: [],
  order_id: '', order_status: '', version: 1, ...over,
});

const line = (item_id: number, quantity: number, restaurant_id = 3): CartLine => ({
  restaurant_id, item_id, name: `Item ${item_id}`, price: 5, selected_type: [], quantity, itemTotalQuantity: 0, selectCustoizeID: [2],
  selectCustoizePrice: [], itemQuntity: quantity, item_type: 0, item_price: 5, image: '', saveprice: 0, item_tax: 0, mrp: 5, packaging_charge: 0,
});

describe('group orders, in the browser', () => {
  beforeEach(() => {
    localStorage.clear();
    group.leaveLocally();
    $cart.set([]);
  });
  afterEach(() => vi.useRealTimers());

  it('keeps a guest\'s key with the group, and sends it with every call', async () => {
    apiStub.reset(() => ({ code: 200, Result: { view: view(), member_key: 'k'.repeat(43) } }));
    await group.joinGroup('ABK2DE', 'Sam');
    expect(apiStub.calls[0]).toMatchObject({ name: 'group-join', body: { group: 'ABK2DE', name: 'Sam' } });
    expect(group.$groupMembership.get()).toEqual({ group: 'signed.token', member_key: 'k'.repeat(43), restaurant_id: 3 });
    apiStub.reset(() => ({ code: 200, Result: view({ version: 2 }) }));
    await group.markReady(true);
    expect(apiStub.calls[0]).toMatchObject({ name: 'group-ready', body: { group: 'signed.token', member_key: 'k'.repeat(43), ready: true } });
  });

  it('never goes back to an older answer when two calls cross', async () => {
    apiStub.reset(() => ({ code: 200, Result: { view: view({ version: 5 }), member_key: '' } }));
    await group.joinGroup('signed.token');
    apiStub.reset(() => ({ code: 200, Result: view({ version: 4, status: 'locked' }) }));
    await group.refreshGroup();
    const state = group.$group.get();
    expect(state.status === 'ready' && state.view).toMatchObject({ version: 5, status: 'open' });
  });

  it('sends the cart as the customer\'s part once it rests, only for the group\'s store while the group is open', async () => {
    vi.useFakeTimers();
    apiStub.reset(() => ({ code: 200, Result: { view: view(), member_key: '' } }));
    await group.joinGroup('signed.token');
    const stop = group.followGroup();
    apiStub.reset(() => ({ code: 200, Result: view({ version: 2 }) }));
    $cart.set([line(10, 1)]);
    $cart.set([line(10, 2)]);
    await vi.advanceTimersByTimeAsync(group.PART_SYNC_DELAY_MS + 10);
    expect(apiStub.calls.filter((call) => call.name === 'group-set-part').map((call) => call.body.lines)).toEqual([
      [{ item_id: 10, quantity: 2, selectCustoizeID: [2], price: 5 }],
    ]);
    // Another store's cart is not the part.
    $cart.set([line(11, 1, 4)]);
    await vi.advanceTimersByTimeAsync(group.PART_SYNC_DELAY_MS + 10);
    expect(apiStub.calls.filter((call) => call.name === 'group-set-part')).toHaveLength(1);
    stop();
  });

  it('forgets a group the server no longer knows for this browser', async () => {
    apiStub.reset(() => ({ code: 200, Result: { view: view(), member_key: '' } }));
    await group.joinGroup('signed.token');
    const { ApiError } = await import('../api/client.ts');
    apiStub.reset(() => {
      throw new ApiError(404, 404, 'Group not found');
    });
    await group.refreshGroup();
    expect(group.$groupMembership.get()).toBeNull();
  });

  it('makes the link the members share: the store\'s menu, or the vendor\'s own page of the group', () => {
    expect(group.groupLink(view(), 'https://shop.example')).toBe('https://shop.example/restaurant/Mw%3D%3D?group=signed.token');
    expect(group.groupLink(view(), 'https://vendor.example', '/lunch?store=Mw==&share=abc&payment=paid'))
      .toBe('https://vendor.example/lunch?store=Mw%3D%3D&group=signed.token');
    expect(group.groupLink(view(), 'https://vendor.example', 'javascript:alert(1)')).toBe('https://vendor.example/restaurant/Mw%3D%3D?group=signed.token');
  });

  it('tells the host page once when this browser joins, and when its group locks and is placed', async () => {
    const heard: Array<[string, unknown]> = [];
    const names = ['sf-group-joined', 'sf-group-locked', 'sf-group-placed'];
    const listen = (event: Event) => heard.push([event.type, (event as CustomEvent).detail]);
    for (const name of names) document.addEventListener(name, listen);
    try {
      apiStub.reset(() => ({ code: 200, Result: { view: view(), member_key: 'k'.repeat(43) } }));
      await group.joinGroup('ABK2DE', 'Sam');
      // Coming back with the same key is no new joining.
      await group.joinGroup('signed.token');
      apiStub.reset(() => ({ code: 200, Result: view({ version: 2, status: 'locked' }) }));
      await group.refreshGroup();
      await group.refreshGroup();
      apiStub.reset(() => ({ code: 200, Result: view({ version: 3, status: 'placed', order_id: 91, order_status: 'placed' }) }));
      await group.refreshGroup();
      expect(heard).toEqual([
        ['sf-group-joined', { group_id: 7, member_id: 2, is_host: false }],
        ['sf-group-locked', { group_id: 7 }],
        ['sf-group-placed', { group_id: 7, order_id: 91 }],
      ]);
    } finally {
      for (const name of names) document.removeEventListener(name, listen);
    }
  });

  it('makes a guest who signed in the same member on their account, by joining again with their key', async () => {
    apiStub.reset(() => ({ code: 200, Result: { view: view(), member_key: 'k'.repeat(43) } }));
    await group.joinGroup('ABK2DE', 'Sam');
    const { $token } = await import('../session/session-state.ts');
    $token.set('signed-in');
    try {
      apiStub.reset(() => ({ code: 200, Result: { view: view({ version: 2 }), member_key: '' } }));
      await group.refreshGroup();
      expect(apiStub.calls.map((call) => [call.name, call.body])).toEqual([['group-join', { group: 'signed.token', member_key: 'k'.repeat(43) }]]);
      expect(group.$groupMembership.get()).toEqual({ group: 'signed.token', member_key: '', restaurant_id: 3 });
    } finally {
      $token.set('');
    }
  });

  it('reads a share\'s payment return once and takes its parameters off the address', () => {
    history.replaceState(null, '', '/restaurant/Mw==?group=signed.token&share=s123&payment=cancelled');
    expect(group.takeShareReturn()).toBe('cancelled');
    expect(location.pathname + location.search).toBe('/restaurant/Mw==?group=signed.token');
    expect(group.takeShareReturn()).toBeNull();
  });
});
