/** The customer's wallet: balance and the ledger of credits and debits. */
import type { Static } from '@sinclair/typebox';
import { BaseRequest, post, type Envelope } from './common.ts';
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

/** The balance and the transactions, newest first. */
export interface WalletHistory {
  wallet_amount: number;
  transactions: WalletTransaction[];
}

/** get_user_wallet_history: paged like the order lists. */
export const WalletHistoryRequest = OrderListRequest;
export type WalletHistoryRequest = Static<typeof WalletHistoryRequest>;

export const walletCalls = {
  /** Also served as GET, as older storefronts ask for it. */
  get_user_wallet_amount: post(BaseRequest).answers<Envelope<WalletAmount>>(),
  get_user_wallet_history: post(WalletHistoryRequest).answers<Envelope<WalletHistory>>(),
} as const;
