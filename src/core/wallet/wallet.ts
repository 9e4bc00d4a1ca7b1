import { t } from '@lingui/core/macro';
import { atom } from 'nanostores';
import type { WalletTransaction } from '../../../contract/api/wallet.ts';
import { isProviderName, PAYMENT_PROVIDERS, type RechargeProvider } from '../../../contract/rules/payment-providers.ts';
import { toMinor } from '../../../contract/rules/money.ts';
import { safeWebUrl } from '../../../contract/rules/urls.ts';
import { rechargeRefusal, type RechargeTerms } from '../../../contract/rules/wallet.ts';
import { ApiError, callApi } from '../api/client.ts';
import { westernDigits } from '../i18n/digits.ts';
import { formatPrice, type MoneyFormat } from '../i18n/money.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { customerText } from '../i18n/server-texts.ts';
import { shared } from '../platform/registry.ts';
import { $user } from '../session/session-state.ts';

/** History lines are fetched this many at a time. */
export const WALLET_PAGE_SIZE = 20;

export type WalletState =
  | { status: 'idle' | 'loading' }
  | {
    status: 'ready'; balance: number; transactions: WalletTransaction[]; hasMore: boolean; loadingMore: boolean; moreFailed: boolean;
    /** The providers the customer may recharge through, in the vendor's order. */
    providers: RechargeProvider[];
  }
  | { status: 'failed' };

export const $wallet = shared('wallet.state', () => atom<WalletState>({ status: 'idle' }));
const requests = shared('wallet.requests', () => ({ latest: 0 }));

/** The balance the side menu shows (the session's user) follows the wallet's. */
function showBalance(balance: number): void {
  const user = $user.get();
  if (user && user.wallet_amount !== balance) $user.set({ ...user, wallet_amount: balance });
}

/** The balance and the first page of the history (the signed-in customer's). */
export async function loadWallet(): Promise<void> {
  const request = ++requests.latest;
  if ($wallet.get().status !== 'ready') $wallet.set({ status: 'loading' });
  try {
    const response = await callApi('get_user_wallet_history', { skip: 0, limit: WALLET_PAGE_SIZE });
    if (request !== requests.latest) return;
    if (response.code !== 200 || !response.Result) throw new Error(response.msg ?? 'wallet');
    const { wallet_amount: balance, transactions, recharge_providers: providers } = response.Result;
    $wallet.set({
      status: 'ready', balance, transactions, providers: providers ?? [], hasMore: transactions.length === WALLET_PAGE_SIZE, loadingMore: false, moreFailed: false,
    });
    showBalance(balance);
  } catch {
    if (request === requests.latest) $wallet.set({ status: 'failed' });
  }
}

/** The next page of the history; a line already shown is not shown twice. */
export async function loadMoreWallet(): Promise<void> {
  const state = $wallet.get();
  if (state.status !== 'ready' || !state.hasMore || state.loadingMore) return;
  const request = requests.latest;
  $wallet.set({ ...state, loadingMore: true, moreFailed: false });
  try {
    const response = await callApi('get_user_wallet_history', { skip: state.transactions.length, limit: WALLET_PAGE_SIZE });
    const current = $wallet.get();
    if (request !== requests.latest || current.status !== 'ready') return;
    const page = response.code === 200 ? (response.Result?.transactions ?? []) : [];
    const seen = new Set(current.transactions.map((line) => line.id));
    $wallet.set({
      ...current, transactions: [...current.transactions, ...page.filter((line) => !seen.has(line.id))],
      hasMore: page.length === WALLET_PAGE_SIZE, loadingMore: false,
    });
  } catch {
    const current = $wallet.get();
    if (current.status === 'ready') $wallet.set({ ...current, loadingMore: false, moreFailed: true });
  }
}

/** Signed out: nothing of the last customer's wallet stays on the page. */
export function resetWallet(): void {
  requests.latest += 1;
  $wallet.set({ status: 'idle' });
}

/** What a history line was for. */
export function transactionLabel(kind: WalletTransaction['kind']): string {
  switch (kind) {
    case 'order_payment': return t`Order payment`;
    case 'order_refund': return t`Order refund`;
    case 'cashback': return t`Cashback`;
    case 'recharge': return t`Wallet recharge`;
    default: return t`Adjustment`;
  }
}

/**
 * The amount the customer typed (in their digits: Arabic-Indic digits and a comma or Arabic decimal
 * separator are read too), or NaN.
 */
export function parseAmount(text: string): number {
  const western = westernDigits(text.trim())
    .replace(/[\u066b,]/g, '.')
    .replace(/[\s\u066c]/g, '');
  return /^\d+(\.\d+)?$/.test(western) ? Number(western) : Number.NaN;
}

/** The currency's minor digits (2 for USD and AED, 0 for JPY), as the server keeps its sums. */
export function minorDigits(currencyCode: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Why the amount cannot be recharged, in the customer's language, or undefined. */
export function rechargeError(amount: number, balance: number, terms: RechargeTerms, money: MoneyFormat, digits: number): string | undefined {
  const refusal = rechargeRefusal(amount, toMinor(balance, digits), terms, digits);
  if (refusal === 'required') return t`Please enter an amount`;
  if (refusal === 'minimum') return t`The smallest recharge is ${formatPrice(terms.minimum, money)}.`;
  if (refusal === 'limit') return t`Wallet Recharge Limit exceeded: your wallet can hold up to ${formatPrice(terms.limit, money)}.`;
  return undefined;
}

export type RechargeStart = { kind: 'redirect'; url: string } | { kind: 'refused'; message: string };

/**
 * The provider's page to go to, or why not (in the customer's language): through the provider's own
 * recharge call (the built-in test provider: wallet_recharge).
 */
export async function startRecharge(amount: number, returnUrl: string, provider: RechargeProvider['name'] | undefined): Promise<RechargeStart> {
  try {
    const body = { amount, return_url: returnUrl };
    const response = provider !== undefined && isProviderName(provider)
      ? await callApi(PAYMENT_PROVIDERS[provider].rechargeCall, body)
      : await callApi('wallet_recharge', body);
    // The browser is sent only to an http(s) payment page (the URL rule).
    const url = response.code === 200 ? safeWebUrl(response.Result?.payment_url) : undefined;
    if (url) return { kind: 'redirect', url };
    return { kind: 'refused', message: response.msg ? customerText(response.msg) : say(MESSAGES.somethingWentWrong) };
  } catch (error) {
    const field = error instanceof ApiError ? (error.errors.amount?.[0] ?? error.errors.provider?.[0] ?? error.errors.return_url?.[0]) : undefined;
    return { kind: 'refused', message: field === undefined ? say(MESSAGES.somethingWentWrongTryAgain) : customerText(field) };
  }
}

export type RechargeResult = { status: 'paid' | 'failed' | 'cancelled' | 'pending'; amount: number } | { status: 'unknown' };

/** The outcome of a recharge the provider's page came back from; the wallet is loaded again after it. */
export async function confirmRecharge(rechargeId: string): Promise<RechargeResult> {
  try {
    const response = await callApi('wallet_recharge_status', { recharge_id: rechargeId });
    if (response.code !== 200 || !response.Result) return { status: 'unknown' };
    return { status: response.Result.status, amount: response.Result.amount };
  } catch {
    return { status: 'unknown' };
  } finally {
    void loadWallet();
  }
}

/** The recharge the page came back from (`recharge`, as the return URL carries it), or undefined. */
export function returningRecharge(search: string): string | undefined {
  const id = new URLSearchParams(search).get('recharge');
  return id && /^[A-Za-z0-9_-]{16,100}$/.test(id) ? id : undefined;
}
