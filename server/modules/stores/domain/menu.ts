import type { SearchItem } from '../../../../contract/api/discovery.ts';
import type { MenuCategory, MenuItem, MenuOptionGroup } from '../../../../contract/api/menu.ts';
import { MENU_FIRST_ITEMS, MENU_PAGE_ITEMS } from '../../../../contract/rules/menu-parts.ts';
import type { Db } from '../../../db/pool.ts';
import { absolute, toMajor, type Vendor } from '../../vendors/index.ts';
import { containsPattern, deliversSql, distanceSql } from './stores.ts';

interface ItemRow {
  id: number;
  restaurant_id: number;
  category_id: number;
  category_name: string;
  name: string;
  description: string;
  image: string;
  price_minor: number;
  mrp_minor: number | null;
  item_type: number;
  is_available: boolean;
  is_subscribable: boolean;
  stock: number | null;
  tax_percent: number;
  packaging_charge_minor: number;
  unit: string;
  restaurant_name: string;
  restaurant_slug: string;
  tags: string[];
}

/** Item columns in `lang` ($2), and where they come from; the caller adds FROM-relative conditions. Params: $1 vendor, $2 lang. */
const ITEM_COLUMNS = `
  i.id, i.restaurant_id, i.category_id, i.image, i.price_minor, i.mrp_minor, i.item_type, i.is_available, i.is_subscribable, i.stock,
    i.tax_percent, i.packaging_charge_minor, i.unit, i.tags,
    coalesce(i.i18n -> $2::text ->> 'name', i.name) AS name,
    coalesce(i.i18n -> $2::text ->> 'description', i.description) AS description,
    coalesce(c.i18n -> $2::text ->> 'name', c.name) AS category_name,
    coalesce(r.i18n -> $2::text ->> 'name', r.name) AS restaurant_name,
    r.slug AS restaurant_slug`;
const ITEM_FROM = `
  FROM items i
  JOIN menu_categories c ON c.vendor_id = i.vendor_id AND c.id = i.category_id AND c.is_active
  JOIN restaurants r ON r.vendor_id = i.vendor_id AND r.id = i.restaurant_id AND r.is_active
  WHERE i.vendor_id = $1`;
const ITEM_SELECT = `SELECT ${ITEM_COLUMNS} ${ITEM_FROM}`;
/** As ITEM_SELECT, with each item's place in its category (1 for the first, in menu order). */
const PLACED_ITEM_SELECT = `SELECT ${ITEM_COLUMNS}, row_number() OVER (PARTITION BY i.category_id ORDER BY i.sort_order, i.id) AS place ${ITEM_FROM}`;

/** SQL condition: item name or description contains the pattern in $n, in any language. */
function itemMatchSql(n: number): string {
  return `(i.name ILIKE $${n} OR i.description ILIKE $${n}
    OR EXISTS (SELECT 1 FROM jsonb_each(i.i18n) t WHERE jsonb_typeof(t.value) = 'object'
      AND (t.value ->> 'name' ILIKE $${n} OR t.value ->> 'description' ILIKE $${n})))`;
}

/** Option groups with their available options, keyed by item id, texts in `lang`. */
export async function loadCustomizations(db: Db, vendor: Vendor, lang: string, itemIds: number[]): Promise<Map<number, MenuOptionGroup[]>> {
  const byItem = new Map<number, MenuOptionGroup[]>();
  if (itemIds.length === 0) return byItem;
  const { rows } = await db.query<{
    item_id: number; group_id: number; group_name: string; min_select: number; max_select: number; is_required: boolean;
    option_id: number | null; option_name: string | null; price_minor: number | null;
  }>(
    `SELECT g.item_id, g.id AS group_id, coalesce(g.i18n -> $2::text ->> 'name', g.name) AS group_name,
       g.min_select, g.max_select, g.is_required,
       o.id AS option_id, coalesce(o.i18n -> $2::text ->> 'name', o.name) AS option_name, o.price_minor
     FROM item_option_groups g
     LEFT JOIN item_options o ON o.vendor_id = g.vendor_id AND o.group_id = g.id AND o.is_available
     WHERE g.vendor_id = $1 AND g.item_id = ANY($3::bigint[])
     ORDER BY g.item_id, g.sort_order, g.id, o.sort_order, o.id`,
    [vendor.id, lang, itemIds],
  );
  const groups = new Map<number, MenuOptionGroup>();
  for (const row of rows) {
    let group = groups.get(row.group_id);
    if (!group) {
      group = {
        group_id: row.group_id,
        name: row.group_name,
        min: row.min_select,
        max: row.max_select,
        required: row.is_required || row.min_select > 0 ? 1 : 0,
        options: [],
      };
      groups.set(row.group_id, group);
      const list = byItem.get(row.item_id) ?? [];
      list.push(group);
      byItem.set(row.item_id, list);
    }
    if (row.option_id !== null) {
      group.options.push({ option_id: row.option_id, name: row.option_name ?? '', price: toMajor(vendor, row.price_minor ?? 0) });
    }
  }
  return byItem;
}

function toMenuItem(vendor: Vendor, row: ItemRow, groups: MenuOptionGroup[], baseUrl: string): MenuItem {
  return {
    item_id: row.id,
    restaurant_id: row.restaurant_id,
    category_id: row.category_id,
    name: row.name,
    description: row.description,
    image: absolute(baseUrl, row.image),
    price: toMajor(vendor, row.price_minor),
    mrp: toMajor(vendor, row.mrp_minor ?? row.price_minor),
    item_type: row.item_type === 1 ? 1 : 0,
    is_available: row.is_available ? 1 : 0,
    stock: row.stock,
    item_tax: Number(row.tax_percent),
    packaging_charge: toMajor(vendor, row.packaging_charge_minor),
    unit: row.unit,
    is_subscribable: row.is_subscribable ? 1 : 0,
    customizations: groups,
  };
}

async function withCustomizations(db: Db, vendor: Vendor, lang: string, rows: ItemRow[], baseUrl: string): Promise<Array<[ItemRow, MenuItem]>> {
  const groups = await loadCustomizations(db, vendor, lang, rows.map((r) => r.id));
  return rows.map((row) => [row, toMenuItem(vendor, row, groups.get(row.id) ?? [], baseUrl)]);
}

export interface MenuQuery {
  storeId: number;
  lang: string;
  baseUrl: string;
  /** Only items whose name or description contains this text, in any language. */
  search?: string | undefined;
}

/** The store's categories in their order with their items (unavailable ones included); empty categories are left out. */
export async function loadMenu(db: Db, vendor: Vendor, q: MenuQuery): Promise<MenuCategory[]> {
  const params: unknown[] = [vendor.id, q.lang, q.storeId];
  let extra = '';
  if (q.search) {
    params.push(containsPattern(q.search));
    extra = `AND ${itemMatchSql(params.length)}`;
  }
  const { rows } = await db.query<ItemRow>(
    `${ITEM_SELECT} AND i.restaurant_id = $3 ${extra}
     ORDER BY c.sort_order, c.id, i.sort_order, i.id`,
    params,
  );
  const categories: MenuCategory[] = [];
  let current: MenuCategory | undefined;
  for (const [row, item] of await withCustomizations(db, vendor, q.lang, rows, q.baseUrl)) {
    if (current?.category_id !== row.category_id) {
      current = { category_id: row.category_id, name: row.category_name, items: [] };
      categories.push(current);
    }
    current.items.push(item);
  }
  return categories;
}

export interface CategorySummary {
  category_id: number;
  name: string;
  item_count: number;
}

/**
 * Active categories of the store with how many items each holds (unavailable ones counted); with
 * `shown`, only those with items (the ones a menu shows), in menu order.
 */
export async function menuCategories(db: Db, vendor: Vendor, storeId: number, lang: string, { shown = false } = {}): Promise<CategorySummary[]> {
  const { rows } = await db.query<CategorySummary>(
    `SELECT * FROM (
       SELECT c.id AS category_id, coalesce(c.i18n -> $2::text ->> 'name', c.name) AS name,
         (SELECT count(*)::int FROM items i WHERE i.vendor_id = c.vendor_id AND i.category_id = c.id) AS item_count, c.sort_order
       FROM menu_categories c
       WHERE c.vendor_id = $1 AND c.restaurant_id = $3 AND c.is_active
     ) c WHERE NOT $4::boolean OR c.item_count > 0
     ORDER BY c.sort_order, c.category_id`,
    [vendor.id, lang, storeId, shown],
  );
  return rows.map(({ category_id, name, item_count }) => ({ category_id, name, item_count }));
}

export interface MenuPartQuery {
  storeId: number;
  lang: string;
  baseUrl: string;
  /** These categories; else the menu from its start, whole categories up to MENU_FIRST_ITEMS items (at least one). */
  categoryIds?: number[] | undefined;
}

/**
 * A part of a long menu: the categories asked for (or the first ones), in menu order, each with its
 * first MENU_PAGE_ITEMS items and its item_count; the rest of a category comes by categoryItems.
 */
export async function loadMenuPart(db: Db, vendor: Vendor, q: MenuPartQuery): Promise<MenuCategory[]> {
  const outline = await menuCategories(db, vendor, q.storeId, q.lang, { shown: true });
  let chosen: CategorySummary[];
  if (q.categoryIds) {
    const asked = new Set(q.categoryIds);
    chosen = outline.filter((category) => asked.has(category.category_id));
  } else {
    chosen = [];
    let items = 0;
    for (const category of outline) {
      if (chosen.length > 0 && items + category.item_count > MENU_FIRST_ITEMS) break;
      chosen.push(category);
      items += category.item_count;
    }
  }
  if (chosen.length === 0) return [];
  const { rows } = await db.query<ItemRow>(
    `SELECT * FROM (
       ${PLACED_ITEM_SELECT} AND i.restaurant_id = $3 AND i.category_id = ANY ($4::bigint[])
     ) i WHERE i.place <= $5
     ORDER BY array_position($4::bigint[], i.category_id), i.place`,
    [vendor.id, q.lang, q.storeId, chosen.map((category) => category.category_id), MENU_PAGE_ITEMS],
  );
  const items = await withCustomizations(db, vendor, q.lang, rows, q.baseUrl);
  return chosen.map((category) => ({
    category_id: category.category_id,
    name: category.name,
    items: items.filter(([row]) => row.category_id === category.category_id).map(([, item]) => item),
    item_count: category.item_count,
  }));
}

export interface CategoryItemsQuery {
  storeId: number;
  categoryId: number;
  lang: string;
  baseUrl: string;
  skip: number;
  limit: number;
}

/** A page of one category's items, in menu order (empty for a category that is not the store's). */
export async function categoryItems(db: Db, vendor: Vendor, q: CategoryItemsQuery): Promise<MenuItem[]> {
  const { rows } = await db.query<ItemRow>(
    `SELECT * FROM (${PLACED_ITEM_SELECT} AND i.restaurant_id = $3 AND i.category_id = $4) i
     WHERE i.place > $5 ORDER BY i.place LIMIT $6`,
    [vendor.id, q.lang, q.storeId, q.categoryId, q.skip, q.limit],
  );
  return (await withCustomizations(db, vendor, q.lang, rows, q.baseUrl)).map(([, item]) => item);
}

export interface ItemStatusRow {
  item_id: number;
  is_available: 0 | 1;
  stock: number | null;
}

/** Current availability of the asked items of one store; ids of other stores or vendors are left out. */
export async function itemStatuses(db: Db, vendorId: number, storeId: number, itemIds: number[]): Promise<ItemStatusRow[]> {
  if (itemIds.length === 0) return [];
  const { rows } = await db.query<{ item_id: number; is_available: boolean; stock: number | null }>(
    `SELECT id AS item_id, is_available, stock FROM items
     WHERE vendor_id = $1 AND restaurant_id = $2 AND id = ANY($3::bigint[]) ORDER BY id`,
    [vendorId, storeId, itemIds],
  );
  return rows.map((r) => ({ item_id: r.item_id, is_available: r.is_available ? 1 : 0, stock: r.stock }));
}

export interface ServedItemsQuery {
  lang: string;
  baseUrl: string;
  latitude: number;
  longitude: number;
  search?: string | undefined;
  tag?: string | undefined;
  /** Only items carrying some tag. */
  tagged?: boolean;
  limit: number;
}

function toSearchItem(row: ItemRow, item: MenuItem): SearchItem & { tags: string[] } {
  return { ...item, restaurant_name: row.restaurant_name, restaurant_slug: row.restaurant_slug, tags: row.tags };
}

/** Items of the stores delivering to the point, nearest store first, then the store's menu order. */
export async function servedItems(db: Db, vendor: Vendor, q: ServedItemsQuery): Promise<Array<SearchItem & { tags: string[] }>> {
  const params: unknown[] = [vendor.id, q.lang, q.latitude, q.longitude];
  const where: string[] = [deliversSql('r', '$3::float8', '$4::float8')];
  if (q.search) {
    params.push(containsPattern(q.search));
    where.push(itemMatchSql(params.length));
  }
  if (q.tag) {
    params.push(q.tag);
    where.push(`EXISTS (SELECT 1 FROM unnest(i.tags) t WHERE lower(t) = lower($${params.length}))`);
  } else if (q.tagged) {
    where.push(`cardinality(i.tags) > 0`);
  }
  params.push(q.limit);
  const { rows } = await db.query<ItemRow>(
    `${ITEM_SELECT} AND ${where.join(' AND ')}
     ORDER BY ${distanceSql('r', '$3::float8', '$4::float8')}, r.id, c.sort_order, i.sort_order, i.id
     LIMIT $${params.length}`,
    params,
  );
  return (await withCustomizations(db, vendor, q.lang, rows, q.baseUrl)).map(([row, item]) => toSearchItem(row, item));
}
