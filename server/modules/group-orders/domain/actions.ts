import type pg from 'pg';
import type { GroupJoined, GroupStartRequest, GroupView } from '../../../../contract/api/group-orders.ts';
import type { OrderLine } from '../../../../contract/api/checkout.ts';
import {
  GROUP_MAX_MEMBERS, groupExpiry, isDeadlineAllowed, mayEditPart, mayLock, mayRemovePart, mayLeave,
} from '../../../../contract/rules/group-orders.ts';
import { toMinor } from '../../../../contract/rules/money.ts';
import { inTransaction } from '../../../db/tx.ts';
import { InputError } from '../../../errors.ts';
import { refundGroupShares } from '../../order-status/index.ts';
import { priceRequest } from '../../pricing/index.ts';
import { OUT_OF_REACH } from '../../stores/index.ts';
import {
  activeMembers, announceChange, findMember, GROUP_TEXTS, groupIdOf, groupLines, groupView, GroupRefusal, hostOf, loadGroup, type Caller,
  type GroupContext, type LineRow, type Loaded, priceGroup, requireMember, stateOf, statusOf,
} from './groups.ts';
import { memberKeyHash, newGroupCode, newMemberKey } from './links.ts';

/** Runs `work` on the named group, its row locked, in one transaction. */
export async function onGroup<T>(ctx: GroupContext, ref: string, work: (c: pg.PoolClient, loaded: Loaded) => Promise<T>): Promise<T> {
  return inTransaction(ctx.db, async (c) => {
    const id = await groupIdOf(c, ctx, ref);
    return work(c, await loadGroup(c, ctx.vendor.id, id, true));
  });
}

/** group-start: the host's group at a store that delivers to the address (delivery), as the checkout checks it. */
export async function startGroup(ctx: GroupContext, userId: number, body: GroupStartRequest): Promise<GroupView> {
  const shipingId = typeof body.shiping_id === 'number' ? body.shiping_id : undefined;
  if (body.order_mode === 'delivery' && shipingId === undefined) throw InputError.on('shiping_id', GROUP_TEXTS.address);
  const deadlineText = (body.deadline_at ?? '').trim();
  let deadline: Date | null = null;
  if (deadlineText) {
    const at = Date.parse(deadlineText);
    if (!Number.isFinite(at)) throw InputError.on('deadline_at', GROUP_TEXTS.deadlineFormat);
    deadline = new Date(at);
    if (!isDeadlineAllowed(deadline, ctx.now)) throw InputError.on('deadline_at', GROUP_TEXTS.deadline);
  }
  const priced = await priceRequest(ctx.db, { vendor: ctx.vendor, userId, lang: ctx.lang, now: ctx.now }, {
    restaurant_id: body.restaurant_id, order_mode: body.order_mode, lines: [], coupon_code: '', driver_tip: 0,
    shiping_id: body.order_mode === 'delivery' ? shipingId : undefined, schedule_at: '',
  });
  if (!priced) throw new GroupRefusal('not_found', GROUP_TEXTS.notFound);
  if (priced.delivery && !priced.delivery.delivers) throw new GroupRefusal('unprocessable', OUT_OF_REACH);
  const expires = groupExpiry(ctx.now, deadline);
  return inTransaction(ctx.db, async (c) => {
    let groupId = 0;
    for (let attempt = 0; attempt < 8 && !groupId; attempt++) {
      const { rows } = await c.query<{ id: number }>(
        `INSERT INTO order_groups (vendor_id, restaurant_id, host_user_id, order_mode, address_id, address_text, payer, deadline_at, expires_at, code)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
         WHERE NOT EXISTS (SELECT 1 FROM order_groups WHERE vendor_id = $1 AND code = $10 AND status IN ('open', 'locked'))
         RETURNING id`,
        [ctx.vendor.id, priced.store.id, userId, body.order_mode, priced.delivery?.address_id ?? null, priced.delivery?.text ?? '', body.payer,
          deadline, expires, newGroupCode()],
      );
      groupId = Number(rows[0]?.id ?? 0);
    }
    if (!groupId) throw new Error('no free group code');
    await c.query('INSERT INTO order_group_members (vendor_id, group_id, user_id) VALUES ($1, $2, $3)', [ctx.vendor.id, groupId, userId]);
    const loaded = await loadGroup(c, ctx.vendor.id, groupId);
    return groupView(c, ctx, loaded, hostOf(loaded).id);
  });
}

/**
 * group-join. Signed in: the account's member (a guest key sent with it turns that guest into the
 * account's member, lines and all). A guest: the member of their key, or a new one with `name`. Anyone
 * already in the group comes back whatever the group's state; a new member only while it is open.
 */
export async function joinGroup(ctx: GroupContext, ref: string, caller: Caller, name: string | undefined): Promise<GroupJoined> {
  return onGroup(ctx, ref, async (c, loaded) => {
    const { group } = loaded;
    const ended = (): never => {
      throw new GroupRefusal('gone', GROUP_TEXTS.ended);
    };
    const keyMember = caller.memberKey ? loaded.members.find((m) => m.key_hash === memberKeyHash(caller.memberKey!)) : undefined;
    if (caller.memberKey && !keyMember && caller.userId === undefined) throw new GroupRefusal('forbidden', GROUP_TEXTS.badKey);
    if (keyMember?.removed) throw new GroupRefusal('forbidden', GROUP_TEXTS.removed);
    const status = statusOf(loaded, ctx.now);
    if (caller.userId !== undefined) {
      const own = loaded.members.find((m) => m.user_id === caller.userId);
      if (own?.removed) throw new GroupRefusal('forbidden', GROUP_TEXTS.removed);
      if (own) return { view: await groupView(c, ctx, loaded, own.id), member_key: '' };
      if (keyMember) {
        // The guest signed in (to pay): the same member, now the account's.
        await c.query('UPDATE order_group_members SET user_id = $3, key_hash = NULL, guest_name = \'\' WHERE vendor_id = $1 AND id = $2', [
          ctx.vendor.id, keyMember.id, caller.userId,
        ]);
        keyMember.user_id = caller.userId;
        keyMember.key_hash = null;
        await announceChange(c, loaded);
        const fresh = await loadGroup(c, ctx.vendor.id, group.id);
        return { view: await groupView(c, ctx, fresh, keyMember.id), member_key: '' };
      }
    } else if (keyMember) {
      return { view: await groupView(c, ctx, loaded, keyMember.id), member_key: caller.memberKey! };
    }
    if (status !== 'open') {
      if (status === 'locked') throw new GroupRefusal('conflict', GROUP_TEXTS.notOpen);
      ended();
    }
    if (activeMembers(loaded).length >= GROUP_MAX_MEMBERS) throw new GroupRefusal('conflict', GROUP_TEXTS.full);
    let key = '';
    let memberId: number;
    if (caller.userId !== undefined) {
      const { rows } = await c.query<{ id: number }>(
        'INSERT INTO order_group_members (vendor_id, group_id, user_id) VALUES ($1, $2, $3) RETURNING id', [ctx.vendor.id, group.id, caller.userId],
      );
      memberId = Number(rows[0]!.id);
    } else {
      const guestName = (name ?? '').trim();
      if (!guestName) throw InputError.on('name', GROUP_TEXTS.nameRequired);
      key = newMemberKey();
      const { rows } = await c.query<{ id: number }>(
        'INSERT INTO order_group_members (vendor_id, group_id, guest_name, key_hash) VALUES ($1, $2, $3, $4) RETURNING id',
        [ctx.vendor.id, group.id, guestName, memberKeyHash(key)],
      );
      memberId = Number(rows[0]!.id);
    }
    const fresh = await loadGroup(c, ctx.vendor.id, group.id);
    await announceChange(c, fresh);
    return { view: await groupView(c, ctx, fresh, memberId), member_key: key };
  });
}

/** group-view: the group, as its member sees it, or (me 0, no token) as someone who may join it. */
export async function viewGroup(ctx: GroupContext, ref: string, caller: Caller): Promise<GroupView> {
  const id = await groupIdOf(ctx.db, ctx, ref);
  const loaded = await loadGroup(ctx.db, ctx.vendor.id, id);
  const member = findMember(loaded, caller);
  if (!member && caller.userId === undefined && caller.memberKey) throw new GroupRefusal('forbidden', GROUP_TEXTS.badKey);
  return groupView(ctx.db, ctx, loaded, member && !member.removed ? member.id : 0);
}

/**
 * group-set-part: the caller's own part, whole, checked against the store's menu as pricing checks a
 * cart; the store's hours and each item's stock apply to the whole group (every part together).
 */
export async function setPart(ctx: GroupContext, ref: string, caller: Caller, lines: OrderLine[]): Promise<GroupView> {
  return onGroup(ctx, ref, async (c, loaded) => {
    const me = requireMember(loaded, caller);
    if (!mayEditPart(stateOf(loaded), me.id, me.id, ctx.now)) throw new GroupRefusal('conflict', GROUP_TEXTS.notOpen);
    const mine: LineRow[] = lines.map((l) => ({
      member_id: me.id, item_id: l.item_id, quantity: l.quantity, option_ids: [...(l.selectCustoizeID ?? [])],
      client_price_minor: toMinor(l.price, ctx.vendor.currency_exponent),
    }));
    if (mine.length) {
      const others = (await groupLines(c, ctx.vendor.id, loaded.group.id)).filter((l) => l.member_id !== me.id);
      // The caller's lines first, so a refusal names their own line's index.
      const priced = await priceGroup(c, ctx, loaded.group, [...mine, ...others]);
      const { lines: resolved } = priced.priced;
      const errors: Record<string, string[]> = {};
      mine.forEach((_, i) => {
        const line = resolved[i]!;
        if (!line.name) errors[`lines.${i}.item_id`] = [GROUP_TEXTS.notOnMenu];
        else if (!line.is_available) errors[`lines.${i}.item_id`] = [GROUP_TEXTS.unavailable.replace('{name}', line.name)];
      });
      if (Object.keys(errors).length) throw new InputError(errors);
      if (!priced.priced.store.is_open) throw new GroupRefusal('unprocessable', GROUP_TEXTS.storeClosed);
      const wanted = new Map<number, number>();
      for (const line of resolved) wanted.set(line.item_id, (wanted.get(line.item_id) ?? 0) + line.quantity);
      for (let i = 0; i < mine.length; i++) {
        const line = resolved[i]!;
        if (line.stock !== null && wanted.get(line.item_id)! > line.stock) {
          throw InputError.on(`lines.${i}.quantity`, GROUP_TEXTS.stock.replace('{left}', String(line.stock)).replace('{name}', line.name));
        }
      }
    }
    await c.query('DELETE FROM order_group_lines WHERE vendor_id = $1 AND member_id = $2', [ctx.vendor.id, me.id]);
    if (mine.length) {
      await c.query(
        `INSERT INTO order_group_lines (vendor_id, member_id, item_id, quantity, option_ids, client_price_minor, sort_order)
         SELECT $1, $2, l.item_id, l.quantity, ARRAY(SELECT jsonb_array_elements_text(l.options)::bigint), l.price, l.n - 1
         FROM unnest($3::bigint[], $4::int[], $5::jsonb[], $6::bigint[]) WITH ORDINALITY AS l(item_id, quantity, options, price, n)`,
        [ctx.vendor.id, me.id, mine.map((l) => l.item_id), mine.map((l) => l.quantity), mine.map((l) => JSON.stringify(l.option_ids)),
          mine.map((l) => l.client_price_minor)],
      );
    }
    // A changed part is not ready any more until its member says so again.
    await c.query('UPDATE order_group_members SET ready = false WHERE vendor_id = $1 AND id = $2', [ctx.vendor.id, me.id]);
    me.ready = false;
    await announceChange(c, loaded);
    return groupView(c, ctx, loaded, me.id);
  });
}

/** group-ready: the caller's own part ready (or not), while the group is open. */
export async function setReady(ctx: GroupContext, ref: string, caller: Caller, ready: boolean): Promise<GroupView> {
  return onGroup(ctx, ref, async (c, loaded) => {
    const me = requireMember(loaded, caller);
    if (!mayEditPart(stateOf(loaded), me.id, me.id, ctx.now)) throw new GroupRefusal('conflict', GROUP_TEXTS.notOpen);
    await c.query('UPDATE order_group_members SET ready = $3 WHERE vendor_id = $1 AND id = $2', [ctx.vendor.id, me.id, ready]);
    me.ready = ready;
    await announceChange(c, loaded);
    return groupView(c, ctx, loaded, me.id);
  });
}

/** A member out of the group: their part gone, their paid share back the way it came. */
async function dropMember(c: pg.PoolClient, loaded: Loaded, memberId: number): Promise<void> {
  const { group } = loaded;
  await c.query('UPDATE order_group_members SET removed_at = now(), ready = false WHERE vendor_id = $1 AND id = $2', [group.vendor_id, memberId]);
  await c.query('DELETE FROM order_group_lines WHERE vendor_id = $1 AND member_id = $2', [group.vendor_id, memberId]);
  await refundGroupShares(c, group.vendor_id, group.id, null, memberId);
  const member = loaded.members.find((m) => m.id === memberId)!;
  member.removed = true;
}

/** group-leave: a member (not the host) leaves an open or locked group. */
export async function leaveGroup(ctx: GroupContext, ref: string, caller: Caller): Promise<{ view: GroupView; refunded: boolean }> {
  return onGroup(ctx, ref, async (c, loaded) => {
    const me = requireMember(loaded, caller);
    if (me.id === hostOf(loaded).id) throw new GroupRefusal('forbidden', GROUP_TEXTS.hostCannotLeave);
    if (!mayLeave(stateOf(loaded), me.id, ctx.now)) throw new GroupRefusal('gone', GROUP_TEXTS.ended);
    await dropMember(c, loaded, me.id);
    await announceChange(c, loaded, me.user_id === null ? [] : [me.user_id]);
    return { view: await groupView(c, ctx, loaded, 0), refunded: true };
  });
}

/** group-remove-part (host): another member's part goes, their paid share back. */
export async function removePart(ctx: GroupContext, ref: string, caller: Caller, memberId: number): Promise<GroupView> {
  return onGroup(ctx, ref, async (c, loaded) => {
    const me = requireMember(loaded, caller);
    const target = loaded.members.find((m) => m.id === memberId && !m.removed);
    if (me.id !== hostOf(loaded).id) throw new GroupRefusal('forbidden', GROUP_TEXTS.hostOnly);
    if (!target) throw new GroupRefusal('not_found', GROUP_TEXTS.noPart);
    if (!mayRemovePart(stateOf(loaded), me.id, memberId, ctx.now)) {
      throw new GroupRefusal(memberId === me.id ? 'forbidden' : 'gone', memberId === me.id ? GROUP_TEXTS.hostCannotLeave : GROUP_TEXTS.ended);
    }
    await dropMember(c, loaded, memberId);
    await announceChange(c, loaded, target.user_id === null ? [] : [target.user_id]);
    return groupView(c, ctx, loaded, me.id);
  });
}

/** group-lock (host): lock an open group, or unlock one locked before its deadline while no share is paid. */
export async function lockGroup(ctx: GroupContext, ref: string, caller: Caller, lock: boolean): Promise<GroupView> {
  return onGroup(ctx, ref, async (c, loaded) => {
    const me = requireMember(loaded, caller);
    if (me.id !== hostOf(loaded).id) throw new GroupRefusal('forbidden', GROUP_TEXTS.hostOnly);
    if (!mayLock(stateOf(loaded), me.id, lock, ctx.now)) throw new GroupRefusal('conflict', GROUP_TEXTS.cannotLock);
    if (!lock) {
      const { rows } = await c.query(
        `SELECT 1 FROM order_group_shares WHERE vendor_id = $1 AND group_id = $2 AND status IN ('pending', 'paid') LIMIT 1`,
        [ctx.vendor.id, loaded.group.id],
      );
      if (rows.length) throw new GroupRefusal('conflict', GROUP_TEXTS.sharesPaid);
    }
    await c.query('UPDATE order_groups SET status = $3 WHERE vendor_id = $1 AND id = $2', [ctx.vendor.id, loaded.group.id, lock ? 'locked' : 'open']);
    loaded.group.status = lock ? 'locked' : 'open';
    await announceChange(c, loaded);
    return groupView(c, ctx, loaded, me.id);
  });
}

/** Ends a group unplaced (cancelled by its host, or expired): every paid share goes back, once. */
export async function endGroup(c: pg.PoolClient, loaded: Loaded, status: 'cancelled' | 'expired'): Promise<void> {
  const { group } = loaded;
  await c.query('UPDATE order_groups SET status = $3 WHERE vendor_id = $1 AND id = $2', [group.vendor_id, group.id, status]);
  group.status = status;
  await refundGroupShares(c, group.vendor_id, group.id, null);
  await announceChange(c, loaded);
}

/** group-cancel (host): an open or locked group ends unplaced; every paid share goes back. */
export async function cancelGroup(ctx: GroupContext, ref: string, caller: Caller): Promise<GroupView> {
  return onGroup(ctx, ref, async (c, loaded) => {
    const me = requireMember(loaded, caller);
    if (me.id !== hostOf(loaded).id) throw new GroupRefusal('forbidden', GROUP_TEXTS.hostOnly);
    const status = statusOf(loaded, ctx.now);
    if (status !== 'open' && status !== 'locked') throw new GroupRefusal('gone', GROUP_TEXTS.ended);
    await endGroup(c, loaded, 'cancelled');
    return groupView(c, ctx, loaded, me.id);
  });
}

export { findMember };
