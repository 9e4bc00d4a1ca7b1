import type pg from 'pg';
import type { PricedLine, PriceBreakdown } from '../../../../contract/api/checkout.ts';
import type { GroupPart, GroupView, SharePayment } from '../../../../contract/api/group-orders.ts';
import type { OrderModeName, OrderStatus } from '../../../../contract/api/order-states.ts';
import { effectiveStatus, type GroupPayer, type GroupState, type GroupStatus } from '../../../../contract/rules/group-orders.ts';
import { fromMinor } from '../../../../contract/rules/money.ts';
import type { Db } from '../../../db/pool.ts';
import { announceGroupChange } from '../../order-status/index.ts';
import { priceRequest, toBreakdown, type PricedOrder, type PricingQuery } from '../../pricing/index.ts';
import type { Vendor } from '../../vendors/index.ts';
import { looksLikeToken, memberKeyHash, readGroupToken, signGroupToken } from './links.ts';
import { groupCodeOf } from '../../../../contract/rules/group-orders.ts';

type Q = Db | pg.PoolClient;

/** The English texts of the group calls' refusals (the storefront shows its own for each). */
export const GROUP_TEXTS = {
  invalidLink: 'This group link or code is not valid',
  expiredLink: 'This group link has expired',
  notFound: 'This group was not found',
  ended: 'This group order has ended',
  notMember: 'Join the group first',
  removed: 'You were removed from this group',
  badKey: 'This member key is not valid for this group',
  nameRequired: 'Please enter your name',
  full: 'This group is full',
  notOpen: 'This group is locked: parts cannot change now',
  hostOnly: 'Only the host can do this',
  hostCannotLeave: 'The host cannot leave the group: cancel it instead',
  notLocked: 'Lock the group before paying or placing it',
  cannotLock: 'The group cannot be locked or unlocked now',
  sharesPaid: 'Shares have been paid: the group cannot be unlocked (cancel it to start over)',
  hostPays: 'The host pays for this group',
  nothingToPay: 'Your part has nothing to pay',
  alreadyPaid: 'Your share is already paid',
  paymentOpen: 'Your share\'s payment is already open: finish it or wait a few minutes',
  shareChanged: 'Your share has changed: please check the bill again',
  unpaidShares: 'Some shares are not paid yet: pay them by wallet or online, or wait for them',
  storeClosed: 'The store is closed now: items cannot be added',
  notOnMenu: 'This item is not on the store\'s menu',
  unavailable: '{name} is not available',
  stock: 'Only {left} of {name} left for the whole group',
  deadline: 'The deadline must be between 5 minutes and 24 hours from now',
  deadlineFormat: 'deadline_at must be an ISO date and time',
  address: 'Please select a delivery address',
  noPart: 'This member is not in the group',
} as const;

export type RefusalKind = 'not_found' | 'forbidden' | 'conflict' | 'gone' | 'unprocessable' | 'signed_out';

/** A group call refused: its kind (the routes give each its HTTP status) and the customer's text. */
export class GroupRefusal extends Error {
  constructor(readonly kind: RefusalKind, message: string) {
    super(message);
    this.name = 'GroupRefusal';
  }
}

export interface GroupRow {
  id: number;
  vendor_id: number;
  restaurant_id: number;
  host_user_id: number;
  order_mode: OrderModeName;
  address_id: number | null;
  address_text: string;
  payer: GroupPayer;
  status: GroupStatus;
  deadline_at: Date | null;
  deadline_announced: boolean;
  expires_at: Date;
  code: string;
  version: number;
  coupon_code: string;
  tip_minor: number;
  order_id: number | null;
}

export interface MemberRow {
  id: number;
  user_id: number | null;
  name: string;
  ready: boolean;
  removed: boolean;
  key_hash: string | null;
}

export interface LineRow {
  member_id: number;
  item_id: number;
  quantity: number;
  option_ids: number[];
  client_price_minor: number;
}

/** What every group call knows of its request. */
export interface GroupContext {
  db: Db;
  vendor: Vendor;
  lang: string;
  now: Date;
  /** The key group links are signed with. */
  secret: string;
  baseUrl: string;
}

/** Who calls: a signed-in customer, and/or a guest's key. */
export interface Caller {
  userId: number | undefined;
  memberKey: string | undefined;
}

export interface Loaded {
  group: GroupRow;
  /** Every member, removed ones too, in joining order (the host first). */
  members: MemberRow[];
}

const GROUP_COLUMNS = `id, vendor_id, restaurant_id, host_user_id, order_mode, address_id, address_text, payer, status, deadline_at,
  deadline_announced, expires_at, code, version, coupon_code, tip_minor, order_id`;

/** The group a call names (its token or its short code); refused when neither names one of this vendor's. */
export async function groupIdOf(q: Q, ctx: GroupContext, ref: string): Promise<number> {
  if (looksLikeToken(ref)) {
    const read = readGroupToken(ctx.secret, ctx.vendor.id, ref, ctx.now);
    if (read === 'expired') throw new GroupRefusal('gone', GROUP_TEXTS.expiredLink);
    if (read === 'invalid') throw new GroupRefusal('not_found', GROUP_TEXTS.invalidLink);
    return read.groupId;
  }
  const code = groupCodeOf(ref);
  if (!code) throw new GroupRefusal('not_found', GROUP_TEXTS.invalidLink);
  const { rows } = await q.query<{ id: number }>(
    `SELECT id FROM order_groups WHERE vendor_id = $1 AND code = $2 AND status IN ('open', 'locked')`, [ctx.vendor.id, code],
  );
  if (!rows[0]) throw new GroupRefusal('not_found', GROUP_TEXTS.invalidLink);
  return Number(rows[0].id);
}

/** The group and its members; `lock` holds the group's row for the caller's transaction. */
export async function loadGroup(q: Q, vendorId: number, groupId: number, lock = false): Promise<Loaded> {
  const { rows } = await q.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM order_groups WHERE vendor_id = $1 AND id = $2 ${lock ? 'FOR UPDATE' : ''}`, [vendorId, groupId],
  );
  const group = rows[0];
  if (!group) throw new GroupRefusal('not_found', GROUP_TEXTS.notFound);
  const members = await q.query<MemberRow>(
    `SELECT m.id, m.user_id, CASE WHEN m.user_id IS NULL THEN m.guest_name ELSE coalesce(nullif(u.user_name, ''), 'Customer') END AS name,
       m.ready, m.removed_at IS NOT NULL AS removed, m.key_hash
     FROM order_group_members m LEFT JOIN users u ON u.vendor_id = m.vendor_id AND u.id = m.user_id
     WHERE m.vendor_id = $1 AND m.group_id = $2 ORDER BY m.id`,
    [vendorId, groupId],
  );
  return {
    group: { ...group, tip_minor: Number(group.tip_minor), version: Number(group.version) },
    members: members.rows.map((m) => ({ ...m, id: Number(m.id), user_id: m.user_id === null ? null : Number(m.user_id) })),
  };
}

/** The caller's member row (removed ones too: `removed` says so); undefined when they never joined. */
export function findMember(loaded: Loaded, caller: Caller): MemberRow | undefined {
  if (caller.userId !== undefined) {
    const own = loaded.members.find((m) => m.user_id === caller.userId);
    if (own) return own;
  }
  if (caller.memberKey) {
    const hash = memberKeyHash(caller.memberKey);
    return loaded.members.find((m) => m.key_hash === hash);
  }
  return undefined;
}

/** The caller as a member still in the group; refused otherwise (a forged key, a removed member, not joined). */
export function requireMember(loaded: Loaded, caller: Caller): MemberRow {
  const member = findMember(loaded, caller);
  if (!member) {
    if (caller.userId === undefined && caller.memberKey) throw new GroupRefusal('forbidden', GROUP_TEXTS.badKey);
    throw new GroupRefusal('forbidden', GROUP_TEXTS.notMember);
  }
  if (member.removed) throw new GroupRefusal('forbidden', GROUP_TEXTS.removed);
  return member;
}

export function hostOf(loaded: Loaded): MemberRow {
  return loaded.members.find((m) => m.user_id === loaded.group.host_user_id)!;
}

export function stateOf(loaded: Loaded): GroupState {
  return { status: loaded.group.status, deadlineAt: loaded.group.deadline_at, hostMemberId: hostOf(loaded).id };
}

export function statusOf(loaded: Loaded, now: Date): GroupStatus {
  return effectiveStatus(stateOf(loaded), now);
}

/** Members still in the group, in joining order (the host first). */
export function activeMembers(loaded: Loaded): MemberRow[] {
  return loaded.members.filter((m) => !m.removed);
}

export async function groupLines(q: Q, vendorId: number, groupId: number): Promise<LineRow[]> {
  const { rows } = await q.query<LineRow>(
    `SELECT l.member_id, l.item_id, l.quantity, l.option_ids, l.client_price_minor
     FROM order_group_lines l JOIN order_group_members m ON m.vendor_id = l.vendor_id AND m.id = l.member_id
     WHERE m.vendor_id = $1 AND m.group_id = $2 AND m.removed_at IS NULL ORDER BY m.id, l.sort_order, l.id`,
    [vendorId, groupId],
  );
  return rows.map((r) => ({
    member_id: Number(r.member_id), item_id: Number(r.item_id), quantity: r.quantity, option_ids: r.option_ids.map(Number),
    client_price_minor: Number(r.client_price_minor),
  }));
}

/** The whole group as one order to price: every part's lines, in joining order, with the group's mode and address. */
export function groupQuery(ctx: GroupContext, group: GroupRow, lines: LineRow[], bill?: { coupon: string; tipMinor: number }): PricingQuery {
  return {
    restaurant_id: group.restaurant_id,
    order_mode: group.order_mode,
    lines: lines.map((l) => ({
      item_id: l.item_id, quantity: l.quantity, option_ids: l.option_ids, client_price: fromMinor(l.client_price_minor, ctx.vendor.currency_exponent),
    })),
    coupon_code: bill?.coupon ?? '',
    driver_tip: bill ? fromMinor(bill.tipMinor, ctx.vendor.currency_exponent) : 0,
    shiping_id: group.address_id ?? undefined,
    schedule_at: '',
  };
}

export interface PricedGroup {
  query: PricingQuery;
  priced: PricedOrder;
  breakdown: PriceBreakdown;
  lines: LineRow[];
}

/** The group priced as check_restaurant_menu_with_price prices an order (the host's address, coupon limits and wallet). */
export async function priceGroup(q: Q, ctx: GroupContext, group: GroupRow, lines: LineRow[], bill?: { coupon: string; tipMinor: number }): Promise<PricedGroup> {
  const query = groupQuery(ctx, group, lines, bill);
  const priced = await priceRequest(q, { vendor: ctx.vendor, userId: group.host_user_id, lang: ctx.lang, now: ctx.now }, query);
  if (!priced) throw new GroupRefusal('not_found', GROUP_TEXTS.notFound);
  return { query, priced, breakdown: toBreakdown(ctx.vendor, priced, query, ctx.lang, ctx.baseUrl), lines };
}

/** What each member's items come to (minor units), in the members' order. */
export function itemsByMember(p: PricedGroup): Map<number, { lines: PricedLine[]; itemsMinor: number }> {
  const parts = new Map<number, { lines: PricedLine[]; itemsMinor: number }>();
  p.lines.forEach((line, i) => {
    const part = parts.get(line.member_id) ?? { lines: [], itemsMinor: 0 };
    part.lines.push(p.breakdown.lines[i]!);
    part.itemsMinor += p.priced.price.lines[i]!.line_total_minor;
    parts.set(line.member_id, part);
  });
  return parts;
}

interface ShareRow {
  member_id: number;
  status: 'pending' | 'paid' | 'failed' | 'refunded';
  method: 'wallet' | 'online';
  amount_minor: number;
  provider_url: string | null;
}

/** Each member's latest share payment. */
export async function memberShares(q: Q, vendorId: number, groupId: number): Promise<Map<number, ShareRow>> {
  const { rows } = await q.query<ShareRow>(
    `SELECT DISTINCT ON (s.member_id) s.member_id, s.status, s.method, s.amount_minor, p.provider_url
     FROM order_group_shares s LEFT JOIN payments p ON p.id = s.payment_id
     WHERE s.vendor_id = $1 AND s.group_id = $2 AND s.status <> 'failed' ORDER BY s.member_id, s.id DESC`,
    [vendorId, groupId],
  );
  return new Map(rows.map((r) => [Number(r.member_id), { ...r, amount_minor: Number(r.amount_minor) }]));
}

function sharePayment(vendor: Vendor, share: ShareRow | undefined): SharePayment {
  if (!share) return { status: 'unpaid' };
  const amount = fromMinor(share.amount_minor, vendor.currency_exponent);
  if (share.status === 'pending') return { status: 'pending', payment_url: share.provider_url ?? '' };
  if (share.status === 'paid') return { status: 'paid', method: share.method, amount };
  return { status: 'refunded', amount };
}

/** The group as `meId` sees it (0: someone who has not joined, who gets no token). */
export async function groupView(q: Q, ctx: GroupContext, loaded: Loaded, meId: number): Promise<GroupView> {
  const { group } = loaded;
  const lines = await groupLines(q, ctx.vendor.id, group.id);
  const priced = await priceGroup(q, ctx, group, lines);
  const parts = itemsByMember(priced);
  const shares = await memberShares(q, ctx.vendor.id, group.id);
  const host = hostOf(loaded);
  const placed = group.order_id === null ? [] : (await q.query<{ status: OrderStatus }>(
    'SELECT status FROM orders WHERE vendor_id = $1 AND id = $2', [ctx.vendor.id, group.order_id],
  )).rows;
  const view: GroupPart[] = activeMembers(loaded).map((m) => {
    const part = parts.get(m.id) ?? { lines: [], itemsMinor: 0 };
    return {
      member_id: m.id, name: m.name, is_host: m.id === host.id, is_guest: m.user_id === null, is_me: m.id === meId, ready: m.ready,
      lines: part.lines, items_total: fromMinor(part.itemsMinor, ctx.vendor.currency_exponent), payment: sharePayment(ctx.vendor, shares.get(m.id)),
    };
  });
  return {
    group_id: group.id,
    code: group.code,
    token: meId ? signGroupToken(ctx.secret, ctx.vendor.id, group.id, group.expires_at) : '',
    status: statusOf(loaded, ctx.now),
    payer: group.payer,
    restaurant_id: group.restaurant_id,
    restaurant_name: priced.priced.store.name,
    order_mode: group.order_mode,
    address: group.address_text,
    deadline_at: group.deadline_at ? group.deadline_at.toISOString() : '',
    expires_at: group.expires_at.toISOString(),
    host_member_id: host.id,
    me: meId,
    parts: view,
    order_id: group.order_id ?? '',
    order_status: placed[0]?.status ?? '',
    version: group.version,
  };
}

/** A change made: the group's version grows and its members hear of it (announceGroupChange). */
export async function announceChange(c: pg.PoolClient, loaded: Loaded, alsoUsers: number[] = []): Promise<number> {
  const version = await announceGroupChange(c, loaded.group.vendor_id, loaded.group.id, alsoUsers);
  loaded.group.version = version;
  return version;
}
