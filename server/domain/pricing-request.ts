import { ValidationError } from '../http/errors.ts';
import type { OrderModeName } from '../../src/core/api/contract.ts';

export const MAX_LINES = 100;
export const MAX_QUANTITY = 99;
const MAX_OPTIONS = 50;

/** A cart line as checked from the request. */
export interface LineRequest {
  item_id: number;
  quantity: number;
  option_ids: number[];
  /** The unit price the client showed, display units. */
  client_price: number;
}

/** A PricingRequest after validation. */
export interface PricingQuery {
  restaurant_id: number;
  order_mode: OrderModeName;
  lines: LineRequest[];
  coupon_code: string;
  /** Display units, ≥ 0. */
  driver_tip: number;
  shiping_id: number | undefined;
  schedule_at: string;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1;

/** Checks the lines of a PricingRequest field by field (`lines.2.quantity`); the schema checked the rest. */
export function checkLines(raw: unknown): LineRequest[] {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => void (errors[field] ??= []).push(message);
  if (!Array.isArray(raw) || raw.length === 0) throw new ValidationError({ lines: ['Please add Item in to cart'] });
  if (raw.length > MAX_LINES) throw new ValidationError({ lines: [`An order holds at most ${MAX_LINES} lines`] });
  const lines: LineRequest[] = [];
  raw.forEach((value: unknown, i) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(`lines.${i}`, 'Invalid cart line');
    const line = value as Record<string, unknown>;
    if (!isId(line.item_id)) fail(`lines.${i}.item_id`, 'item_id must be a number');
    const q = line.quantity;
    if (typeof q !== 'number' || !Number.isInteger(q) || q < 1 || q > MAX_QUANTITY) {
      fail(`lines.${i}.quantity`, `Quantity must be a whole number from 1 to ${MAX_QUANTITY}`);
    }
    const ids = line.selectCustoizeID ?? [];
    if (!Array.isArray(ids) || ids.length > MAX_OPTIONS || !ids.every(isId)) {
      fail(`lines.${i}.selectCustoizeID`, 'selectCustoizeID must be a list of option ids');
    } else if (new Set(ids).size !== ids.length) {
      fail(`lines.${i}.selectCustoizeID`, 'An option is chosen twice');
    }
    const price = line.price;
    if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) fail(`lines.${i}.price`, 'price must be a number');
    lines.push({ item_id: line.item_id as number, quantity: q as number, option_ids: ids as number[], client_price: price as number });
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return lines;
}

/** Turns the schema-checked body into a PricingQuery. */
export function toPricingQuery(body: {
  restaurant_id: number; order_mode: OrderModeName; lines: unknown; coupon_code?: string | undefined;
  driver_tip?: number | undefined; shiping_id?: number | '' | undefined; schedule_at?: string | undefined;
}): PricingQuery {
  return {
    restaurant_id: body.restaurant_id,
    order_mode: body.order_mode,
    lines: checkLines(body.lines),
    coupon_code: (body.coupon_code ?? '').trim(),
    driver_tip: body.driver_tip ?? 0,
    shiping_id: typeof body.shiping_id === 'number' ? body.shiping_id : undefined,
    schedule_at: (body.schedule_at ?? '').trim(),
  };
}
