import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuCategory, MenuItem, MenuOptionGroup } from '../../../contract/api/menu.ts';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import { $cart, setCart, type CartLine } from '../cart/cart.ts';
import { configure } from '../platform/config.ts';
import { fromMinor, toMinor } from '../../../contract/rules/money.ts';
import {
  addToCart, canAddFromStore, cartHasOtherStore, chosenOptions, clampQuantity, filterMenu, groupProblem, groupRule,
  isItemOrderable, isSelectionComplete, lineTotalMinor, loadMenu, maxQuantity, menuKey, menuRows, menuState, parseMenuRef,
  planAdd, resetMenusForTests, selectionProblems, toCartLine, toggleOption, unitPriceMinor, type Selection,
} from './menu.ts';

const size: MenuOptionGroup = {
  group_id: 1, name: 'Size', min: 1, max: 1, required: 1,
  options: [{ option_id: 11, name: 'Small', price: 0 }, { option_id: 12, name: 'Medium', price: 3 }, { option_id: 13, name: 'Large', price: 6 }],
};
const extras: MenuOptionGroup = {
  group_id: 2, name: 'Extras', min: 0, max: 3, required: 0,
  options: [
    { option_id: 21, name: 'Mozzarella', price: 2 }, { option_id: 22, name: 'Mushrooms', price: 1.5 },
    { option_id: 23, name: 'Jalapeños', price: 1 }, { option_id: 24, name: 'Sausage', price: 2.5 },
  ],
};
const sauces: MenuOptionGroup = {
  group_id: 3, name: 'Sauces', min: 2, max: 4, required: 0,
  options: [{ option_id: 31, name: 'A', price: 0.1 }, { option_id: 32, name: 'B', price: 0.2 }, { option_id: 33, name: 'C', price: 0.3 }, { option_id: 34, name: 'D', price: 0 }],
};

function item(overrides: Partial<MenuItem> = {}): MenuItem {
  return {
    item_id: 100, restaurant_id: 1, category_id: 5, name: 'Margherita', description: 'Tomato, mozzarella, basil', image: '/media/item/1.svg',
    price: 14, mrp: 16, item_type: 0, is_available: 1, stock: null, item_tax: 5, packaging_charge: 0.5, unit: '',
    customizations: [size, extras], ...overrides,
  };
}

function detail(overrides: Partial<RestaurantDetail> = {}): RestaurantDetail {
  return {
    restaurant_id: 1, name: 'Golden Gate Pizzeria', slug: 'golden-gate-pizzeria', icon_image: '', restaurant_on_off: '1', restaurant_type: '1',
    rating: 4.5, cuisine_name: ['Pizza'], delivery_time: 30, delivery_times: '25-35 min', two_person_price: 30, discount_text: '',
    is_show_customer_app: 1, show_customer_app: 'time', is_pre_order: 0, distance: 1, latitude: 0, longitude: 0, address: '',
    minimum_order_value: 15, minimum_admin_commision: 0, packaging_charge: 0, description: '', phone: '', time_zone: 'UTC',
    opening_hours: [], delivery_radius_km: 10, accepts_scheduled_orders: 0, ...overrides,
  };
}

describe('store reference', () => {
  it('reads the base64 id of the route, else the slug; a bad id is no store', () => {
    expect(parseMenuRef('MQ==', undefined)).toEqual({ kind: 'id', id: 1 });
    expect(parseMenuRef('MTI=', 'ignored')).toEqual({ kind: 'id', id: 12 });
    expect(parseMenuRef('', 'burger-dock')).toEqual({ kind: 'slug', slug: 'burger-dock' });
    expect(parseMenuRef('not base64!', undefined)).toBeNull();
    expect(parseMenuRef(btoa('0'), undefined)).toBeNull();
    expect(parseMenuRef(undefined, '  ')).toBeNull();
    expect(menuKey(parseMenuRef('MQ==', undefined))).toBe('id:1');
    expect(menuKey(null)).toBe('none');
  });
});

describe('store and item availability', () => {
  it('a closed store takes orders only when it accepts scheduled ones', () => {
    expect(canAddFromStore(detail())).toBe(true);
    expect(canAddFromStore(detail({ restaurant_on_off: '0' }))).toBe(false);
    expect(canAddFromStore(detail({ restaurant_on_off: '0', accepts_scheduled_orders: 1 }))).toBe(true);
  });

  it('an item is orderable when available and in stock', () => {
    expect(isItemOrderable(item())).toBe(true);
    expect(isItemOrderable(item({ is_available: 0 }))).toBe(false);
    expect(isItemOrderable(item({ stock: 0 }))).toBe(false);
    expect(isItemOrderable(item({ stock: 2 }))).toBe(true);
  });
});

describe('group rules', () => {
  it('describes each group: radio for at most one, checkboxes otherwise', () => {
    expect(groupRule(size)).toMatchObject({ min: 1, max: 1, required: true, control: 'radio', kind: 'one' });
    expect(groupRule(extras)).toMatchObject({ min: 0, max: 3, required: false, control: 'checkbox', kind: 'up-to' });
    expect(groupRule(sauces)).toMatchObject({ min: 2, max: 4, required: true, control: 'checkbox', kind: 'at-least' });
    expect(groupRule({ ...sauces, max: 3 })).toMatchObject({ kind: 'range' });
    expect(groupRule({ ...sauces, min: 2, max: 2 })).toMatchObject({ kind: 'exactly' });
    // required with min 0 still needs one; max above the option count is capped.
    expect(groupRule({ ...extras, required: 1 })).toMatchObject({ min: 1, required: true });
    expect(groupRule({ ...extras, max: 10 }).max).toBe(4);
    expect(groupRule({ ...extras, max: 0 }).max).toBe(4);
  });

  it('reports what a group still needs', () => {
    expect(groupProblem(size, [])).toEqual({ kind: 'required' });
    expect(groupProblem(size, [12])).toBeNull();
    expect(groupProblem(size, [11, 12])).toEqual({ kind: 'too-many', max: 1 });
    expect(groupProblem(extras, [])).toBeNull();
    expect(groupProblem(extras, [21, 22, 23, 24])).toEqual({ kind: 'too-many', max: 3 });
    expect(groupProblem(sauces, [])).toEqual({ kind: 'too-few', min: 2 });
    expect(groupProblem(sauces, [31])).toEqual({ kind: 'too-few', min: 2 });
    expect(groupProblem(sauces, [31, 32])).toBeNull();
    // ids from another group do not count
    expect(groupProblem(size, [21])).toEqual({ kind: 'required' });
  });

  it('a selection is complete only when every group is satisfied', () => {
    const pizza = item({ customizations: [size, extras, sauces] });
    expect([...selectionProblems(pizza, {}).keys()]).toEqual([1, 3]);
    expect(isSelectionComplete(pizza, { 1: [13], 3: [31, 34] })).toBe(true);
    expect(isSelectionComplete(item({ customizations: [] }), {})).toBe(true);
  });

  it('radio replaces, checkboxes toggle and stop at the maximum', () => {
    let selection: Selection = {};
    selection = toggleOption(size, selection, 11);
    selection = toggleOption(size, selection, 13);
    expect(selection[1]).toEqual([13]);
    selection = toggleOption(size, selection, 13); // a required radio stays chosen
    expect(selection[1]).toEqual([13]);
    for (const id of [21, 22, 23]) selection = toggleOption(extras, selection, id);
    const full = toggleOption(extras, selection, 24);
    expect(full).toBe(selection);
    expect(toggleOption(extras, selection, 22)[2]).toEqual([21, 23]);
    expect(chosenOptions(item(), selection).map((option) => option.name)).toEqual(['Large', 'Mozzarella', 'Mushrooms', 'Jalapeños']);
  });
});

describe('prices in integer minor units', () => {
  it('item price plus the chosen option prices', () => {
    const pizza = item();
    expect(unitPriceMinor(pizza, {})).toBe(1400);
    expect(unitPriceMinor(pizza, { 1: [12], 2: [22, 23] })).toBe(1400 + 300 + 150 + 100);
    expect(lineTotalMinor(pizza, { 1: [13], 2: [24] }, 3)).toBe(3 * (1400 + 600 + 250));
  });

  it('property: sums of cent prices equal the exact cent sum, in any order (seeded)', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 500; run += 1) {
      const cents = Array.from({ length: 1 + Math.floor(random() * 6) }, () => Math.floor(random() * 10_000));
      const group: MenuOptionGroup = {
        group_id: 9, name: 'g', min: 0, max: cents.length, required: 0,
        options: cents.map((value, index) => ({ option_id: index + 1, name: `o${index}`, price: value / 100 })),
      };
      const baseCents = Math.floor(random() * 100_000);
      const thing = item({ price: baseCents / 100, customizations: [group] });
      const ids = group.options.map((option) => option.option_id);
      const shuffled = [...ids].sort(() => random() - 0.5);
      const quantity = 1 + Math.floor(random() * 9);
      const expected = (baseCents + cents.reduce((sum, value) => sum + value, 0)) * quantity;
      expect(lineTotalMinor(thing, { 9: ids }, quantity)).toBe(expected);
      expect(lineTotalMinor(thing, { 9: shuffled }, quantity)).toBe(expected);
      expect(Number.isInteger(lineTotalMinor(thing, { 9: ids }, quantity))).toBe(true);
      // Back to display and to minor again is lossless.
      expect(toMinor(fromMinor(expected))).toBe(expected);
    }
  });

  it('0.1 + 0.2 style option prices add up exactly', () => {
    const thing = item({ price: 0.1, customizations: [sauces] });
    expect(fromMinor(unitPriceMinor(thing, { 3: [31, 32] }))).toBe(0.4);
    expect(toCartLine(thing, { 3: [32, 33] }, 1).price).toBe(0.6);
  });
});

describe('quantity', () => {
  it('is at least 1 and at most the stock', () => {
    expect(maxQuantity(item())).toBe(Number.POSITIVE_INFINITY);
    expect(maxQuantity(item({ stock: 5 }))).toBe(5);
    expect(clampQuantity(0, item())).toBe(1);
    expect(clampQuantity(-3, item({ stock: 5 }))).toBe(1);
    expect(clampQuantity(9, item({ stock: 5 }))).toBe(5);
    expect(clampQuantity(2.7, item({ stock: 5 }))).toBe(2);
    expect(clampQuantity(Number.NaN, item())).toBe(1);
    expect(clampQuantity(100, item())).toBe(100);
  });
});

describe('cart lines', () => {
  it('builds the SPEC §3 cart line', () => {
    const line = toCartLine(item({ stock: 5 }), { 1: [12], 2: [21] }, 2);
    expect(line).toMatchObject({
      restaurant_id: 1, item_id: 100, name: 'Margherita', price: 19, quantity: 2, itemTotalQuantity: 5,
      selected_type: ['Medium', 'Mozzarella'], selectCustoizeID: [12, 21], selectCustoizePrice: [3, 2],
      item_type: 0, item_price: 14, mrp: 16, saveprice: 2, item_tax: 5, packaging_charge: 0.5, image: '/media/item/1.svg',
    });
    expect(toCartLine(item({ stock: null, mrp: 0 }), {}, 1)).toMatchObject({ itemTotalQuantity: 0, mrp: 14, saveprice: 0 });
  });

  const line = (overrides: Partial<CartLine> = {}): CartLine => ({ ...toCartLine(item({ stock: 5 }), { 1: [11] }, 1), ...overrides });

  it('increments the same item with the identical options, appends otherwise', () => {
    const first = planAdd([], line());
    expect(first.kind).toBe('added');
    const lines = (first as { lines: CartLine[] }).lines;
    const again = planAdd(lines, line({ quantity: 2 }));
    expect(again).toMatchObject({ kind: 'added', lines: [{ quantity: 3 }] });
    const other = planAdd(lines, line({ selectCustoizeID: [12] }));
    expect((other as { lines: CartLine[] }).lines).toHaveLength(2);
  });

  it('refuses quantity 0 or less, and more than the stock over all lines of the item', () => {
    expect(planAdd([], line({ quantity: 0 }))).toEqual({ kind: 'refused', reason: 'quantity-unavailable' });
    expect(planAdd([], line({ quantity: -1 }))).toEqual({ kind: 'refused', reason: 'quantity-unavailable' });
    expect(planAdd([], line({ quantity: 6 }))).toEqual({ kind: 'refused', reason: 'maximum-reached' });
    const four = [line({ quantity: 3 }), line({ selectCustoizeID: [12], quantity: 1 })];
    expect(planAdd(four, line({ quantity: 1 })).kind).toBe('added');
    expect(planAdd(four, line({ selectCustoizeID: [13], quantity: 2 }))).toEqual({ kind: 'refused', reason: 'maximum-reached' });
    // unlimited stock
    expect(planAdd([], line({ itemTotalQuantity: 0, quantity: 500 })).kind).toBe('added');
  });

  it('one cart holds one store: another store asks first, and replaces on confirm', () => {
    const fromStore2 = [line({ restaurant_id: 2, item_id: 7 })];
    expect(cartHasOtherStore(fromStore2, 1)).toBe(true);
    expect(cartHasOtherStore([], 1)).toBe(false);
    expect(planAdd(fromStore2, line())).toEqual({ kind: 'other-store' });
    expect(planAdd(fromStore2, line(), { replace: true })).toMatchObject({ kind: 'added', lines: [{ restaurant_id: 1, item_id: 100 }] });
  });

  it('adds to the shared cart and tells the host page from the element', () => {
    setCart([]);
    const host = document.createElement('sf-menu');
    document.body.append(host);
    const heard = vi.fn();
    host.addEventListener('sf-cart-change', heard);
    expect(addToCart(line(), host).kind).toBe('added');
    expect($cart.get()).toHaveLength(1);
    expect(heard).toHaveBeenCalledTimes(1);
    expect((heard.mock.calls[0]![0] as CustomEvent).detail.count).toBe(1);
    expect(addToCart(line({ restaurant_id: 3 }), host).kind).toBe('other-store');
    expect($cart.get()[0]!.restaurant_id).toBe(1);
    expect(heard).toHaveBeenCalledTimes(1);
    host.remove();
    setCart([]);
  });
});

describe('search and rows', () => {
  const categories: MenuCategory[] = [
    { category_id: 1, name: 'Pizzas', items: [item({ item_id: 1, name: 'Margherita' }), item({ item_id: 2, name: 'Pepperoni', description: 'Spicy salami' })] },
    { category_id: 2, name: 'Desserts', items: [item({ item_id: 3, name: 'Crème brûlée', description: 'Vanilla custard' })] },
    { category_id: 3, name: 'Empty', items: [] },
  ];

  it('filters by name or description, ignoring case and accents, and drops empty categories', () => {
    expect(filterMenu(categories, '')).toHaveLength(3);
    expect(filterMenu(categories, 'SALAMI').map((c) => c.items.map((i) => i.item_id))).toEqual([[2]]);
    expect(filterMenu(categories, 'creme').map((c) => c.category_id)).toEqual([2]);
    expect(filterMenu(categories, 'zzz')).toEqual([]);
    expect(filterMenu([{ category_id: 9, name: 'خبز', items: [item({ name: 'خبز عربي', description: '' })] }], 'خبز')).toHaveLength(1);
  });

  it('lists each non-empty category heading followed by its items', () => {
    expect(menuRows(categories).map((row) => row.key)).toEqual(['c1', 'i1', 'i2', 'c2', 'i3']);
  });
});

describe('loading a menu', () => {
  const responses: Record<string, unknown> = {};
  const calls: Array<{ name: string; body: Record<string, unknown> }> = [];

  beforeEach(() => {
    resetMenusForTests();
    configure({ apiBase: 'http://api.test/api/v2', host: 'localhost' });
    calls.length = 0;
    vi.stubGlobal('fetch', vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const name = url.split('/').pop()!;
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      calls.push({ name, body });
      const answer = responses[name];
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify(answer ?? { code: 101 }), { status: 200, headers: { 'content-type': 'application/json' } });
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads the store by id and then its menu', async () => {
    responses.get_restaurant_detail = { code: 200, Result: detail() };
    responses.restaurantCategoryWithMenu = { code: 200, Result: [{ category_id: 1, name: 'Pizzas', items: [item()] }] };
    const ref = parseMenuRef('MQ==', undefined);
    await loadMenu(ref);
    const state = menuState(ref).get();
    expect(state.status).toBe('ready');
    expect(calls.map((call) => call.name)).toEqual(['get_restaurant_detail', 'restaurantCategoryWithMenu']);
    expect(calls[0]!.body.restaurant_id).toBe(1);
    expect(calls[1]!.body.restaurant_id).toBe(1);
  });

  it('loads by slug, and asks for the menu of the store id it answers', async () => {
    responses.get_restaurant_detail_by_slug = { code: 200, Result: detail({ restaurant_id: 7 }) };
    responses.restaurantCategoryWithMenu = { code: 101, Result: [] };
    const ref = parseMenuRef(undefined, 'burger-dock');
    await loadMenu(ref);
    expect(calls[0]).toMatchObject({ name: 'get_restaurant_detail_by_slug', body: { slug: 'burger-dock' } });
    expect(calls[1]!.body.restaurant_id).toBe(7);
    expect(menuState(ref).get()).toMatchObject({ status: 'ready', categories: [] });
  });

  it('an unknown store or a bad id is not-found, never an error', async () => {
    responses.get_restaurant_detail = { code: 101, msg: 'Store not found' };
    const ref = parseMenuRef(btoa('999'), undefined);
    await loadMenu(ref);
    expect(menuState(ref).get().status).toBe('not-found');
    await loadMenu(null);
    expect(menuState(null).get().status).toBe('not-found');
  });

  it('a failed request is failed (Retry loads again)', async () => {
    responses.get_restaurant_detail = new Response('{}', { status: 503 });
    const ref = parseMenuRef('Mg==', undefined);
    await loadMenu(ref);
    expect(menuState(ref).get().status).toBe('failed');
    responses.get_restaurant_detail = { code: 200, Result: detail({ restaurant_id: 2 }) };
    responses.restaurantCategoryWithMenu = { code: 200, Result: [] };
    await loadMenu(ref);
    expect(menuState(ref).get().status).toBe('ready');
  });

  it('two islands asking for the same store share one state', () => {
    expect(menuState(parseMenuRef('MQ==', undefined))).toBe(menuState(parseMenuRef(' MQ== ', 'x')));
  });
});
