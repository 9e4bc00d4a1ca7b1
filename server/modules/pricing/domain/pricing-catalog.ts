import { InputError } from '../../../errors.ts';
import { toMinor } from '../../../../contract/rules/money.ts';
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

/** An option group joined with one of its options (option fields null for a group without options). */
interface OptionRow {
  group_id: number; group_name: string; min_select: number; max_select: number; is_required: boolean;
  option_id: number | null; option_name: string | null; price_minor: number | null; is_available: boolean | null;
}

/** One item as catalogJsonSql gives it. */
export interface CatalogRow {
  id: number; name: string; image: string; item_type: number; price_minor: number; tax_percent: number | string;
  packaging_charge_minor: number; stock: number | null; is_available: boolean; option_rows: OptionRow[];
}

/**
 * SQL for a JSON array (CatalogRow each) of the store's items with these ids, each with every
 * option group and option (available or not) in their order, texts in `lang`: the arguments are
 * the placeholders of the vendor id, store id, item ids (bigint[]) and language.
 */
export function catalogJsonSql(vendor: string, store: string, ids: string, lang: string): string {
  return `coalesce((SELECT json_agg(json_build_object(
      'id', i.id, 'name', coalesce(i.i18n -> ${lang}::text ->> 'name', i.name), 'image', i.image, 'item_type', i.item_type,
      'price_minor', i.price_minor, 'tax_percent', i.tax_percent, 'packaging_charge_minor', i.packaging_charge_minor, 'stock', i.stock,
      -- An item of a hidden (or deleted) category is off the menu, so not orderable either.
      'is_available', i.is_available AND coalesce(c.is_active, false),
      'option_rows', coalesce((SELECT json_agg(json_build_object(
          'group_id', g.id, 'group_name', coalesce(g.i18n -> ${lang}::text ->> 'name', g.name), 'min_select', g.min_select,
          'max_select', g.max_select, 'is_required', g.is_required, 'option_id', o.id,
          'option_name', coalesce(o.i18n -> ${lang}::text ->> 'name', o.name), 'price_minor', o.price_minor, 'is_available', o.is_available)
        ORDER BY g.sort_order, g.id, o.sort_order, o.id)
        FROM item_option_groups g LEFT JOIN item_options o ON o.vendor_id = g.vendor_id AND o.group_id = g.id
        WHERE g.vendor_id = i.vendor_id AND g.item_id = i.id), '[]')))
    FROM items i LEFT JOIN menu_categories c ON c.vendor_id = i.vendor_id AND c.id = i.category_id
    WHERE i.vendor_id = ${vendor} AND i.restaurant_id = ${store} AND i.id = ANY(${ids}::bigint[])), '[]')`;
}

/** The catalogue by item id, from catalogJsonSql's rows. */
export function toCatalog(rows: CatalogRow[]): Map<number, CatalogItem> {
  const items = new Map<number, CatalogItem>();
  for (const { option_rows, ...row } of rows) {
    const item: CatalogItem = {
      ...row, item_type: row.item_type === 1 ? 1 : 0, price_minor: Number(row.price_minor), tax_percent: Number(row.tax_percent),
      packaging_charge_minor: Number(row.packaging_charge_minor), groups: [], options: new Map(),
    };
    items.set(row.id, item);
    for (const option of option_rows) {
      if (!item.groups.some((g) => g.group_id === option.group_id)) {
        item.groups.push({
          group_id: option.group_id, name: option.group_name, min: Math.max(option.min_select, option.is_required ? 1 : 0), max: option.max_select,
        });
      }
      if (option.option_id !== null) {
        item.options.set(option.option_id, {
          option_id: option.option_id, group_id: option.group_id, name: option.option_name ?? '', price_minor: Number(option.price_minor ?? 0),
          is_available: option.is_available === true,
        });
      }
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
