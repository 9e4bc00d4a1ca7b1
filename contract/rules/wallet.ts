/**
 * Wallet recharges: what the vendor's terms (settings.wallet_recharge, major units) say of an amount.
 * The storefront checks as the customer types; the server checks again before opening a payment.
 */
import { toMinor } from './money.ts';

export interface RechargeTerms {
  /** The smallest recharge. */
  minimum: number;
  /** The most a wallet may hold after a recharge. */
  limit: number;
}

export type RechargeRefusal = 'required' | 'minimum' | 'limit';

/**
 * Why `amount` (major units) cannot be recharged onto a balance of `balanceMinor`, or undefined:
 * 'required' for nothing (or not a number), 'minimum' under the smallest recharge, 'limit' when the
 * balance would pass the limit ('Wallet Recharge Limit exceeded').
 */
export function rechargeRefusal(amount: number, balanceMinor: number, terms: RechargeTerms, minorDigits: number): RechargeRefusal | undefined {
  const amountMinor = Number.isFinite(amount) ? toMinor(amount, minorDigits) : 0;
  if (amountMinor <= 0) return 'required';
  if (amountMinor < toMinor(terms.minimum, minorDigits)) return 'minimum';
  if (balanceMinor + amountMinor > toMinor(terms.limit, minorDigits)) return 'limit';
  return undefined;
}

/** The server's texts of the refusals (the storefront shows them in the customer's language). */
export const RECHARGE_TEXTS = {
  required: 'Please enter an amount',
  limit: 'Wallet Recharge Limit exceeded',
} as const;
