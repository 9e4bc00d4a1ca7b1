import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemStatus, MenuCategory } from '../../../../contract/api/menu.ts';
import { createTestApp, SOUQ, type TestApp } from '../../../test/test-app.ts';

describe('menus', () => {
  let t: TestApp;
  let pizza: number;
  let bangkok: number;
  let gulf: number;
  beforeAll(async () => {
    t = await createTestApp();
    pizza = await t.storeId('golden-gate-pizzeria');
    bangkok = await t.storeId('bangkok-corner');
    gulf = await t.storeId('gulf-supermarket', SOUQ);
  });
  afterAll(async () => t.close());

  const post = (call: string, body: object, host?: string) => t.post(call, body, host ? { host } : {});

  it('answers the categories in order with items, option groups and unavailable items', async () => {
    const { body } = await post('restaurantCategoryWithMenu', { restaurant_id: pizza, is_langauge: 'en' });
    expect(body.code).toBe(200);
    const menu = body.Result as MenuCategory[];
    expect(menu.map((c) => c.name)).toEqual(['Pizzas', 'Starters & Salads', 'Desserts']);
    const margherita = menu[0]!.items[0]!;
    expect(margherita).toMatchObject({
      restaurant_id: pizza, category_id: menu[0]!.category_id, name: 'Margherita', price: 14, mrp: 14, item_type: 0,
      is_available: 1, stock: null, item_tax: 0, packaging_charge: 0, unit: '',
    });
    expect(margherita.image).toMatch(/\/media\/item\/harbor-eats\/pizza\/margherita\.png$/);
    expect(margherita.customizations.map((g) => [g.name, g.min, g.max, g.required])).toEqual([['Size', 1, 1, 1], ['Extras', 0, 3, 0]]);
    expect(margherita.customizations[0]!.options.map((o) => [o.name, o.price])).toEqual([['Small 10"', 0], ['Medium 12"', 3], ['Large 14"', 6]]);
    expect(menu[0]!.items.find((i) => i.name === 'Pepperoni Classic')?.item_type).toBe(1);
    expect(menu[0]!.items.find((i) => i.name === 'Truffle Prosciutto')?.stock).toBe(5);
    expect(menu[2]!.items.find((i) => i.name === 'Cannoli (2)')?.is_available).toBe(0);

    const ar = (await post('restaurantCategoryWithMenu', { restaurant_id: pizza, is_langauge: 'ar' })).body.Result as MenuCategory[];
    expect(ar[0]!.name).toBe('بيتزا');
    expect(ar[0]!.items[0]!.name).toBe('مارغريتا');
  });

  it('answers the same menu under the alias calls, and for a closed store', async () => {
    const menu = (await post('restaurantCategoryWithMenu', { restaurant_id: pizza })).body;
    for (const call of ['restaurantmenus', 'restaurantcategorymenus', 'restaurant_menus_details']) {
      expect((await post(call, { restaurant_id: String(pizza) })).body).toEqual(menu);
    }
    const closed = await post('restaurantCategoryWithMenu', { restaurant_id: bangkok });
    expect(closed.body.code).toBe(200);
    expect((closed.body.Result as MenuCategory[]).length).toBeGreaterThan(0);
  });

  it("refuses unknown and other vendors' stores, and bad ids", async () => {
    for (const call of ['restaurantCategoryWithMenu', 'restaurant_menu_category']) {
      expect((await post(call, { restaurant_id: gulf })).body).toEqual({ code: 101, msg: 'Store not found', msg_key: 'store.not_found' });
      expect((await post(call, { restaurant_id: 'x1' })).status).toBe(422);
    }
    expect((await post('get_items_status', { restaurant_id: gulf, item_ids: [1] })).body.msg).toBe('Store not found');
  });

  it('lists categories with item counts', async () => {
    const { body } = await post('restaurant_menu_category', { restaurant_id: pizza });
    expect((body.Result as Array<{ name: string; item_count: number }>).map((c) => [c.name, c.item_count])).toEqual([
      ['Pizzas', 5], ['Starters & Salads', 3], ['Desserts', 2],
    ]);
  });

  it("reports item status for the store's own items only, at most 500 ids", async () => {
    const menu = (await post('restaurantCategoryWithMenu', { restaurant_id: pizza })).body.Result as MenuCategory[];
    const items = menu.flatMap((c) => c.items);
    const cannoli = items.find((i) => i.name === 'Cannoli (2)')!;
    const truffle = items.find((i) => i.name === 'Truffle Prosciutto')!;
    const souqMenu = (await post('restaurantCategoryWithMenu', { restaurant_id: gulf }, SOUQ)).body.Result as MenuCategory[];
    const foreign = souqMenu[0]!.items[0]!.item_id;
    const { body } = await post('get_items_status', { restaurant_id: pizza, item_ids: [cannoli.item_id, truffle.item_id, foreign, 999999] });
    expect(body.Result as ItemStatus[]).toEqual([
      { item_id: truffle.item_id, is_available: 1, stock: 5 },
      { item_id: cannoli.item_id, is_available: 0, stock: null },
    ].sort((a, b) => a.item_id - b.item_id));
    const tooMany = await post('get_items_status', { restaurant_id: pizza, item_ids: Array.from({ length: 501 }, (_, i) => i + 1) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toHaveProperty('item_ids');
    expect((await post('get_items_status', { restaurant_id: pizza, item_ids: ['a'] })).status).toBe(422);
    expect((await post('get_items_status', { restaurant_id: pizza, item_ids: [] })).body).toEqual({ code: 200, Result: [] });
  });

  it('searches items in English and Arabic, in name and description', async () => {
    const byName = (await post('search_restaurant_category_item', { restaurant_id: pizza, search: 'PEPPERONI' })).body.Result as MenuCategory[];
    expect(byName.flatMap((c) => c.items.map((i) => i.name))).toEqual(['Pepperoni Classic']);
    const byDescription = (await post('search_restaurant_category_item', { restaurant_id: pizza, search: 'ricotta' })).body.Result as MenuCategory[];
    expect(byDescription.map((c) => c.name)).toEqual(['Pizzas', 'Starters & Salads', 'Desserts']);
    const arabic = (await post('search_restaurant_category_item', { restaurant_id: pizza, search: 'مارغريتا', is_langauge: 'ar' })).body.Result as MenuCategory[];
    expect(arabic.flatMap((c) => c.items.map((i) => i.name))).toEqual(['مارغريتا']);

    // Souq stores its base texts in Arabic and English in i18n: both find the same item.
    const ar = (await post('search_restaurant_category_item', { restaurant_id: gulf, search: 'حليب' }, SOUQ)).body.Result as MenuCategory[];
    const en = (await post('search_restaurant_category_item', { restaurant_id: gulf, search: 'milk', is_langauge: 'en' }, SOUQ)).body.Result as MenuCategory[];
    expect(ar.flatMap((c) => c.items.map((i) => i.item_id))).toEqual(en.flatMap((c) => c.items.map((i) => i.item_id)));
    expect(en[0]!.items[0]!.name).toBe('Fresh full-fat milk 2 L');

    // % and _ are plain characters: unescaped they would match 'Pepperoni Classic' and 'Margherita'.
    for (const search of ['Pep%Classic', 'Margherit_']) {
      expect((await post('search_restaurant_category_item', { restaurant_id: pizza, search })).body.Result, search).toEqual([]);
    }
    expect((await post('search_restaurant_category_item', { restaurant_id: pizza, search: '  ' })).status).toBe(422);
  });
});

describe('a long menu, category by category', () => {
  let t: TestApp;
  let pizza: number;
  let long: number;
  let tail: number;
  const post = (call: string, body: object) => t.post(call, { restaurant_id: pizza, is_langauge: 'en', ...body });

  beforeAll(async () => {
    t = await createTestApp();
    pizza = await t.storeId('golden-gate-pizzeria');
    const db = t.database.db;
    const { rows: [store] } = await db.query<{ vendor_id: number }>('SELECT vendor_id FROM restaurants WHERE id = $1', [pizza]);
    const vendorId = store!.vendor_id;
    const category = async (name: string, order: number, count: number) => {
      const { rows: [row] } = await db.query<{ id: number }>(
        `INSERT INTO menu_categories (vendor_id, restaurant_id, name, sort_order) VALUES ($1, $2, $3, $4) RETURNING id`, [vendorId, pizza, name, order],
      );
      await db.query(
        `INSERT INTO items (vendor_id, restaurant_id, category_id, name, slug, description, image, price_minor, item_type, sort_order)
         SELECT $1, $2, $3, $4 || ' ' || g, lower($4) || '-' || g, '', '', 500 + g, 0, g FROM generate_series(1, $5) g`,
        [vendorId, pizza, row!.id, name, count],
      );
      return row!.id;
    };
    long = await category('Long', 100, 230);
    await category('Empty', 101, 0);
    tail = await category('Tail', 102, 5);
  });
  afterAll(async () => t.close());

  it('lists the categories the menu shows, with their numbers of items, empty ones left out', async () => {
    const { body } = await post('restaurant_categorylisting', {});
    const outline = body.Result as Array<{ category_id: number; name: string; item_count: number }>;
    expect(outline.map((c) => c.name)).toEqual(['Pizzas', 'Starters & Salads', 'Desserts', 'Long', 'Tail']);
    expect(outline.find((c) => c.category_id === long)?.item_count).toBe(230);
    const all = (await post('restaurant_menu_category', {})).body.Result as Array<{ name: string; item_count: number }>;
    expect(all.find((c) => c.name === 'Empty')?.item_count).toBe(0);
  });

  it('sends the menu\'s first part: whole categories up to the first part\'s size, with their counts', async () => {
    const part = (await post('restaurant_menu_wise_category', {})).body.Result as MenuCategory[];
    // The first three categories fit; the long one would pass 150 items, so it waits.
    expect(part.map((c) => c.name)).toEqual(['Pizzas', 'Starters & Salads', 'Desserts']);
    for (const category of part) expect(category.items.length).toBe(category.item_count);
    const whole = (await post('restaurantCategoryWithMenu', {})).body.Result as MenuCategory[];
    expect(part.map((c) => c.items.map((i) => i.item_id))).toEqual(whole.slice(0, 3).map((c) => c.items.map((i) => i.item_id)));
  });

  it('sends named categories with their first 100 items, then the rest a page at a time, in menu order', async () => {
    const [first] = (await post('restaurant_menu_wise_category', { category_ids: [long] })).body.Result as MenuCategory[];
    expect(first).toMatchObject({ category_id: long, name: 'Long', item_count: 230 });
    expect(first!.items.map((i) => i.name).slice(0, 3)).toEqual(['Long 1', 'Long 2', 'Long 3']);
    expect(first!.items).toHaveLength(100);
    const second = (await post('menuwiseitem', { category_id: long, skip: 100, limit: 100 })).body.Result as MenuCategory['items'];
    const third = (await post('menuwiseitem', { category_id: long, skip: 200 })).body.Result as MenuCategory['items'];
    expect(second.map((i) => i.name)[0]).toBe('Long 101');
    expect(third.map((i) => i.name)).toEqual(Array.from({ length: 30 }, (_, i) => `Long ${201 + i}`));
    const whole = ((await post('restaurantCategoryWithMenu', {})).body.Result as MenuCategory[]).find((c) => c.category_id === long)!;
    expect([...first!.items, ...second, ...third].map((i) => i.item_id)).toEqual(whole.items.map((i) => i.item_id));
    // Asked in any order, answered in the menu's.
    const two = (await post('restaurant_menu_wise_category', { category_ids: [tail, long] })).body.Result as MenuCategory[];
    expect(two.map((c) => c.name)).toEqual(['Long', 'Tail']);
  });

  it('answers nothing of another store\'s category, refuses pages past the bounds, and an unknown store is not found', async () => {
    const other = await t.storeId('bangkok-corner');
    expect((await t.post('menuwiseitem', { restaurant_id: other, category_id: long })).body).toEqual({ code: 200, Result: [] });
    expect((await t.post('restaurant_menu_wise_category', { restaurant_id: other, category_ids: [long] })).body).toEqual({ code: 200, Result: [] });
    expect((await post('menuwiseitem', { category_id: long, limit: 101 })).status).toBe(422);
    expect((await post('restaurant_menu_wise_category', { category_ids: [] })).status).toBe(422);
    expect((await t.post('restaurant_categorylisting', { restaurant_id: 999_999 })).body.code).toBe(101);
  });
});
