import type { PricedLine } from '../../../../contract/api/checkout.ts';
import type { ReorderResult } from '../../../../contract/api/orders.ts';
import type { Db } from '../../../db/pool.ts';
import { orderLines, type Owner } from './orders.ts';
import { percentOf } from '../../../../contract/rules/money.ts';
import { absolute, toMajor, type Vendor } from '../../vendors/index.ts';

interface ItemNow {
  id: number;
  name: string;
  image: string;
  item_type: number;
  price_minor: number;
  available: boolean;
  stock: number | null;
  tax_percent: number;
  packaging_charge_minor: number;
}

interface OptionNow {
  id: number;
  item_id: number;
  name: string;
  price_minor: number;
  is_available: boolean;
}

/**
 * reorder_details: the order's lines priced at today's item and option prices. price_changed
 * marks a unit price that differs from the one paid (client_price); a line whose item or
 * option is gone, switched off or short of stock is is_available 0. Undefined when not this
 * customer's order.
 */
export async function reorderDetails(db: Db, vendor: Vendor, owner: Owner, orderId: number, lang: string, baseUrl: string): Promise<ReorderResult | undefined> {
  const { rows: [order] } = await db.query<{ restaurant_id: number; currency_exponent: number }>(
    'SELECT restaurant_id, currency_exponent FROM orders WHERE vendor_id = $1 AND user_id = $2 AND id = $3',
    [owner.vendorId, owner.userId, orderId],
  );
  if (!order) return undefined;
  const lines = await orderLines(db, owner, orderId);
  const itemIds = lines.map((l) => l.item_id);
  const optionIds = lines.flatMap((l) => (Array.isArray(l.options) ? l.options.map((o) => Number(o.option_id)) : []));
  const { rows: items } = await db.query<ItemNow>(
    `SELECT i.id, coalesce(i.i18n -> $3::text ->> 'name', i.name) AS name, i.image, i.item_type, i.price_minor, i.stock,
       i.tax_percent, i.packaging_charge_minor,
       i.is_available AND r.is_active AND EXISTS (SELECT 1 FROM menu_categories c
         WHERE c.vendor_id = i.vendor_id AND c.id = i.category_id AND c.is_active) AS available
     FROM items i JOIN restaurants r ON r.vendor_id = i.vendor_id AND r.id = i.restaurant_id
     WHERE i.vendor_id = $1 AND i.id = ANY($2::bigint[]) AND i.restaurant_id = $4`,
    [owner.vendorId, itemIds, lang, order.restaurant_id],
  );
  const { rows: options } = await db.query<OptionNow>(
    `SELECT o.id, g.item_id, coalesce(o.i18n -> $3::text ->> 'name', o.name) AS name, o.price_minor, o.is_available
     FROM item_options o JOIN item_option_groups g ON g.vendor_id = o.vendor_id AND g.id = o.group_id
     WHERE o.vendor_id = $1 AND o.id = ANY($2::bigint[])`,
    [owner.vendorId, optionIds, lang],
  );
  const itemById = new Map(items.map((i) => [i.id, i]));
  const optionById = new Map(options.map((o) => [o.id, o]));
  const paid = { currency_exponent: order.currency_exponent };

  const priced = lines.map((line): PricedLine => {
    const item = itemById.get(line.item_id);
    const chosen = (Array.isArray(line.options) ? line.options : []).map((o) => {
      const now = optionById.get(Number(o.option_id));
      const belongs = now !== undefined && now.item_id === line.item_id;
      return {
        option_id: Number(o.option_id),
        name: belongs ? now.name : String(o.name ?? ''),
        price_minor: belongs ? now.price_minor : Number(o.price_minor ?? 0),
        available: belongs && now.is_available,
      };
    });
    const unitMinor = (item?.price_minor ?? line.unit_price_minor - chosen.reduce((s, o) => s + o.price_minor, 0))
      + chosen.reduce((s, o) => s + o.price_minor, 0);
    const totalMinor = unitMinor * line.quantity;
    const available = item !== undefined && item.available && chosen.every((o) => o.available)
      && (item.stock === null || item.stock >= line.quantity);
    const unit = toMajor(vendor, unitMinor);
    const clientPrice = toMajor(paid, line.unit_price_minor);
    return {
      item_id: line.item_id,
      name: item?.name ?? line.name,
      image: absolute(baseUrl, item?.image ?? line.image),
      item_type: (item?.item_type ?? line.item_type) === 1 ? 1 : 0,
      selectCustoizeID: chosen.map((o) => o.option_id),
      selected_type: chosen.map((o) => o.name),
      options: chosen.map((o) => ({ option_id: o.option_id, name: o.name, price: toMajor(vendor, o.price_minor) })),
      quantity: line.quantity,
      unit_price: unit,
      client_price: clientPrice,
      price_changed: unit !== clientPrice ? 1 : 0,
      line_total: toMajor(vendor, totalMinor),
      tax: toMajor(vendor, percentOf(totalMinor, Number(item?.tax_percent ?? 0))),
      packaging_charge: toMajor(vendor, (item?.packaging_charge_minor ?? 0) * line.quantity),
      is_available: available ? 1 : 0,
      stock: item ? item.stock : 0,
    };
  });
  return { restaurant_id: order.restaurant_id, lines: priced };
}
