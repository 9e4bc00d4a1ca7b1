import type pg from 'pg';
import type { GroupBill, GroupView, SharePayment } from '../../../../contract/api/group-orders.ts';
import { mayPlace, splitBill } from '../../../../contract/rules/group-orders.ts';
import { fromMinor, toMinor } from '../../../../contract/rules/money.ts';
import { inTransaction } from '../../../db/tx.ts';
import { InputError, ProviderUnavailable } from '../../../errors.ts';
import { placeGroupOrder, type PlaceOrderOutcome } from '../../orders/index.ts';
import { insertPayment, newSessionId, paymentCustomer, type PaymentProvider, recordProviderSession } from '../../payments/index.ts';
import { PAYMENT_TEXTS } from '../../../../contract/rules/payment-providers.ts';
import { REFUSAL_TEXTS } from '../../../../contract/rules/refusals.ts';
import {
  activeMembers, announceChange, GROUP_TEXTS, groupLines, loadGroup, groupView, GroupRefusal, hostOf, itemsByMember, type Caller, type GroupContext,
  type Loaded, priceGroup, type PricedGroup, requireMember, stateOf, statusOf,
} from './groups.ts';
import { endGroup, onGroup } from './actions.ts';

/** The whole order priced with the host's coupon and tip, and each part's share (splitBill, minor units). */
export async function billOf(c: pg.PoolClient, ctx: GroupContext, loaded: Loaded): Promise<{ priced: PricedGroup; shares: Map<number, number> }> {
  const { group } = loaded;
  const priced = await priceGroup(c, ctx, group, await groupLines(c, ctx.vendor.id, group.id), { coupon: group.coupon_code, tipMinor: group.tip_minor });
  const items = itemsByMember(priced);
  const members = activeMembers(loaded);
  const split = splitBill(priced.priced.price.total_minor, members.map((m) => ({ memberId: m.id, itemsMinor: items.get(m.id)?.itemsMinor ?? 0 })));
  return { priced, shares: new Map(members.map((m, i) => [m.id, split[i]!])) };
}

/** group-bill: the host's promo code and tip set (when the host sends them), the bill and its split. */
export async function groupBill(ctx: GroupContext, ref: string, caller: Caller, choice: { coupon?: string | undefined; tip?: number | undefined }): Promise<GroupBill> {
  return onGroup(ctx, ref, async (c, loaded) => {
    const me = requireMember(loaded, caller);
    const { group } = loaded;
    const status = statusOf(loaded, ctx.now);
    if (me.id === hostOf(loaded).id && (status === 'open' || status === 'locked') && (choice.coupon !== undefined || choice.tip !== undefined)) {
      const coupon = choice.coupon === undefined ? group.coupon_code : choice.coupon.trim();
      const tip = choice.tip === undefined ? group.tip_minor : toMinor(choice.tip, ctx.vendor.currency_exponent);
      if (coupon !== group.coupon_code || tip !== group.tip_minor) {
        const paid = await c.query(`SELECT 1 FROM order_group_shares WHERE vendor_id = $1 AND group_id = $2 AND status IN ('pending', 'paid') LIMIT 1`, [
          ctx.vendor.id, group.id,
        ]);
        if (paid.rows.length) throw new GroupRefusal('conflict', GROUP_TEXTS.sharesPaid);
        await c.query('UPDATE order_groups SET coupon_code = $3, tip_minor = $4 WHERE vendor_id = $1 AND id = $2', [ctx.vendor.id, group.id, coupon, tip]);
        group.coupon_code = coupon;
        group.tip_minor = tip;
        await announceChange(c, loaded);
      }
    }
    return billAnswer(ctx, loaded, await billOf(c, ctx, loaded));
  });
}

/** The bill as the calls answer it: the breakdown, and each member's items and share in display units. */
function billAnswer(ctx: GroupContext, loaded: Loaded, { priced, shares }: Awaited<ReturnType<typeof billOf>>): GroupBill {
  const items = itemsByMember(priced);
  const major = (minor: number) => fromMinor(minor, ctx.vendor.currency_exponent);
  return {
    breakdown: priced.breakdown,
    shares: activeMembers(loaded).map((m) => ({
      member_id: m.id, name: m.name, items_total: major(items.get(m.id)?.itemsMinor ?? 0), share: major(shares.get(m.id) ?? 0),
    })),
  };
}

export interface PayInput {
  method: 'wallet' | 'online';
  expectedShare: number;
  returnUrl: string;
  provider: PaymentProvider | undefined;
}

/** Paid (or opened), or the share asked for is not the bill's now (the storefront asks for the bill again). */
export type ShareOutcome = { paid: { payment: SharePayment; view: GroupView } } | { changed: true };

/** Opens an online payment for `amountMinor` paying the shares of `memberIds` (pending until the provider confirms). */
async function openSharePayment(
  c: pg.PoolClient, ctx: GroupContext, loaded: Loaded, payerId: number, memberIds: number[], amountMinor: number,
  input: Pick<PayInput, 'returnUrl' | 'provider'>,
): Promise<string> {
  if (!input.provider) throw InputError.on('payment_method', PAYMENT_TEXTS.unavailable);
  const sessionId = newSessionId();
  await insertPayment(c, {
    vendorId: ctx.vendor.id, orderId: null, userId: payerId, provider: input.provider.name, sessionId, amountMinor,
    currencyCode: ctx.vendor.currency_code, returnUrl: input.returnUrl, purpose: 'group_share',
  });
  const { rows } = await c.query<{ id: number }>('SELECT id FROM payments WHERE session_id = $1', [sessionId]);
  const share = Math.floor(amountMinor / memberIds.length);
  for (const [i, memberId] of memberIds.entries()) {
    const amount = memberIds.length === 1 ? amountMinor : i === 0 ? amountMinor - share * (memberIds.length - 1) : share;
    await c.query(
      `INSERT INTO order_group_shares (vendor_id, group_id, member_id, paid_by, amount_minor, method, payment_id, status)
       VALUES ($1, $2, $3, $4, $5, 'online', $6, 'pending')`,
      [ctx.vendor.id, loaded.group.id, memberId, payerId, amount, rows[0]!.id],
    );
  }
  const opened = await input.provider.createSession({
    sessionId, vendorId: ctx.vendor.id, orderId: null, customerId: payerId, customer: await paymentCustomer(c, ctx.vendor.id, payerId),
    lang: ctx.lang, amountMinor, currencyCode: ctx.vendor.currency_code, currencyExponent: ctx.vendor.currency_exponent,
    vendorName: ctx.vendor.name, baseUrl: ctx.baseUrl,
  }).catch((error: unknown) => {
    throw new ProviderUnavailable(error);
  });
  await recordProviderSession(c, sessionId, opened);
  return opened.url;
}

/** Debits `payerId`'s wallet for the shares of `memberIds` (their amounts), one ledger row; false when the balance is short. */
async function walletShares(c: pg.PoolClient, ctx: GroupContext, loaded: Loaded, payerId: number, amounts: Array<[number, number]>): Promise<boolean> {
  const total = amounts.reduce((sum, [, amount]) => sum + amount, 0);
  const { rows } = await c.query<{ id: number }>(
    `WITH debited AS (
       UPDATE users SET wallet_balance_minor = wallet_balance_minor - $3, updated_at = now()
       WHERE vendor_id = $1 AND id = $2 AND wallet_balance_minor >= $3 RETURNING wallet_balance_minor AS balance)
     INSERT INTO wallet_transactions (vendor_id, user_id, order_id, kind, amount_minor, balance_after_minor)
     SELECT $1, $2, NULL, 'order_payment', -$3::bigint, balance FROM debited RETURNING id`,
    [ctx.vendor.id, payerId, total],
  );
  if (!rows[0]) return false;
  for (const [memberId, amount] of amounts) {
    await c.query(
      `INSERT INTO order_group_shares (vendor_id, group_id, member_id, paid_by, amount_minor, method, wallet_transaction_id, status)
       VALUES ($1, $2, $3, $4, $5, 'wallet', $6, 'paid')`,
      [ctx.vendor.id, loaded.group.id, memberId, payerId, amount, rows[0].id],
    );
  }
  return true;
}

/**
 * group-pay-share (payer 'each', a signed-in member, the group locked): the caller's share, from the wallet
 * at once or online (credited when the provider confirms). Once per member: the same share asked again
 * answers the payment there is.
 */
export async function payShare(ctx: GroupContext, ref: string, caller: Caller, input: PayInput): Promise<ShareOutcome> {
  return onGroup(ctx, ref, async (c, loaded) => {
    const me = requireMember(loaded, caller);
    if (loaded.group.payer !== 'each') throw new GroupRefusal('conflict', GROUP_TEXTS.hostPays);
    const status = statusOf(loaded, ctx.now);
    if (status !== 'locked') throw new GroupRefusal(status === 'open' ? 'conflict' : 'gone', status === 'open' ? GROUP_TEXTS.notLocked : GROUP_TEXTS.ended);
    const bill = await billOf(c, ctx, loaded);
    const amount = bill.shares.get(me.id) ?? 0;
    const { rows: live } = await c.query<{ status: string; amount_minor: number; provider_url: string | null }>(
      `SELECT s.status, s.amount_minor, p.provider_url FROM order_group_shares s LEFT JOIN payments p ON p.id = s.payment_id
       WHERE s.vendor_id = $1 AND s.member_id = $2 AND s.status IN ('pending', 'paid')`,
      [ctx.vendor.id, me.id],
    );
    const existing = live[0];
    if (existing) {
      if (existing.status === 'paid' && Number(existing.amount_minor) === toMinor(input.expectedShare, ctx.vendor.currency_exponent)) {
        const view = await groupView(c, ctx, loaded, me.id);
        return { paid: { payment: view.parts.find((p) => p.is_me)!.payment, view } };
      }
      throw new GroupRefusal('conflict', existing.status === 'paid' ? GROUP_TEXTS.alreadyPaid : GROUP_TEXTS.paymentOpen);
    }
    if (amount <= 0) throw new GroupRefusal('conflict', GROUP_TEXTS.nothingToPay);
    if (amount !== toMinor(input.expectedShare, ctx.vendor.currency_exponent) || bill.priced.priced.price.price_changed) {
      return { changed: true };
    }
    let payment: SharePayment;
    if (input.method === 'wallet') {
      if (!(await walletShares(c, ctx, loaded, caller.userId!, [[me.id, amount]]))) throw new GroupRefusal('unprocessable', REFUSAL_TEXTS['wallet.insufficient']);
      payment = { status: 'paid', method: 'wallet', amount: fromMinor(amount, ctx.vendor.currency_exponent) };
    } else {
      payment = { status: 'pending', payment_url: await openSharePayment(c, ctx, loaded, caller.userId!, [me.id], amount, input) };
    }
    await announceChange(c, loaded);
    return { paid: { payment, view: await groupView(c, ctx, loaded, me.id) } };
  });
}


export interface PlaceInput {
  idempotencyKey: string;
  method: 'cash' | 'wallet' | 'online';
  expectedTotal: number;
  returnUrl: string;
  provider: PaymentProvider | undefined;
}

export type PlaceOutcome =
  | { view: GroupView; paymentUrl: string }
  | { refused: Extract<PlaceOrderOutcome, { refused: unknown }>['refused'] };

/**
 * group-place (host, locked group): one order, its lines labelled with each part's person. Host pays all:
 * paid as place_order pays. Each pays: every share paid, or the host covers those not paid (wallet at once;
 * online: a payment for their sum, then group-place again once it is paid). Any refusal places nothing
 * and changes no share.
 */
export async function placeGroup(ctx: GroupContext, ref: string, caller: Caller, input: PlaceInput): Promise<PlaceOutcome> {
  return onGroup(ctx, ref, async (c, loaded) => {
    const me = requireMember(loaded, caller);
    const { group } = loaded;
    if (me.id !== hostOf(loaded).id) throw new GroupRefusal('forbidden', GROUP_TEXTS.hostOnly);
    if (group.status === 'placed' && group.order_id !== null) return { view: await groupView(c, ctx, loaded, me.id), paymentUrl: '' };
    if (!mayPlace(stateOf(loaded), me.id, ctx.now)) {
      const status = statusOf(loaded, ctx.now);
      throw new GroupRefusal(status === 'open' ? 'conflict' : 'gone', status === 'open' ? GROUP_TEXTS.notLocked : GROUP_TEXTS.ended);
    }
    const bill = await billOf(c, ctx, loaded);
    const people = bill.priced.lines.map((l) => loaded.members.find((m) => m.id === l.member_id)?.name ?? '');
    let prepaid = false;
    let method = input.method;
    await c.query('SAVEPOINT group_cover');
    if (group.payer === 'each') {
      if (toMinor(input.expectedTotal, ctx.vendor.currency_exponent) !== bill.priced.priced.price.total_minor) {
        return { refused: { reason: 'priceChanged', breakdown: bill.priced.breakdown } };
      }
      const { rows } = await c.query<{ member_id: number; status: string; amount_minor: number; method: string }>(
        `SELECT member_id, status, amount_minor, method FROM order_group_shares WHERE vendor_id = $1 AND group_id = $2 AND status IN ('pending', 'paid')`,
        [ctx.vendor.id, group.id],
      );
      const paid = new Map(rows.map((r) => [Number(r.member_id), r]));
      const missing: Array<[number, number]> = [];
      for (const [memberId, amount] of bill.shares) {
        if (amount <= 0) continue;
        const share = paid.get(memberId);
        if (share?.status === 'pending') throw new GroupRefusal('conflict', GROUP_TEXTS.unpaidShares);
        if (!share) missing.push([memberId, amount]);
        else if (Number(share.amount_minor) !== amount) return { refused: { reason: 'priceChanged', breakdown: bill.priced.breakdown } };
      }
      if (missing.length) {
        if (input.method === 'cash') throw new GroupRefusal('conflict', GROUP_TEXTS.unpaidShares);
        if (input.method === 'online') {
          const sum = missing.reduce((s, [, a]) => s + a, 0);
          const url = await openSharePayment(c, ctx, loaded, group.host_user_id, missing.map(([m]) => m), sum, input);
          await announceChange(c, loaded);
          return { view: await groupView(c, ctx, loaded, me.id), paymentUrl: url };
        }
        if (!(await walletShares(c, ctx, loaded, group.host_user_id, missing))) {
          await c.query('ROLLBACK TO SAVEPOINT group_cover');
          return { refused: { reason: 'insufficientWallet' } };
        }
      }
      prepaid = true;
      const methods = new Set([...rows.map((r) => r.method), ...(missing.length ? ['wallet'] : [])]);
      method = methods.has('online') ? 'online' : 'wallet';
    }
    const outcome = await placeGroupOrder(c, {
      vendor: ctx.vendor, userId: group.host_user_id, lang: ctx.lang, baseUrl: ctx.baseUrl,
      query: bill.priced.query, idempotencyKey: input.idempotencyKey, fingerprint: `group:${group.id}`,
      paymentMethod: method, expectedTotal: input.expectedTotal, returnUrl: input.returnUrl, orderImages: [], note: '',
      provider: input.provider, now: ctx.now, group: { id: group.id, people, prepaid },
    });
    if ('refused' in outcome) {
      await c.query('ROLLBACK TO SAVEPOINT group_cover');
      return { refused: outcome.refused };
    }
    await c.query(`UPDATE order_groups SET status = 'placed', order_id = $3 WHERE vendor_id = $1 AND id = $2`, [ctx.vendor.id, group.id, outcome.placed.order_id]);
    group.status = 'placed';
    group.order_id = outcome.placed.order_id;
    await announceChange(c, loaded);
    return { view: await groupView(c, ctx, loaded, me.id), paymentUrl: outcome.placed.payment_url };
  });
}

/**
 * The groups' clock, run by the module's job: a group whose deadline passed is announced locked (once;
 * its status stays computed from the deadline), and one past expires_at unplaced expires, its paid shares
 * going back. Answers how many groups it touched.
 */
export async function sweepGroups(ctx: Omit<GroupContext, 'vendor' | 'lang' | 'baseUrl' | 'secret'>): Promise<number> {
  const { rows } = await ctx.db.query<{ id: number; vendor_id: number; expire: boolean }>(
    `SELECT id, vendor_id, expires_at <= $1 AS expire FROM order_groups
     WHERE status IN ('open', 'locked') AND (expires_at <= $1 OR (status = 'open' AND deadline_at <= $1 AND NOT deadline_announced))
     ORDER BY id LIMIT 100`,
    [ctx.now],
  );
  for (const row of rows) {
    await inTransaction(ctx.db, async (c) => {
      const loaded = await loadGroup(c, Number(row.vendor_id), Number(row.id), true);
      if (loaded.group.status !== 'open' && loaded.group.status !== 'locked') return;
      if (row.expire) return endGroup(c, loaded, 'expired');
      await c.query('UPDATE order_groups SET deadline_announced = true WHERE id = $1', [row.id]);
      await announceChange(c, loaded);
    });
  }
  return rows.length;
}
