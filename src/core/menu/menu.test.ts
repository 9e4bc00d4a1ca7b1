import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuCategory } from '../../../contract/api/menu.ts';
import { configure } from '../platform/config.ts';
import {
  canAddFromStore, filterMenu, forgetMenus, isItemOrderable, isMenuComplete, loadMenu, menuKey, menuRows, menuState, parseMenuRef, stateOfMenu,
} from './menu.ts';
import { loadCategoryItems } from './long-menu.ts';
import { loadMenuUntilItem, menuItem } from './menu-item.ts';
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

  it('keeps a place for each item still to come, and a search of the loaded items has none to come', () => {
    const partly: MenuCategory[] = [{ ...categories[0]!, item_count: 4 }, { category_id: 4, name: 'Later', items: [], item_count: 2 }];
    expect(menuRows(partly).map((row) => row.key)).toEqual(['c1', 'i1', 'i2', 'p1-2', 'p1-3', 'c4', 'p4-0', 'p4-1']);
    expect(isMenuComplete(partly)).toBe(false);
    expect(isMenuComplete(categories)).toBe(true);
    const found = filterMenu(partly, 'pepperoni');
    expect(found.map((c) => [c.category_id, c.items.length, c.item_count])).toEqual([[1, 1, 1]]);
    expect(menuRows(found).map((row) => row.kind)).toEqual(['category', 'item']);
  });
});

describe('a menu in parts', () => {
  const outline = { code: 200, Result: [{ category_id: 1, name: 'Pizzas', item_count: 2 }, { category_id: 2, name: 'Long', item_count: 150 }] };
  const part = { code: 200, Result: [{ category_id: 1, name: 'Pizzas', items: [item({ item_id: 1 }), item({ item_id: 2 })], item_count: 2 }] };

  it('is the outline\'s categories in order, with the items the first part sent', () => {
    const state = stateOfMenu(detail(), outline, part);
    expect(state.status === 'ready' && state.categories.map((c) => [c.category_id, c.items.length, c.item_count])).toEqual([[1, 2, 2], [2, 0, 150]]);
    expect(stateOfMenu(detail(), { code: 500, msg: 'Server error' }, part)).toEqual({ status: 'failed', message: 'Server error' });
  });

  describe('loaded category by category', () => {
    const asked: Array<Record<string, unknown>> = [];
    let fail = false;
    beforeEach(() => {
      forgetMenus();
      asked.length = 0;
      fail = false;
      configure({ apiBase: 'http://api.test/api/v2', host: 'localhost' });
      vi.stubGlobal('fetch', vi.fn(async (_input: string | URL | Request, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body ?? '{}')) as { skip: number; limit: number; category_id: number };
        asked.push(body);
        if (fail) return new Response('{}', { status: 503 });
        const count = Math.max(0, Math.min(body.limit, 150 - body.skip));
        const items = Array.from({ length: count }, (_, i) => item({ item_id: 1000 + body.skip + i, category_id: body.category_id }));
        return new Response(JSON.stringify({ code: 200, Result: items }), { status: 200, headers: { 'content-type': 'application/json' } });
      }));
    });
    afterEach(() => vi.unstubAllGlobals());

    it('asks for a category\'s next page once however often its items are shown, and adds it in order', async () => {
      const ref = parseMenuRef('MQ==', undefined);
      menuState(ref).set(stateOfMenu(detail(), outline, part));
      await Promise.all([loadCategoryItems(ref, 2), loadCategoryItems(ref, 2)]);
      expect(asked).toEqual([expect.objectContaining({ restaurant_id: 1, category_id: 2, skip: 0, limit: 100 })]);
      await loadCategoryItems(ref, 2);
      await loadCategoryItems(ref, 2);
      expect(asked.map((body) => body.skip)).toEqual([0, 100]);
      const state = menuState(ref).get();
      const long = state.status === 'ready' ? state.categories[1]! : undefined;
      expect(long?.items.map((i) => i.item_id)).toEqual(Array.from({ length: 150 }, (_, i) => 1000 + i));
      expect(isMenuComplete(state.status === 'ready' ? state.categories : [])).toBe(true);
    });

    it('a page that fails leaves the category as it was, to be asked again', async () => {
      const ref = parseMenuRef('MQ==', undefined);
      menuState(ref).set(stateOfMenu(detail(), outline, part));
      fail = true;
      await loadCategoryItems(ref, 2);
      const state = menuState(ref).get();
      expect(state.status === 'ready' && state.categories[1]!.items.length).toBe(0);
      fail = false;
      const tries = asked.length;
      await loadCategoryItems(ref, 2);
      expect(asked.slice(tries).map((body) => body.skip)).toEqual([0]);
      const again = menuState(ref).get();
      expect(again.status === 'ready' && again.categories[1]!.items.length).toBe(100);
    });

    it('loads as far as one item an element shows', async () => {
      const ref = parseMenuRef('MQ==', undefined);
      menuState(ref).set(stateOfMenu(detail(), outline, part));
      await loadMenuUntilItem(ref, 1120);
      expect(menuItem(menuState(ref).get(), 1120)?.item_id).toBe(1120);
      expect(asked.map((body) => body.skip)).toEqual([0, 100]);
      await loadMenuUntilItem(ref, 99_999);
      expect(asked).toHaveLength(2);
    });
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

  it('loads the store by id and then its menu\'s outline and first part together', async () => {
    responses.get_restaurant_detail = { code: 200, Result: detail() };
    responses.restaurant_categorylisting = { code: 200, Result: [{ category_id: 1, name: 'Pizzas', item_count: 1 }] };
    responses.restaurant_menu_wise_category = { code: 200, Result: [{ category_id: 1, name: 'Pizzas', items: [item()], item_count: 1 }] };
    const ref = parseMenuRef('MQ==', undefined);
    await loadMenu(ref);
    const state = menuState(ref).get();
    expect(state.status).toBe('ready');
    expect(calls.map((call) => call.name)).toEqual(['get_restaurant_detail', 'restaurant_categorylisting', 'restaurant_menu_wise_category']);
    expect(calls.map((call) => call.body.restaurant_id)).toEqual([1, 1, 1]);
    expect(calls[2]!.body.category_ids).toBeUndefined();
  });

  it('loads by slug, and asks for the menu of the store id it answers', async () => {
    responses.get_restaurant_detail_by_slug = { code: 200, Result: detail({ restaurant_id: 7 }) };
    responses.restaurant_categorylisting = { code: 101, Result: [] };
    responses.restaurant_menu_wise_category = { code: 101, Result: [] };
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
    responses.restaurant_categorylisting = { code: 200, Result: [] };
    responses.restaurant_menu_wise_category = { code: 200, Result: [] };
    await loadMenu(ref);
    expect(menuState(ref).get().status).toBe('ready');
  });

  it('two islands asking for the same store share one state', () => {
    expect(menuState(parseMenuRef('MQ==', undefined))).toBe(menuState(parseMenuRef(' MQ== ', 'x')));
  });
});
