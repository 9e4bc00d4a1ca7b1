import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Coupon, Envelope, PriceBreakdown } from '../../src/core/api/contract.ts';
import { baseUrl, type AppContext } from '../context.ts';
import { COUPON_MESSAGES, listCoupons, NO_OFFERS, toCoupon } from '../domain/coupons.ts';
import { ORDER_CODES } from '../domain/orders.ts';
import { formatMoney, toBreakdown } from '../domain/pricing-breakdown.ts';
import { priceRequest } from '../domain/pricing-load.ts';
import { toPricingQuery, type PricingQuery } from '../domain/pricing-request.ts';
import { STORE_NOT_FOUND } from '../domain/store-detail.ts';
import { findSession } from '../domain/sessions.ts';
import { pickLanguage, type Vendor } from '../domain/vendors.ts';
import { bearerToken, requireCustomer } from '../http/auth.ts';
import { requireVendor } from '../http/vendor.ts';
import { CouponListingBody, CouponRedeemBody, PricingBody } from './checkout-schemas.ts';

/** The signed-in customer's id when the request carries a live token; guests (and stale tokens) get undefined. */
async function optionalCustomer(ctx: AppContext, vendor: Vendor, request: FastifyRequest): Promise<number | undefined> {
  const token = bearerToken(request);
  if (!token || token.length > 128) return undefined;
  return (await findSession(ctx.db, vendor.id, token))?.user_id;
}

export async function offersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/couponlisting', { schema: { body: CouponListingBody } }, async (request): Promise<Envelope<Coupon[]>> => {
    const vendor = await requireVendor(ctx.db, request);
    const body = request.body as CouponListingBody;
    // The bearer token, not the body's user_id, says whose used-up coupons to leave out.
    const userId = await optionalCustomer(ctx, vendor, request);
    const rows = await listCoupons(ctx.db, vendor.id, {
      lang: pickLanguage(vendor, body.is_langauge),
      type: body.coupon_type || undefined,
      restaurantId: typeof body.restaurant_id === 'number' ? body.restaurant_id : undefined,
      userId,
      at: ctx.clock.now(),
    });
    const Result = rows.map((row) => toCoupon(vendor, row, baseUrl(ctx, request)));
    return Result.length ? { code: 200, Result } : { code: ORDER_CODES.notFound, msg: NO_OFFERS, Result: [] };
  });

  /** Prices the request for the signed-in customer; `auto` picks the best coupon. */
  async function price(request: FastifyRequest, auto: boolean) {
    const vendor = await requireVendor(ctx.db, request);
    const session = await requireCustomer(ctx.db, vendor, request);
    const lang = pickLanguage(vendor, (request.body as PricingBody).is_langauge);
    const query: PricingQuery = toPricingQuery(request.body as PricingBody);
    const priced = await priceRequest(ctx.db, { vendor, userId: session.user_id, lang, now: ctx.clock.now() }, query, auto);
    return { vendor, priced, breakdown: priced && toBreakdown(vendor, priced, query, lang, baseUrl(ctx, request)) };
  }

  app.post('/coupon_redeem', { schema: { body: CouponRedeemBody } }, async (request): Promise<Envelope<PriceBreakdown>> => {
    const { vendor, priced, breakdown } = await price(request, false);
    if (!priced || !breakdown) return { code: ORDER_CODES.notFound, msg: STORE_NOT_FOUND };
    const refusal = priced.coupon_refusal;
    if (!refusal) return { code: 200, msg: 'Promo code applied', Result: breakdown };
    const msg = COUPON_MESSAGES[refusal].replace('{amount}', formatMoney(vendor, priced.coupon_min_order_minor));
    return { code: ORDER_CODES.couponRefused, msg, Result: breakdown };
  });

  app.post('/auto_apply_coupon_redeem', { schema: { body: PricingBody } }, async (request): Promise<Envelope<PriceBreakdown>> => {
    const { priced, breakdown } = await price(request, true);
    if (!priced || !breakdown) return { code: ORDER_CODES.notFound, msg: STORE_NOT_FOUND };
    return priced.coupon ? { code: 200, msg: 'Promo code applied', Result: breakdown } : { code: ORDER_CODES.notFound, msg: NO_OFFERS, Result: breakdown };
  });
}
