import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupBill, GroupJoined, GroupView, SharePaid } from '../../../../contract/api/group-orders.ts';
import type { OrderDetail } from '../../../../contract/api/orders.ts';
import { GROUP_MAX_MEMBERS } from '../../../../contract/rules/group-orders.ts';
import { transition } from '../../order-status/index.ts';
import { inTransaction } from '../../../db/tx.ts';
import { createCheckoutWorld, key, line, pressPaymentButton, type CheckoutWorld } from '../../../test/checkout-fixtures.ts';
import { sweepGroups } from '../domain/money.ts';

const RETURN = 'http://localhost:5173/group';

describe('group orders through their calls', () => {
  let w: CheckoutWorld;
  let host: string;
  let sam: string;
  let margherita: number;
  let price: number;
  let small: number;
  const pizza = (quantity: number) => line(margherita, quantity, price, [small]);
  beforeAll(async () => {
    w = await createCheckoutWorld();
    await w.sql(`INSERT INTO users (vendor_id, user_name, mobile_number, country_code, email)
      SELECT vendor_id, 'Rita Gomez', '4155550152', country_code, '' FROM users WHERE mobile_number = '4155550101'`);
    host = await w.t.signIn(undefined, '4155550100');
    sam = await w.t.signIn(undefined, '4155550101');
    margherita = await w.item('Margherita');
    small = await w.option('Margherita', 'Small 10"');
    price = Number((await w.sql<{ p: number }>('SELECT price_minor AS p FROM items WHERE id = $1', [margherita]))[0]!.p) / 100;
    await w.sql(`UPDATE users SET wallet_balance_minor = 100000 WHERE mobile_number IN ('4155550100', '4155550101')`);
  });
  afterAll(async () => w.t.close());

  const call = (name: string, body: object, token?: string) => w.t.post(name, body, token ? { token } : {});
  const start = async (payer: 'host' | 'each' = 'each') => {
    const res = await call('group-start', { restaurant_id: w.pizza, order_mode: 'pickup', payer }, host);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.Result as GroupView;
  };
  const wallet = async (mobile: string) =>
    Number((await w.sql<{ b: number }>('SELECT wallet_balance_minor AS b FROM users WHERE mobile_number = $1', [mobile]))[0]!.b);
  const events = async (where: string, params: unknown[]) =>
    w.sql<{ user_id: number | null; group_id: number | null }>(`SELECT user_id, group_id FROM realtime_events WHERE kind = 'group_updated' AND ${where}`, params);

  it('runs a group from start to one order whose lines carry each person, each paying their share', async () => {
    const view = await start();
    expect(view.code).toMatch(/^[A-Z2-9]{6}$/);
    expect(view.token).not.toBe('');
    // Someone with the code sees the group before joining: me 0, no token.
    const seen = (await call('group-view', { group: view.code })).body.Result as GroupView;
    expect([seen.me, seen.token, seen.parts.length]).toEqual([0, '', 1]);
    // Sam joins signed in; a guest joins by name and gets a key.
    const samJoined = (await call('group-join', { group: view.token }, sam)).body.Result as GroupJoined;
    const guest = (await call('group-join', { group: view.code, name: 'Rita' })).body.Result as GroupJoined;
    expect(guest.member_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(guest.view.parts.map((p) => p.name)).toContain('Rita');
    // Each fills their own part.
    for (const [who, qty] of [[host, 1], [sam, 2]] as const) {
      const res = await call('group-set-part', { group: view.token, lines: [pizza(qty)] }, who);
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    }
    const set = await call('group-set-part', { group: view.token, member_key: guest.member_key, lines: [pizza(1)] });
    expect(set.body.code).toBe(200);
    // A member cannot touch another's part, nor lock: only the host.
    expect((await call('group-remove-part', { group: view.token, member_id: guest.view.me }, sam)).status).toBe(403);
    expect((await call('group-lock', { group: view.token, locked: true }, sam)).status).toBe(403);
    expect((await call('group-lock', { group: view.token, locked: true }, host)).body.code).toBe(200);
    expect((await call('group-set-part', { group: view.token, lines: [] }, sam)).status).toBe(409);

    const bill = (await call('group-bill', { group: view.token }, host)).body.Result as GroupBill;
    const total = Math.round(bill.breakdown.total * 100);
    expect(bill.shares.reduce((sum, s) => sum + Math.round(s.share * 100), 0)).toBe(total);

    // A guest cannot pay: they sign in, join again with their key, and are the same member.
    expect((await call('group-pay-share', { group: view.token, member_key: guest.member_key, payment_method: 'wallet', expected_share: 1 })).status).toBe(401);
    const rita = await w.t.signIn(undefined, '4155550152');
    const again = (await call('group-join', { group: view.token, member_key: guest.member_key }, rita)).body.Result as GroupJoined;
    expect(again.view.me).toBe(guest.view.me);
    expect(again.view.parts.find((p) => p.is_me)!.is_guest).toBe(false);

    // Sam pays by wallet (once, however often asked); Rita online through the test provider.
    const samShare = bill.shares.find((s) => s.member_id === samJoined.view.me)!.share;
    const before = await wallet('4155550101');
    for (let i = 0; i < 2; i++) {
      const paid = await call('group-pay-share', { group: view.token, payment_method: 'wallet', expected_share: samShare }, sam);
      expect(paid.body.code, JSON.stringify(paid.body)).toBe(200);
    }
    expect(before - (await wallet('4155550101'))).toBe(Math.round(samShare * 100));
    // A share that is not the bill's answers priceChanged.
    expect((await call('group-pay-share', { group: view.token, payment_method: 'wallet', expected_share: 0.01 }, rita)).body.code).toBe(102);
    const ritaShare = bill.shares.find((s) => s.member_id === guest.view.me)!.share;
    const online = (await call('group-pay-share', { group: view.token, payment_method: 'online', expected_share: ritaShare, return_url: RETURN }, rita)).body.Result as SharePaid;
    expect(online.payment.status).toBe('pending');
    const url = new URL((online.payment as { payment_url: string }).payment_url);
    // The provider's page says what is paid: a share, not a wallet recharge.
    expect((await w.t.app.inject({ method: 'GET', url: url.pathname + url.search })).body).toContain('<dt>For</dt><dd>A share of a group order</dd>');
    const versionBefore = Number((await w.sql<{ version: number }>('SELECT version FROM order_groups WHERE id = $1', [view.group_id]))[0]!.version);
    const back = await pressPaymentButton(w.t.app, url.pathname + url.search, 'pay');
    expect(back.statusCode).toBe(303);
    // Back on the page that paid, named as a share (not a wallet recharge).
    const returned = new URL(String(back.headers.location));
    expect([returned.origin + returned.pathname, returned.searchParams.get('payment'), returned.searchParams.has('recharge')]).toEqual([RETURN, 'paid', false]);
    expect(returned.searchParams.get('share')).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    // Settled by the provider's side (before anyone asks again), the payment tells the group.
    const told = await w.sql<{ version: number }>(
      `SELECT (data ->> 'version')::int AS version FROM realtime_events WHERE kind = 'group_updated' AND group_id = $1 ORDER BY id DESC LIMIT 1`, [view.group_id],
    );
    expect(Number(told[0]!.version)).toBe(versionBefore + 1);
    const afterPay = (await call('group-view', { group: view.token }, rita)).body.Result as GroupView;
    expect(afterPay.parts.find((p) => p.is_me)!.payment).toEqual({ status: 'paid', method: 'online', amount: ritaShare });

    // Only the host places; the host covers their own unpaid share from the wallet.
    expect((await call('group-place', { group: view.token, idempotency_key: key(), payment_method: 'wallet', expected_total: bill.breakdown.total }, sam)).status).toBe(403);
    const placed = await call('group-place', { group: view.token, idempotency_key: key(), payment_method: 'wallet', expected_total: bill.breakdown.total }, host);
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    const result = placed.body.Result as GroupView;
    expect(result.status).toBe('placed');
    const lines = await w.sql<{ person: string; quantity: number }>('SELECT person, quantity FROM order_lines WHERE order_id = $1 ORDER BY sort_order', [result.order_id]);
    expect(lines.map((l) => l.person)).toHaveLength(3);
    expect(lines.map((l) => l.person)).not.toContain('');
    const orders = await w.sql<{ total_minor: number; payment_status: string }>('SELECT total_minor, payment_status FROM orders WHERE id = $1', [result.order_id]);
    expect([Number(orders[0]!.total_minor), orders[0]!.payment_status]).toEqual([total, 'paid']);
    // The host's order screen names each line's person; the members follow the order in the group.
    const detail = (await call('view_order_details', { order_id: result.order_id }, host)).body.Result as OrderDetail;
    expect(new Set(detail.lines.map((l) => l.person))).toEqual(new Set(result.parts.map((p) => p.name)));
    expect(((await call('group-view', { group: view.token }, sam)).body.Result as GroupView).order_status).toBe('placed');

    // The store refuses the order: each share goes back the way it came, once.
    const samBefore = await wallet('4155550101');
    const vendor = Number((await w.sql<{ vendor_id: number }>('SELECT vendor_id FROM orders WHERE id = $1', [result.order_id]))[0]!.vendor_id);
    const heard = (await call('group-view', { group: view.token }, sam)).body.Result as GroupView;
    await inTransaction(w.t.database.db, (c) => transition(c, vendor, result.order_id as number, 'cancelled', 'store'));
    const following = (await call('group-view', { group: view.token }, rita)).body.Result as GroupView;
    expect([following.order_status, following.version]).toEqual(['cancelled', heard.version + 1]);
    // Cancelled again (a retry) gives nothing more back.
    await inTransaction(w.t.database.db, (c) => transition(c, vendor, result.order_id as number, 'cancelled', 'store')).catch(() => undefined);
    expect((await wallet('4155550101')) - samBefore).toBe(Math.round(samShare * 100));
    const shares = await w.sql<{ status: string }>('SELECT status FROM order_group_shares WHERE group_id = $1', [view.group_id]);
    expect(shares.every((s) => s.status === 'refunded')).toBe(true);
    const payments = await w.sql<{ status: string }>(`SELECT status FROM payments WHERE purpose = 'group_share' AND user_id = (SELECT id FROM users WHERE mobile_number = '4155550152')`);
    expect(payments.map((p) => p.status)).toEqual(['refund_pending']);

    // Signed-in members heard every change on their own streams, and guests on the group's.
    expect((await events('group_id = $1 AND user_id IS NULL', [view.group_id])).length).toBeGreaterThan(3);
    expect((await events(`user_id = (SELECT id FROM users WHERE mobile_number = '4155550101')`, [])).length).toBeGreaterThan(3);
  });

  it('refunds every paid share once when the host cancels', async () => {
    const view = await start();
    await call('group-join', { group: view.token }, sam);
    await call('group-set-part', { group: view.token, lines: [pizza(1)] }, sam);
    await call('group-lock', { group: view.token, locked: true }, host);
    const bill = (await call('group-bill', { group: view.token }, sam)).body.Result as GroupBill;
    const share = bill.shares.find((s) => s.share > 0)!.share;
    const before = await wallet('4155550101');
    expect((await call('group-pay-share', { group: view.token, payment_method: 'wallet', expected_share: share }, sam)).body.code).toBe(200);
    expect((await call('group-cancel', { group: view.token }, sam)).status).toBe(403);
    expect((await call('group-cancel', { group: view.token }, host)).body.code).toBe(200);
    expect((await call('group-cancel', { group: view.token }, host)).status).toBe(410);
    expect(await wallet('4155550101')).toBe(before);
  });

  it('keeps stock across parts and refuses hostile input with clear messages', async () => {
    const view = await start();
    await call('group-join', { group: view.token }, sam);
    await w.sql('UPDATE items SET stock = 3 WHERE id = $1', [margherita]);
    expect((await call('group-set-part', { group: view.token, lines: [pizza(2)] }, host)).body.code).toBe(200);
    const over = await call('group-set-part', { group: view.token, lines: [pizza(2)] }, sam);
    expect(over.status).toBe(422);
    expect(JSON.stringify(over.body)).toContain('Only 3 of Margherita left for the whole group');
    await w.sql('UPDATE items SET stock = NULL WHERE id = $1', [margherita]);

    expect((await call('group-view', { group: 'ZZZZZZ' })).status).toBe(404);
    expect((await call('group-view', { group: `${view.group_id}.9999999999.${'A'.repeat(32)}` })).status).toBe(404);
    expect((await call('group-view', { group: view.token, member_key: 'x'.repeat(43) })).status).toBe(403);
    expect((await call('group-join', { group: view.token, name: 'Bad\u0007name' })).status).toBe(422);
    expect((await call('group-join', { group: view.token })).status).toBe(422);
    for (let i = 0; i < GROUP_MAX_MEMBERS - 2; i++) expect((await call('group-join', { group: view.code, name: `G${i}` })).body.code).toBe(200);
    const full = await call('group-join', { group: view.code, name: 'One too many' });
    expect([full.status, full.body.msg]).toEqual([409, 'This group is full']);
    // A removed guest cannot come back with the same key.
    const extra = (await call('group-view', { group: view.token }, host)).body.Result as GroupView;
    const last = extra.parts.at(-1)!;
    expect((await call('group-remove-part', { group: view.token, member_id: last.member_id }, host)).body.code).toBe(200);
  });

  it('locks at the deadline (announced once) and expires groups past their time, shares back', async () => {
    const now = w.t.app.runtime.clock.now();
    const deadline = new Date(now.getTime() + 10 * 60_000).toISOString();
    const res = await call('group-start', { restaurant_id: w.pizza, order_mode: 'pickup', payer: 'each', deadline_at: deadline }, host);
    const view = res.body.Result as GroupView;
    await w.sql(`UPDATE order_groups SET deadline_at = now() - interval '1 minute' WHERE id = $1`, [view.group_id]);
    await sweepGroups({ db: w.t.database.db, now: new Date() });
    const locked = (await call('group-view', { group: view.token }, host)).body.Result as GroupView;
    expect(locked.status).toBe('locked');
    expect(locked.version).toBe(view.version + 1);
    await w.sql(`UPDATE order_groups SET expires_at = now() - interval '1 minute' WHERE id = $1`, [view.group_id]);
    await sweepGroups({ db: w.t.database.db, now: new Date() });
    const rows = await w.sql<{ status: string }>('SELECT status FROM order_groups WHERE id = $1', [view.group_id]);
    expect(rows[0]!.status).toBe('expired');
    expect((await call('group-start', { restaurant_id: w.pizza, order_mode: 'pickup', payer: 'each', deadline_at: 'soon' }, host)).status).toBe(422);
  });
});
