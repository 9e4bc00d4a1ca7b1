/**
 * Prices through Intl (2 decimals; a store card's cost for two 1 decimal). Sums are kept in
 * integer minor units with contract/rules/money.ts.
 * The vendor's currency symbol leads the amount with no space ({currency}{value});
 * `priceDecimals` null is a vendor whose prices are not forced to 2 decimals (0 to 2 are shown).
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
