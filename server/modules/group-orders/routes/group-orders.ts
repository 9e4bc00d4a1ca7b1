import type { FastifyRequest } from 'fastify';
import { ORDER_CODES } from '../../../../contract/constants.ts';
import { baseUrl } from '../../../context.ts';
import { postCall, type Api, type ApiPlugin } from '../../../http/api.ts';
import { findCustomer, SESSION_EXPIRED } from '../../../http/customer.ts';
import { HttpError } from '../../../http/errors.ts';
import { returnUrl, vendorProvider } from '../../../http/return-url.ts';
import { confirmPending, refundPending } from '../../payments/index.ts';
import { PLACE_ORDER_MSG, placeOrderAnswer } from '../../pricing/index.ts';
import {
  cancelGroup, joinGroup, leaveGroup, lockGroup, removePart, setPart, setReady, startGroup, viewGroup,
} from '../domain/actions.ts';
import { GroupRefusal, type Caller, type GroupContext, type RefusalKind } from '../domain/groups.ts';
import { groupBill, payShare, placeGroup } from '../domain/money.ts';

const STATUS: Record<RefusalKind, number> = { not_found: 404, forbidden: 403, conflict: 409, gone: 410, unprocessable: 422, signed_out: 401 };

function contextOf(api: Api, request: FastifyRequest): GroupContext {
  return {
    db: api.db, vendor: request.vendor, lang: request.lang, now: api.runtime.clock.now(), secret: api.runtime.secrets.trackingLink, baseUrl: baseUrl(request),
  };
}

async function callerOf(api: Api, request: FastifyRequest, memberKey: string | undefined): Promise<Caller> {
  const customer = await findCustomer(api.db, request);
  return { userId: customer?.userId, memberKey };
}

/** A group refusal as its HTTP answer (`{ code, msg }` with the status). */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GroupRefusal) throw new HttpError(STATUS[error.kind], error.message);
    throw error;
  }
}

/** The group calls (contract/api/group-orders.ts): signed-in members by their bearer, guests by their member key. */
export const groupOrderRoutes: ApiPlugin = async (api) => {
  const signedIn = async (request: FastifyRequest): Promise<number> => {
    const customer = await findCustomer(api.db, request);
    if (!customer) throw new HttpError(401, SESSION_EXPIRED);
    return customer.userId;
  };

  /** A member's call: who calls (their bearer, or a guest's key), then the domain's work, its refusals as HTTP answers. */
  const asMember = async <T>(request: FastifyRequest & { body: { member_key?: string | undefined } }, work: (ctx: GroupContext, caller: Caller) => Promise<T>) => {
    const caller = await callerOf(api, request, request.body.member_key);
    return answering(() => work(contextOf(api, request), caller));
  };

  postCall(api, 'group-start', async (request) => {
    const userId = await signedIn(request);
    return { code: 200, Result: await answering(() => startGroup(contextOf(api, request), userId, request.body)) };
  });

  postCall(api, 'group-join', async (request) => {
    const { group, name } = request.body;
    return { code: 200, Result: await asMember(request, (ctx, caller) => joinGroup(ctx, group, caller, name)) };
  });

  postCall(api, 'group-view', async (request) => {
    const { group } = request.body;
    const view = await asMember(request, (ctx, caller) => viewGroup(ctx, group, caller));
    // A share paid online and back from the provider is settled here if neither the return nor a webhook has
    // told yet: asked only while a share of this group waits on its payment, not on every view.
    if (!view.parts.some((part) => part.payment.status === 'pending')) return { code: 200, Result: view };
    const userId = (await findCustomer(api.db, request))?.userId;
    if (userId === undefined) return { code: 200, Result: view };
    const { rows } = await api.db.query<{ session_id: string }>(
      `SELECT p.session_id FROM payments p JOIN order_group_shares s ON s.payment_id = p.id
       WHERE p.vendor_id = $1 AND p.user_id = $2 AND s.group_id = $3 AND p.status = 'pending' AND s.status = 'pending' LIMIT 5`,
      [request.vendor.id, userId, view.group_id],
    );
    if (rows.length === 0) return { code: 200, Result: view };
    for (const row of rows) await confirmPending(api.db, api.runtime.payments, row.session_id, request.log);
    return { code: 200, Result: await asMember(request, (ctx, caller) => viewGroup(ctx, group, caller)) };
  });

  postCall(api, 'group-set-part', async (request) => {
    const { group, lines } = request.body;
    return { code: 200, Result: await asMember(request, (ctx, caller) => setPart(ctx, group, caller, lines)) };
  });

  postCall(api, 'group-ready', async (request) => {
    const { group, ready } = request.body;
    return { code: 200, Result: await asMember(request, (ctx, caller) => setReady(ctx, group, caller, ready)) };
  });

  postCall(api, 'group-leave', async (request) => {
    const left = await asMember(request, (ctx, caller) => leaveGroup(ctx, request.body.group, caller));
    return { code: 200, Result: left.view };
  });

  postCall(api, 'group-remove-part', async (request) => {
    const { group, member_id } = request.body;
    return { code: 200, Result: await asMember(request, (ctx, caller) => removePart(ctx, group, caller, member_id)) };
  });

  postCall(api, 'group-lock', async (request) => {
    const { group, locked } = request.body;
    return { code: 200, Result: await asMember(request, (ctx, caller) => lockGroup(ctx, group, caller, locked)) };
  });

  postCall(api, 'group-bill', async (request) => {
    const { group, coupon_code, driver_tip } = request.body;
    return { code: 200, Result: await asMember(request, (ctx, caller) => groupBill(ctx, group, caller, { coupon: coupon_code, tip: driver_tip })) };
  });

  postCall(api, 'group-pay-share', async (request) => {
    const { group, payment_method, expected_share, return_url } = request.body;
    // Paying takes an account: a guest signs in, then joins again with their key (group-join).
    const userId = await signedIn(request);
    const outcome = await answering(async () => payShare(contextOf(api, request), group, { userId, memberKey: undefined }, {
      method: payment_method, expectedShare: expected_share,
      returnUrl: payment_method === 'online' ? await returnUrl(request, return_url) : '', provider: await vendorProvider(request),
    }));
    if ('changed' in outcome) return { code: ORDER_CODES.priceChanged, msg: PLACE_ORDER_MSG.priceChanged };
    return { code: 200, Result: outcome.paid };
  });

  postCall(api, 'group-place', async (request) => {
    const { group, idempotency_key, payment_method, expected_total, return_url } = request.body;
    const outcome = await asMember(request, async (ctx, caller) => placeGroup(ctx, group, caller, {
      idempotencyKey: idempotency_key, method: payment_method, expectedTotal: expected_total,
      returnUrl: payment_method === 'online' ? await returnUrl(request, return_url) : '', provider: await vendorProvider(request),
    }));
    if ('refused' in outcome) {
      const answer = placeOrderAnswer(request.vendor, outcome);
      return { code: answer.code, ...(answer.msg ? { msg: answer.msg } : {}) };
    }
    return { code: 200, Result: { ...outcome.view, payment_url: outcome.paymentUrl } };
  });

  postCall(api, 'group-cancel', async (request) => {
    const view = await asMember(request, (ctx, caller) => cancelGroup(ctx, request.body.group, caller));
    // Shares paid online go back through their providers now (the refund sweep tries again if one fails).
    await refundPending(api.db, api.runtime.payments, (error) => request.log.error({ err: error }, 'group share refund failed'));
    return { code: 200, Result: view };
  });
};
