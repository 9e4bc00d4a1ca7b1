import type { FastifyRequest } from 'fastify';
import { ORDER_CODES } from '../../../../contract/constants.ts';
import { baseUrl } from '../../../context.ts';
import { listCoupons, toCoupon } from '../domain/coupons.ts';
import { toBreakdown } from '../domain/pricing-breakdown.ts';
import { priceRequest } from '../domain/pricing-load.ts';
import { toPricingQuery, type PricingQuery } from '../domain/pricing-request.ts';
import { STORE_NOT_FOUND } from '../../stores/index.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { findCustomer, signedIn } from '../../../http/customer.ts';
import { couponMessage, NO_OFFERS, overLimitAnswer } from './order-answers.ts';

export const offersRoutes: ApiPlugin = async (api) => {
  postCall(api, 'couponlisting', async (request) => {
    const { body, vendor } = request;
    // The bearer token, not the body's user_id, says whose used-up coupons to leave out.
    const customer = await findCustomer(api.db, request);
    const rows = await listCoupons(api.db, vendor.id, {
      lang: request.lang,
      type: body.coupon_type || undefined,
      restaurantId: typeof body.restaurant_id === 'number' ? body.restaurant_id : undefined,
      userId: customer?.userId,
      at: api.runtime.clock.now(),
    });
    const Result = rows.map((row) => toCoupon(vendor, row, baseUrl(request)));
    return Result.length ? { code: 200, Result } : { code: ORDER_CODES.notFound, msg: NO_OFFERS, Result: [] };
  });

  await api.register(signedIn(api.db, (pricing) => {
    /** Prices the order for the signed-in customer; `auto` picks the best coupon. */
    async function price(request: FastifyRequest, query: PricingQuery, auto: boolean) {
      const { vendor, lang } = request;
      const priced = await priceRequest(api.db, { vendor, userId: request.customer.userId, lang, now: api.runtime.clock.now() }, query, auto);
      return { priced, breakdown: priced && toBreakdown(vendor, priced, query, lang, baseUrl(request)) };
    }

    postCall(pricing, 'coupon_redeem', async (request) => {
      const { priced, breakdown } = await price(request, toPricingQuery(request.body), false);
      if (!priced || !breakdown) return { code: ORDER_CODES.notFound, msg: STORE_NOT_FOUND };
      const refusal = priced.coupon_refusal;
      if (!refusal && priced.limit) return overLimitAnswer(request.vendor, breakdown);
      if (!refusal) return { code: 200, msg: 'Promo code applied', Result: breakdown };
      return { code: ORDER_CODES.couponRefused, msg: couponMessage(request.vendor, refusal, priced.coupon_min_order_minor), Result: breakdown };
    });

    postCall(pricing, 'auto_apply_coupon_redeem', async (request) => {
      const { priced, breakdown } = await price(request, toPricingQuery(request.body), true);
      if (!priced || !breakdown) return { code: ORDER_CODES.notFound, msg: STORE_NOT_FOUND };
      if (priced.limit) return overLimitAnswer(request.vendor, breakdown);
      return priced.coupon ? { code: 200, msg: 'Promo code applied', Result: breakdown } : { code: ORDER_CODES.notFound, msg: NO_OFFERS, Result: breakdown };
    });
  }));
};
