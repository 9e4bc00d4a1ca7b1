/**
 * Money: every sum is kept in integer minor units (cents); amounts on the wire and on screen
 * are decimal display values. One rounding rule for both sides: half away from zero at the
 * minor unit.
 */

/** A display amount (12.5) in integer minor units (1250 for 2 digits), rounding half away from zero. */
export function toMinor(amount: number, minorDigits = 2): number {
  // toFixed first, so a display amount like 1.005 (1.00499… in binary) scales to 100.5, not 100.4999….
  const scaled = Number((Math.abs(amount) * 10 ** minorDigits).toFixed(6));
  return Math.sign(amount) * Math.round(scaled) || 0;
}

/** Minor units back to the display amount (1250 → 12.5), without binary noise in the last digits. */
export function fromMinor(minor: number, minorDigits = 2): number {
  return Number((minor / 10 ** minorDigits).toFixed(minorDigits));
}

/** Hundredths of a percent as an integer (8.25 → 825), so rates never go through float products. */
function basisPoints(percent: number): bigint {
  return BigInt(Math.round(percent * 100));
}

/** `percent` % of an amount in minor units, rounded half up (amounts are never negative). */
export function percentOf(amountMinor: number, percent: number): number {
  const product = BigInt(amountMinor) * basisPoints(percent);
  return Number((product + 5000n) / 10000n);
}
