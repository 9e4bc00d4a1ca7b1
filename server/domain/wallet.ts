import type { WalletHistory, WalletTransaction } from '../../contract/api/wallet.ts';
import type { Db } from '../db/pool.ts';
import type { Queryable } from './coupons.ts';
import { toMajor, type Vendor } from './vendors.ts';

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
): Promise<WalletHistory> {
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
