import { InputError } from './errors.ts';
import type { Queryable } from './coupons.ts';
import { toMinor } from '../../contract/rules/money.ts';
import type { PricingLine } from './pricing.ts';
import type { LineRequest } from './pricing-request.ts';

interface CatalogOption {
  option_id: number;
  group_id: number;
  name: string;
  price_minor: number;
  is_available: boolean;
}

interface CatalogGroup {
  group_id: number;
  name: string;
  min: number;
  max: number;
}

export interface CatalogItem {
  id: number;
  name: string;
  image: string;
  item_type: 0 | 1;
  price_minor: number;
  tax_percent: number;
  packaging_charge_minor: number;
  is_available: boolean;
  stock: number | null;
  groups: CatalogGroup[];
  options: Map<number, CatalogOption>;
}

/** The store's items with these ids, with every option group and option (available or not), texts in `lang`. */
export async function loadCatalog(q: Queryable, vendorId: number, storeId: number, itemIds: number[], lang: string): Promise<Map<number, CatalogItem>> {
  const items = new Map<number, CatalogItem>();
  if (!itemIds.length) return items;
  const { rows } = await q.query<Omit<CatalogItem, 'groups' | 'options'> & { item_type: number }>(
    `SELECT i.id, coalesce(i.i18n -> $4::text ->> 'name', i.name) AS name, i.image, i.item_type, i.price_minor,
       i.tax_percent, i.packaging_charge_minor, i.stock,
       -- An item of a hidden (or deleted) category is off the menu, so not orderable either.
       i.is_available AND coalesce(c.is_active, false) AS is_available
     FROM items i LEFT JOIN menu_categories c ON c.vendor_id = i.vendor_id AND c.id = i.category_id
     WHERE i.vendor_id = $1 AND i.restaurant_id = $2 AND i.id = ANY($3::bigint[])`,
    [vendorId, storeId, itemIds, lang],
  );
  for (const row of rows) {
    items.set(row.id, { ...row, item_type: row.item_type === 1 ? 1 : 0, tax_percent: Number(row.tax_percent), groups: [], options: new Map() });
  }
  if (!items.size) return items;
  const { rows: options } = await q.query<{
    item_id: number; group_id: number; group_name: string; min_select: number; max_select: number; is_required: boolean;
    option_id: number | null; option_name: string | null; price_minor: number | null; is_available: boolean | null;
  }>(
    `SELECT g.item_id, g.id AS group_id, coalesce(g.i18n -> $3::text ->> 'name', g.name) AS group_name, g.min_select, g.max_select,
       g.is_required, o.id AS option_id, coalesce(o.i18n -> $3::text ->> 'name', o.name) AS option_name, o.price_minor, o.is_available
     FROM item_option_groups g
     LEFT JOIN item_options o ON o.vendor_id = g.vendor_id AND o.group_id = g.id
     WHERE g.vendor_id = $1 AND g.item_id = ANY($2::bigint[])
     ORDER BY g.item_id, g.sort_order, g.id, o.sort_order, o.id`,
    [vendorId, [...items.keys()], lang],
  );
  for (const row of options) {
    const item = items.get(row.item_id);
    if (!item) continue;
    if (!item.groups.some((g) => g.group_id === row.group_id)) {
      item.groups.push({ group_id: row.group_id, name: row.group_name, min: Math.max(row.min_select, row.is_required ? 1 : 0), max: row.max_select });
    }
    if (row.option_id !== null) {
      item.options.set(row.option_id, {
        option_id: row.option_id, group_id: row.group_id, name: row.option_name ?? '', price_minor: row.price_minor ?? 0,
        is_available: row.is_available === true,
      });
    }
  }
  return items;
}

/**
 * Resolves the request lines against the catalogue. An unknown item (another store's, another
 * vendor's, deleted) or an unavailable item or option makes its line unavailable; an option that
 * is not the item's, or a choice breaking a group's min/max, is a 422 on the line.
 */
export function resolveLines(lines: LineRequest[], catalog: Map<number, CatalogItem>, exponent: number): PricingLine[] {
  const errors: Record<string, string[]> = {};
  const resolved = lines.map((line, i): PricingLine => {
    const item = catalog.get(line.item_id);
    const client_price_minor = toMinor(line.client_price, exponent);
    if (!item) {
      return {
        item_id: line.item_id, name: '', image: '', item_type: 0, quantity: line.quantity, item_price_minor: 0, options: [],
        tax_percent: 0, packaging_minor: 0, is_available: false, stock: 0, client_price_minor,
      };
    }
    const field = `lines.${i}.selectCustoizeID`;
    const chosen = line.option_ids.map((id) => item.options.get(id));
    if (chosen.some((o) => o === undefined)) (errors[field] ??= []).push('An option does not belong to this item');
    else {
      for (const group of item.groups) {
        const count = chosen.filter((o) => o?.group_id === group.group_id).length;
        if (count < group.min) (errors[field] ??= []).push(`Choose at least ${group.min} in ${group.name}`);
        if (count > group.max) (errors[field] ??= []).push(`Choose at most ${group.max} in ${group.name}`);
      }
    }
    const options = chosen.filter((o): o is CatalogOption => o !== undefined);
    return {
      item_id: item.id, name: item.name, image: item.image, item_type: item.item_type, quantity: line.quantity,
      item_price_minor: item.price_minor, options: options.map((o) => ({ option_id: o.option_id, name: o.name, price_minor: o.price_minor })),
      tax_percent: item.tax_percent, packaging_minor: item.packaging_charge_minor,
      is_available: item.is_available && options.every((o) => o.is_available), stock: item.stock, client_price_minor,
    };
  });
  if (Object.keys(errors).length) throw new InputError(errors);
  return resolved;
}
