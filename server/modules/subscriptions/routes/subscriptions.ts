import type { FastifyRequest } from 'fastify';
import { SUBSCRIPTION_TEXTS } from '../../../../contract/rules/subscriptions.ts';
import { ORDER_CODES } from '../../../../contract/constants.ts';
import { baseUrl } from '../../../context.ts';
import {
  cancelSubscription, createSubscription, listSubscriptions, pauseOrRestart, reviewPlan, subscriptionDetail, toNewSubscription,
  updateQuantity, type ChangeOutcome, type SubscriptionContext,
} from '../domain/subscriptions.ts';
import { subscriptionInvoice } from '../domain/subscription-invoice.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { signedIn } from '../../../http/customer.ts';
import { customerWriteLimit, installRateLimit } from '../../../http/rate-limit.ts';
import { couponMessage } from '../../pricing/index.ts';

const NOT_FOUND = { code: ORDER_CODES.notFound, msg: SUBSCRIPTION_TEXTS.notFound } as const;

export const subscriptionRoutes: ApiPlugin = async (api) => {
  await installRateLimit(api, api.db);
  const invoices = customerWriteLimit(api, 'subscription_invoice');
  await api.register(signedIn(api.db, (subscriptions) => {
    const context = (request: FastifyRequest): SubscriptionContext => ({
      vendor: request.vendor, userId: request.customer.userId, lang: request.lang, now: api.runtime.clock.now(), baseUrl: baseUrl(request),
    });
    /** The subscription as it stands after a change. */
    const detail = async (request: FastifyRequest, id: number, outcome?: ChangeOutcome) => {
      if (outcome?.kind === 'not_found') return NOT_FOUND;
      const Result = await subscriptionDetail(api.db, context(request), id);
      return Result ? { code: 200, Result } : NOT_FOUND;
    };

    postCall(subscriptions, 'check_subscription_item_promocode', async (request) => {
      const { bill, couponMinOrderMinor } = await reviewPlan(api.db, context(request), toNewSubscription(request.body));
      const refusal = bill.delivery.coupon_refusal;
      return refusal
        ? { code: ORDER_CODES.couponRefused, msg: couponMessage(request.vendor, refusal, couponMinOrderMinor), Result: bill }
        : { code: 200, Result: bill };
    });

    postCall(subscriptions, 'subscription', async (request) => {
      const created = await createSubscription(api.db, context(request), request.body);
      if ('couponRefused' in created) {
        return { code: ORDER_CODES.couponRefused, msg: couponMessage(request.vendor, created.couponRefused, created.minOrderMinor) };
      }
      return detail(request, created.id);
    });

    postCall(subscriptions, 'subscription_list', async (request) => {
      const paging = { skip: request.body.skip ?? 0, limit: request.body.limit ?? 50 };
      const Result = await listSubscriptions(api.db, request.customer, request.lang, paging, baseUrl(request));
      return Result.length ? { code: 200, Result } : { code: ORDER_CODES.notFound, msg: SUBSCRIPTION_TEXTS.none, Result: [] };
    });

    postCall(subscriptions, 'subscription_details', (request) => detail(request, request.body.subscription_id));

    postCall(subscriptions, 'subscription_pause_restart', async (request) => {
      const { subscription_id: id, action, from_date: from } = request.body;
      return detail(request, id, await pauseOrRestart(api.db, context(request), id, action, from));
    });

    postCall(subscriptions, 'subscription_cancel', async (request) => {
      const id = request.body.subscription_id;
      return detail(request, id, await cancelSubscription(api.db, context(request), id));
    });

    postCall(subscriptions, 'generate_subscription_invoice', async (request, reply) => {
      await invoices(request, reply, request.customer);
      const Result = await subscriptionInvoice(api.db, context(request), request.body.subscription_id, request.body.month);
      return Result ? { code: 200, Result } : NOT_FOUND;
    });

    postCall(subscriptions, 'update_subscription_quantity', async (request) => {
      const { subscription_id: id, quantity } = request.body;
      return detail(request, id, await updateQuantity(api.db, context(request), id, quantity));
    });
  }));
};
