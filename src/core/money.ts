/**
 * Prices through Intl (SPEC §9: 2 decimals; a store card's cost for two 1 decimal).
 * The vendor's currency symbol leads the amount as the spec shows it ({currency}{value});
 * `priceDecimals` null is the spec's special vendor whose prices are not forced to 2 decimals.
 */
export interface MoneyFormat {
  locale: string;
  currency: string;
  priceDecimals: number | null;
}

// Building an Intl.NumberFormat costs far more than using one; long lists format thousands of numbers.
const formats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, locale: string, minimumFractionDigits: number, maximumFractionDigits: number): string {
  const key = `${locale}|${minimumFractionDigits}|${maximumFractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits });
    formats.set(key, format);
  }
  return format.format(value);
}

export function formatAmount(value: number, format: MoneyFormat, decimals?: number): string {
  const digits = decimals ?? format.priceDecimals;
  return digits === null ? formatNumber(value, format.locale, 0, 2) : formatNumber(value, format.locale, digits, digits);
}

export function formatPrice(value: number, format: MoneyFormat, decimals?: number): string {
  return `${format.currency}${formatAmount(value, format, decimals)}`;
}

/* ---------- every sum in integer minor units ---------- */

/** A display amount (e.g. 12.5) in integer minor units (1250 for 2 digits), rounding half away from zero. */
export function toMinor(amount: number, minorDigits = 2): number {
  const scaled = Math.abs(amount) * 10 ** minorDigits;
  // Display amounts like 1.005 are 1.00499… in binary; a tiny nudge keeps them at 101.
  const rounded = Math.round(scaled + scaled * Number.EPSILON * 4);
  return Math.sign(amount) * rounded || 0;
}

export function fromMinor(minor: number, minorDigits = 2): number {
  return minor / 10 ** minorDigits;
}
