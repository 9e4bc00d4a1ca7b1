import { describe, expect, it } from 'vitest';
import {
  appliedDeliveryCharge, couponDiscount, deliveryCharge, priceOrder,
  type CouponTerms, type PricingInput, type PricingLine, type StoreCharges,
} from './pricing.ts';

/** mulberry32: a small seeded generator so every failing case can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: <T>(list: readonly T[]) => list[int(0, list.length - 1)] as T };
}

const STORE: StoreCharges = { packaging_minor: 50, delivery_charge_minor: 299, delivery_free_km: 2, delivery_per_km_minor: 75 };

function line(extra: Partial<PricingLine> = {}): PricingLine {
  return {
    item_id: 1, name: 'Pizza', image: '', item_type: 0, quantity: 1, item_price_minor: 1000, options: [],
    tax_percent: 0, packaging_minor: 0, is_available: true, stock: null, client_price_minor: 1000, ...extra,
  };
}

const PERCENT: CouponTerms = {
  discount_type: 'percent', discount_percent: 10, discount_flat_minor: 0, max_discount_minor: null,
  min_order_minor: 0, cashback_minor: 0, is_free_order: false,
};

/** A random cart, store, distance and coupon for a currency with this exponent. */
function randomInput(seed: number, exponent: number): PricingInput {
  const r = random(seed);
  const scale = 10 ** exponent;
  const money = (maxMajor: number) => r.int(0, maxMajor * scale);
  const lines = Array.from({ length: r.int(1, 6) }, (_, i): PricingLine => {
    const options = Array.from({ length: r.int(0, 3) }, (_, o) => ({ option_id: i * 10 + o, name: `o${o}`, price_minor: money(5) }));
    return line({
      item_id: i + 1,
      quantity: r.int(1, 99),
      item_price_minor: money(60),
      options,
      tax_percent: r.pick([0, 5, 7.5, 8.25, 12.5, 15, 33.33]),
      packaging_minor: r.pick([0, 0, money(1)]),
      stock: r.pick([null, null, r.int(0, 120)]),
      is_available: r.next() > 0.1,
      client_price_minor: money(70),
    });
  });
  const kind = r.pick(['none', 'percent', 'flat', 'free'] as const);
  const coupon: CouponTerms | undefined = kind === 'none' ? undefined : {
    discount_type: kind === 'flat' ? 'flat' : 'percent',
    discount_percent: kind === 'free' ? 100 : r.pick([5, 10, 12.5, 33.33, 100]),
    discount_flat_minor: money(200),
    max_discount_minor: r.pick([null, money(30)]),
    min_order_minor: r.pick([0, money(40)]),
    cashback_minor: r.pick([0, money(15)]),
    is_free_order: kind === 'free',
  };
  return {
    mode: r.pick(['delivery', 'pickup'] as const),
    lines,
    store: { packaging_minor: money(1), delivery_charge_minor: money(5), delivery_free_km: r.pick([0, 2, 2.5]), delivery_per_km_minor: money(2) },
    distance_km: r.pick([null, r.next() * 12]),
    coupon,
    tip_minor: money(10),
  };
}

describe('pricing properties (seeded random carts)', () => {
  for (const exponent of [0, 2, 3]) {
    it(`parts add up exactly, in whole minor units, exponent ${exponent}`, () => {
      for (let seed = 1; seed <= 400; seed++) {
        const input = randomInput(seed * 7919 + exponent, exponent);
        const p = priceOrder(input);
        const parts = [p.item_total_minor, p.tax_minor, p.packaging_minor, p.delivery_minor, p.discount_minor, p.cashback_minor, p.tip_minor, p.total_minor];
        for (const part of parts) expect(Number.isSafeInteger(part) && part >= 0, `seed ${seed}: ${part}`).toBe(true);
        for (const l of p.lines) {
          for (const v of [l.unit_minor, l.line_total_minor, l.tax_minor, l.packaging_minor]) expect(Number.isSafeInteger(v)).toBe(true);
        }
        expect(p.total_minor, `seed ${seed}`).toBe(
          p.item_total_minor + p.tax_minor + p.packaging_minor + p.delivery_minor - p.discount_minor + p.tip_minor,
        );
        expect(p.item_total_minor).toBe(p.lines.reduce((s, l) => s + l.line_total_minor, 0));
        expect(p.tax_minor).toBe(p.lines.reduce((s, l) => s + l.tax_minor, 0));
        expect(p.discount_minor).toBeLessThanOrEqual(p.item_total_minor);
        if (input.coupon?.max_discount_minor != null) expect(p.discount_minor).toBeLessThanOrEqual(input.coupon.max_discount_minor);
        if (input.mode === 'pickup') {
          expect(p.delivery_minor).toBe(0);
          expect(p.tip_minor).toBe(0);
          expect(p.distance_km).toBeNull();
        }
        if (p.coupon_refusal) expect(p.discount_minor + p.cashback_minor).toBe(0);
      }
    });

    it(`client prices never change what is charged, exponent ${exponent}`, () => {
      for (let seed = 1; seed <= 200; seed++) {
        const input = randomInput(seed * 104729 + exponent, exponent);
        const honest = priceOrder({ ...input, lines: input.lines.map((l) => ({ ...l, client_price_minor: 0 })) });
        const r = random(seed);
        const tampered = priceOrder({ ...input, lines: input.lines.map((l) => ({ ...l, client_price_minor: r.int(0, 10 ** 9) })) });
        const strip = (p: typeof honest) => ({ ...p, price_changed: false, lines: p.lines.map((l) => ({ ...l, price_changed: false })) });
        expect(strip(tampered)).toEqual(strip(honest));
      }
    });
  }

  it('flags a line whose client price differs, and only that one', () => {
    const p = priceOrder({
      mode: 'pickup', store: STORE, distance_km: null, tip_minor: 0,
      lines: [line({ item_id: 1, client_price_minor: 1000 }), line({ item_id: 2, client_price_minor: 900 })],
    });
    expect(p.lines.map((l) => l.price_changed)).toEqual([false, true]);
    expect(p.price_changed).toBe(true);
  });
});

describe('pricing rules', () => {
  it('prices a known cart by hand', () => {
    const p = priceOrder({
      mode: 'delivery', store: STORE, distance_km: 3.2, tip_minor: 200, coupon: { ...PERCENT, max_discount_minor: 500 },
      lines: [
        line({ item_price_minor: 1800, quantity: 2, tax_percent: 8.25, packaging_minor: 25,
          options: [{ option_id: 1, name: 'Large', price_minor: 600 }, { option_id: 2, name: 'Mushrooms', price_minor: 150 }], client_price_minor: 2550 }),
        line({ item_id: 2, item_price_minor: 399, quantity: 3, tax_percent: 0, client_price_minor: 399 }),
      ],
    });
    // 2550×2 = 5100 (tax 420.75 → 421), 399×3 = 1197.
    expect(p.lines.map((l) => [l.unit_minor, l.line_total_minor, l.tax_minor, l.packaging_minor])).toEqual([[2550, 5100, 421, 50], [399, 1197, 0, 0]]);
    expect(p.item_total_minor).toBe(6297);
    expect(p.tax_minor).toBe(421);
    expect(p.packaging_minor).toBe(100); // 25×2 + the store's 50
    expect(p.delivery_minor).toBe(299 + 2 * 75); // 1.2 km past the free 2 km → 2 started km
    expect(p.discount_minor).toBe(500); // 10% = 629.7, capped at 5.00
    expect(p.tip_minor).toBe(200);
    expect(p.total_minor).toBe(6297 + 421 + 100 + 449 - 500 + 200);
    expect(p.price_changed).toBe(false);
  });

  it('charges delivery per started km past the free distance', () => {
    expect(deliveryCharge(STORE, 0)).toBe(299);
    expect(deliveryCharge(STORE, 2)).toBe(299);
    expect(deliveryCharge(STORE, 2.01)).toBe(374);
    expect(deliveryCharge(STORE, 4)).toBe(449);
    expect(deliveryCharge(STORE, null)).toBe(299);
  });

  it('charges a chosen delivery partner\'s fare as it was quoted, and says what the store\'s own delivery would cost', () => {
    const p = priceOrder({ mode: 'delivery', store: STORE, distance_km: 4, tip_minor: 100, lines: [line()], partner_fare_minor: 6000 });
    expect([p.delivery_minor, p.store_delivery_minor]).toEqual([6000, 449]);
    expect(p.total_minor).toBe(1000 + 50 + 6000 + 100);
    expect(appliedDeliveryCharge(STORE, 4, undefined)).toBe(449);
    expect(appliedDeliveryCharge(STORE, 4, 0)).toBe(0);
    const pickup = priceOrder({ mode: 'pickup', store: STORE, distance_km: 4, tip_minor: 100, lines: [line()], partner_fare_minor: 6000 });
    expect([pickup.delivery_minor, pickup.store_delivery_minor]).toEqual([0, 0]);
  });

  it('charges no delivery and no tip for pickup', () => {
    const p = priceOrder({ mode: 'pickup', store: STORE, distance_km: 9, tip_minor: 500, lines: [line()] });
    expect([p.delivery_minor, p.tip_minor, p.distance_km]).toEqual([0, 0, null]);
    expect(p.total_minor).toBe(1000 + 50);
  });

  it('caps a flat discount at the item total', () => {
    const flat: CouponTerms = { ...PERCENT, discount_type: 'flat', discount_flat_minor: 5000 };
    const p = priceOrder({ mode: 'pickup', store: { ...STORE, packaging_minor: 0 }, distance_km: null, tip_minor: 0, coupon: flat, lines: [line()] });
    expect(p.discount_minor).toBe(1000);
    expect(p.total_minor).toBe(0);
  });

  it('refuses a coupon below its minimum item total', () => {
    const coupon = { ...PERCENT, min_order_minor: 1500 };
    expect(couponDiscount(coupon, [{ quantity: 1, line_total_minor: 1499 }], 1499)).toEqual({ discount_minor: 0, cashback_minor: 0, refusal: 'minimum_order' });
    expect(couponDiscount(coupon, [{ quantity: 1, line_total_minor: 1500 }], 1500).discount_minor).toBe(150);
  });

  it('makes a single item free, and refuses a free-order coupon on anything else', () => {
    const free: CouponTerms = { ...PERCENT, discount_percent: 100, is_free_order: true };
    expect(couponDiscount(free, [{ quantity: 1, line_total_minor: 1234 }], 1234)).toEqual({ discount_minor: 1234, cashback_minor: 0, refusal: '' });
    expect(couponDiscount({ ...free, max_discount_minor: 800 }, [{ quantity: 1, line_total_minor: 1234 }], 1234).discount_minor).toBe(800);
    expect(couponDiscount(free, [{ quantity: 2, line_total_minor: 2468 }], 2468).refusal).toBe('single_item_only');
    expect(couponDiscount(free, [{ quantity: 1, line_total_minor: 1 }, { quantity: 1, line_total_minor: 1 }], 2).refusal).toBe('single_item_only');
  });

  it('gives cashback without lowering the total', () => {
    const cashback: CouponTerms = { ...PERCENT, discount_percent: 0, cashback_minor: 1500 };
    const p = priceOrder({ mode: 'pickup', store: STORE, distance_km: null, tip_minor: 0, coupon: cashback, lines: [line()] });
    expect([p.discount_minor, p.cashback_minor, p.total_minor]).toEqual([0, 1500, 1050]);
  });

  it('flags unavailable and short-of-stock lines', () => {
    const p = priceOrder({
      mode: 'pickup', store: STORE, distance_km: null, tip_minor: 0,
      lines: [line({ stock: 3, quantity: 3 }), line({ item_id: 2, stock: 2, quantity: 3 }), line({ item_id: 3, is_available: false })],
    });
    expect(p.lines.map((l) => l.unavailable)).toEqual([false, true, true]);
    expect(p.has_unavailable).toBe(true);
  });
});
