import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuCategory } from '../../../contract/api/menu.ts';
import { configure } from '../platform/config.ts';
import { canAddFromStore, filterMenu, isItemOrderable, loadMenu, menuKey, menuRows, menuState, parseMenuRef, forgetMenus } from './menu.ts';
import { detail, item } from './menu.fixtures.ts';

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
    forgetMenus();
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
