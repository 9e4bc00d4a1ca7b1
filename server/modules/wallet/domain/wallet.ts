import type { WalletHistory, WalletRechargeStatus, WalletTransaction } from '../../../../contract/api/wallet.ts';
import { toMinor } from '../../../../contract/rules/money.ts';
import { RECHARGE_TEXTS, rechargeRefusal } from '../../../../contract/rules/wallet.ts';
import type { Db } from '../../../db/pool.ts';
import { PAYMENT_TEXTS, type RechargeProvider } from '../../../../contract/rules/payment-providers.ts';
import {
  findPayment, insertPayment, newSessionId, type PaymentAccounts, paymentCustomer, type PaymentProvider, publicOutcome, recordProviderSession,
  settlePayment,
} from '../../payments/index.ts';
import type { Queryable } from '../../pricing/index.ts';
import { InputError, ProviderUnavailable } from '../../../errors.ts';
import { rechargeTerms, toMajor, type Vendor } from '../../vendors/index.ts';

/** The customer's balance in minor units (0 for an unknown customer). */
export async function walletBalance(q: Queryable, vendorId: number, userId: number): Promise<number> {
  const { rows } = await q.query<{ balance: number }>(
    'SELECT wallet_balance_minor AS balance FROM users WHERE vendor_id = $1 AND id = $2',
    [vendorId, userId],
  );
  return rows[0]?.balance ?? 0;
}

/** Balance and ledger, newest first. */
export async function walletHistory(
  db: Db, vendor: Vendor, userId: number, paging: { skip: number; limit: number },
): Promise<Omit<WalletHistory, 'recharge_providers'>> {
  const { rows } = await db.query<{
    id: number; kind: WalletTransaction['kind']; amount_minor: number; balance_after_minor: number; order_id: number | null; created_at: Date;
  }>(
    `SELECT id, kind, amount_minor, balance_after_minor, order_id, created_at FROM wallet_transactions
     WHERE vendor_id = $1 AND user_id = $2 ORDER BY id DESC LIMIT $3 OFFSET $4`,
    [vendor.id, userId, paging.limit, paging.skip],
  );
  return {
    wallet_amount: toMajor(vendor, await walletBalance(db, vendor.id, userId)),
    transactions: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: toMajor(vendor, r.amount_minor),
      balance_after: toMajor(vendor, r.balance_after_minor),
      order_id: r.order_id,
      created_at: r.created_at.toISOString(),
    })),
  };
}

/**
 * The providers this customer may recharge through, in the vendor's order: the vendor's own provider
 * (settings.payment_provider, the test provider by default) where this server runs it, then the
 * accounts the vendor enabled for its currency and the customer's country (the calling code of their number).
 */
export async function rechargeProviders(db: Db, payments: PaymentAccounts, vendor: Vendor, userId: number): Promise<RechargeProvider[]> {
  const { rows } = await db.query<{ country_code: string }>('SELECT country_code FROM users WHERE vendor_id = $1 AND id = $2', [vendor.id, userId]);
  const defaultProvider = String(vendor.settings.payment_provider ?? 'test');
  return payments.offered({ id: vendor.id, currency_code: vendor.currency_code, defaultProvider }, rows[0]?.country_code ?? '');
}

export interface RechargeInput {
  vendor: Vendor;
  /** The storefront's language (the provider's pages of ours speak it). */
  lang: string;
  userId: number;
  /** Major units, as the customer typed or chose it. */
  amount: number;
  provider: PaymentProvider | undefined;
  baseUrl: string;
  /** Checked http(s) URL the provider's page returns to. */
  returnUrl: string;
}

/**
 * Starts a recharge: checks the amount against the vendor's terms (a 422 on amount: missing, under the
 * minimum, or taking the balance past the limit, 'Wallet Recharge Limit exceeded'), records the pending
 * payment and opens it at the provider. The limit is judged now: a payment made is always credited,
 * even if another recharge was credited in between.
 */
export async function startRecharge(db: Db, input: RechargeInput): Promise<{ rechargeId: string; url: string }> {
  const { vendor } = input;
  if (!input.provider) throw InputError.on('amount', PAYMENT_TEXTS.unavailable);
  const terms = rechargeTerms(vendor);
  const amountMinor = toMinor(input.amount, vendor.currency_exponent);
  const refusal = rechargeRefusal(input.amount, await walletBalance(db, vendor.id, input.userId), terms, vendor.currency_exponent);
  if (refusal === 'minimum') throw InputError.on('amount', `The smallest recharge is ${terms.minimum.toFixed(vendor.currency_exponent)}`);
  if (refusal) throw InputError.on('amount', RECHARGE_TEXTS[refusal]);
  const sessionId = newSessionId();
  await insertPayment(db, {
    vendorId: vendor.id, orderId: null, userId: input.userId, provider: input.provider.name, sessionId, amountMinor,
    currencyCode: vendor.currency_code, returnUrl: input.returnUrl,
  });
  let opened: Awaited<ReturnType<PaymentProvider['createSession']>>;
  try {
    opened = await input.provider.createSession({
      sessionId, vendorId: vendor.id, orderId: null, customerId: input.userId, customer: await paymentCustomer(db, vendor.id, input.userId),
      lang: input.lang, amountMinor, currencyCode: vendor.currency_code,
      currencyExponent: vendor.currency_exponent, vendorName: vendor.name, baseUrl: input.baseUrl,
    });
  } catch (error) {
    // Nothing was opened, so nothing can be paid: the attempt is closed here and the customer may try again.
    await db.query(`UPDATE payments SET status = 'failed', confirmed_at = now() WHERE session_id = $1 AND status = 'pending'`, [sessionId]);
    throw new ProviderUnavailable(error);
  }
  await recordProviderSession(db, sessionId, opened);
  return { rechargeId: sessionId, url: opened.url };
}

/**
 * One of the customer's own recharges (undefined for another's or an unknown id); a pending one past
 * its time is settled as expired first.
 */
export async function rechargeStatus(db: Db, vendor: Vendor, userId: number, rechargeId: string): Promise<WalletRechargeStatus | undefined> {
  let payment = await findPayment(db, rechargeId);
  if (!payment || payment.vendor_id !== vendor.id || payment.customer_id !== userId || payment.order_id !== null) return undefined;
  if (payment.status === 'pending' && payment.expired) payment = (await settlePayment(db, rechargeId, 'expired')) ?? payment;
  return {
    recharge_id: rechargeId,
    amount: toMajor(vendor, payment.amount_minor),
    status: publicOutcome(payment.status),
    wallet_amount: toMajor(vendor, await walletBalance(db, vendor.id, userId)),
  };
}
