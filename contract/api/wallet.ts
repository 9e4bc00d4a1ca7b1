/** The customer's wallet: balance and the ledger of credits and debits. */
import { Type, type Static } from '@sinclair/typebox';
import { RECHARGE_CALLS, type RechargeCallName, type RechargeProvider } from '../rules/payment-providers.ts';
import { Amount, BaseFields, BaseRequest, post, Text, type Envelope } from './common.ts';
import { OrderListRequest } from './orders.ts';

export interface WalletAmount {
  wallet_amount: number;
}

export interface WalletTransaction {
  id: number;
  kind: 'order_payment' | 'order_refund' | 'cashback' | 'recharge' | 'adjustment';
  amount: number;
  balance_after: number;
  order_id: number | null;
  created_at: string;
}

/** The balance and the transactions, newest first; and the providers the customer may recharge through, in the vendor's order. */
export interface WalletHistory {
  wallet_amount: number;
  transactions: WalletTransaction[];
  recharge_providers: RechargeProvider[];
}

/** get_user_wallet_history: paged like the order lists. */
export const WalletHistoryRequest = OrderListRequest;
export type WalletHistoryRequest = Static<typeof WalletHistoryRequest>;

/** wallet_recharge: an amount (major units) to add through the vendor's payment provider. */
export const WalletRechargeRequest = Type.Object({
  ...BaseFields,
  amount: Amount,
  /** The provider's page comes back here (http(s), on the storefront's own site; default the calling page's origin) with ?recharge=&payment=paid|failed|cancelled. */
  return_url: Type.Optional(Text({ maxLength: 2000 })),
  /** One of the providers the wallet offers (recharge_providers); the vendor's own provider when absent. */
  provider: Type.Optional(Text({ maxLength: 40, pattern: '^[a-z-]+$' })),
});
export type WalletRechargeRequest = Static<typeof WalletRechargeRequest>;

/** The provider's page for the recharge, and the recharge's id (the `recharge` of the return). */
export interface WalletRechargeStarted {
  recharge_id: string;
  payment_url: string;
}

/** wallet_recharge_status: one of the customer's own recharges, by the id the return carries. */
export const WalletRechargeStatusRequest = Type.Object({ ...BaseFields, recharge_id: Text({ minLength: 16, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) });
export type WalletRechargeStatusRequest = Static<typeof WalletRechargeStatusRequest>;

export interface WalletRechargeStatus {
  recharge_id: string;
  amount: number;
  /** pending until the provider confirms; paid is credited (once). */
  status: 'pending' | 'paid' | 'failed' | 'cancelled';
  wallet_amount: number;
}

/** The spec's per-provider recharge calls: as wallet_recharge, through that provider (`provider` is not read). */
const rechargeCall = post(WalletRechargeRequest).answers<Envelope<WalletRechargeStarted>>();
const rechargeCalls = Object.fromEntries(Object.keys(RECHARGE_CALLS).map((name) => [name, rechargeCall])) as Record<RechargeCallName, typeof rechargeCall>;

export const walletCalls = {
  ...rechargeCalls,
  /** Also served as GET, as older storefronts ask for it. */
  get_user_wallet_amount: post(BaseRequest).answers<Envelope<WalletAmount>>(),
  get_user_wallet_history: post(WalletHistoryRequest).answers<Envelope<WalletHistory>>(),
  /** 422 with a field error for amount (missing, under the vendor's minimum, over its limit, or no provider the wallet offers). */
  wallet_recharge: post(WalletRechargeRequest).answers<Envelope<WalletRechargeStarted>>(),
  wallet_recharge_status: post(WalletRechargeStatusRequest).answers<Envelope<WalletRechargeStatus>>(),
} as const;
