import type pg from 'pg';
import { publishEvent, publishGroupEvent } from '../../events/index.ts';

/**
 * The shares of a group order paid by its members (payer 'each'; table order_group_shares) going back
 * the way they came, once: a share paid from a wallet is credited to the wallet that paid it (ledger
 * 'order_refund'), one paid online has its payment marked refund_pending, which the refund sweep gives
 * back through the provider. Each share moves from paid to refunded under its row lock, so a share is
 * never given back twice. `memberId` limits it to one member's share (a member leaving or removed).
 * Answers what went back: in all, and to wallets.
 */
export async function refundGroupShares(
  client: pg.PoolClient, vendorId: number, groupId: number, orderId: number | null, memberId?: number,
): Promise<{ refundedMinor: number; walletMinor: number }> {
  const { rows } = await client.query<{ id: number; paid_by: number; amount_minor: number; method: 'wallet' | 'online'; payment_id: number | null }>(
    `UPDATE order_group_shares SET status = 'refunded', refunded_at = now()
     WHERE id IN (SELECT id FROM order_group_shares WHERE vendor_id = $1 AND group_id = $2 AND status = 'paid'
                  AND ($3::bigint IS NULL OR member_id = $3) ORDER BY id FOR UPDATE)
     RETURNING id, paid_by, amount_minor, method, payment_id`,
    [vendorId, groupId, memberId ?? null],
  );
  let refunded = 0;
  let wallet = 0;
  const payments = new Set<number>();
  for (const share of rows.sort((a, b) => a.id - b.id)) {
    refunded += Number(share.amount_minor);
    if (share.method === 'wallet') {
      wallet += Number(share.amount_minor);
      await client.query(
        `WITH credited AS (
           UPDATE users SET wallet_balance_minor = wallet_balance_minor + $3, updated_at = now()
           WHERE vendor_id = $1 AND id = $2 RETURNING wallet_balance_minor AS balance)
         INSERT INTO wallet_transactions (vendor_id, user_id, order_id, kind, amount_minor, balance_after_minor)
         SELECT $1, $2, $4, 'order_refund', $3, balance FROM credited`,
        [vendorId, share.paid_by, Number(share.amount_minor), orderId],
      );
    } else if (share.payment_id !== null) payments.add(share.payment_id);
  }
  if (payments.size) {
    await client.query(`UPDATE payments SET status = 'refund_pending' WHERE vendor_id = $1 AND id = ANY($2::bigint[]) AND status = 'paid'`, [
      vendorId, [...payments],
    ]);
  }
  return { refundedMinor: refunded, walletMinor: wallet };
}

/**
 * A change to a group order made: its version grows and `group_updated` is published, in the caller's
 * transaction, to each signed-in member still in it on their own stream (and to `alsoUsers`, e.g. one
 * just removed), and once to its guests on the group's stream. Answers the new version. Here, beside the
 * shares, so a share settled by its payment's webhook tells the group as every other change does.
 */
export async function announceGroupChange(client: pg.PoolClient, vendorId: number, groupId: number, alsoUsers: readonly number[] = []): Promise<number> {
  const { rows } = await client.query<{ version: number }>(
    'UPDATE order_groups SET version = version + 1, updated_at = now() WHERE vendor_id = $1 AND id = $2 RETURNING version',
    [vendorId, groupId],
  );
  const version = Number(rows[0]!.version);
  const members = await client.query<{ user_id: number }>(
    'SELECT DISTINCT user_id FROM order_group_members WHERE vendor_id = $1 AND group_id = $2 AND removed_at IS NULL AND user_id IS NOT NULL',
    [vendorId, groupId],
  );
  const event = { kind: 'group_updated' as const, order_id: 0 as const, data: { group_id: groupId, version } };
  const users = new Set<number>([...alsoUsers, ...members.rows.map((row) => Number(row.user_id))]);
  for (const userId of users) await publishEvent(client, vendorId, userId, event);
  await publishGroupEvent(client, vendorId, groupId, event);
  return version;
}
