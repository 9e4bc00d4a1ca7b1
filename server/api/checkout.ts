import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Envelope, PaymentStatusResult, PriceBreakdown } from '../../src/core/api/contract.ts';
import { baseUrl, type AppContext } from '../context.ts';
import { ORDER_CODES, ORDER_MSG } from '../domain/orders.ts';
import { paymentStatus } from '../domain/payments.ts';
import { placeOrder, type PlaceOrderAnswer } from '../domain/place-order.ts';
import { toBreakdown } from '../domain/pricing-breakdown.ts';
import { priceRequest } from '../domain/pricing-load.ts';
import { toPricingQuery } from '../domain/pricing-request.ts';
import { STORE_NOT_FOUND } from '../domain/store-detail.ts';
import { normalizeHost, pickLanguage } from '../domain/vendors.ts';
import { requireCustomer } from '../http/auth.ts';
import { ValidationError } from '../http/errors.ts';
import { requestedHost, requireVendor } from '../http/vendor.ts';
import { findProvider } from '../payments/provider.ts';
import { testProvider } from '../payments/test-provider.ts';
import { OrderIdBody, PlaceOrderBody, PricingBody } from './checkout-schemas.ts';

function httpUrl(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the hosted payment page sends the customer back: return_url, an http(s) address on the calling
 * page's origin, the vendor's host or this API (never elsewhere: no open redirect), else the calling page's origin.
 */
function returnUrl(ctx: AppContext, request: FastifyRequest, asked: string | undefined): string {
  if (asked) {
    const url = httpUrl(asked);
    if (!url) throw new ValidationError({ return_url: ['return_url must be an http(s) address'] });
    const target = new URL(url);
    const origin = typeof request.headers.origin === 'string' ? httpUrl(request.headers.origin) : undefined;
    const own = target.origin === new URL(baseUrl(ctx, request)).origin
      || (origin !== undefined && target.origin === new URL(origin).origin)
      || target.hostname.toLowerCase() === normalizeHost(requestedHost(request));
    if (!own) throw new ValidationError({ return_url: ['return_url must be on the storefront\'s own site'] });
    return url;
  }
  const origin = request.headers.origin;
  return (typeof origin === 'string' && httpUrl(origin)) || `${baseUrl(ctx, request)}/`;
}

export async function checkoutRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/check_restaurant_menu_with_price', { schema: { body: PricingBody } }, async (request): Promise<Envelope<PriceBreakdown>> => {
    const vendor = await requireVendor(ctx.db, request);
    const session = await requireCustomer(ctx.db, vendor, request);
    const body = request.body as PricingBody;
    const lang = pickLanguage(vendor, body.is_langauge);
    const query = toPricingQuery(body);
    const priced = await priceRequest(ctx.db, { vendor, userId: session.user_id, lang, now: ctx.clock.now() }, query);
    if (!priced) return { code: ORDER_CODES.notFound, msg: STORE_NOT_FOUND };
    return { code: 200, Result: toBreakdown(vendor, priced, query, lang, baseUrl(ctx, request)) };
  });

  app.post('/place_order', { schema: { body: PlaceOrderBody } }, async (request): Promise<PlaceOrderAnswer> => {
    const vendor = await requireVendor(ctx.db, request);
    const session = await requireCustomer(ctx.db, vendor, request);
    const body = request.body as PlaceOrderBody;
    const named = findProvider(String(vendor.settings.payment_provider ?? testProvider.name));
    const provider = named === testProvider && !ctx.testPayments ? undefined : named;
    if (body.payment_method === 'online' && !provider) {
      throw new ValidationError({ payment_method: ['Online payment is not available for this store'] });
    }
    return placeOrder(ctx.db, {
      vendor,
      userId: session.user_id,
      lang: pickLanguage(vendor, body.is_langauge),
      baseUrl: baseUrl(ctx, request),
      query: toPricingQuery(body),
      idempotencyKey: body.idempotency_key,
      paymentMethod: body.payment_method,
      expectedTotal: body.expected_total,
      returnUrl: body.payment_method === 'online' ? returnUrl(ctx, request, body.return_url) : '',
      orderImages: body.order_images ?? [],
      note: (body.note ?? '').trim(),
      provider: provider ?? testProvider, // only used for online payments, which have one
      now: ctx.clock.now(),
    });
  });

  app.post('/check_payment_status', { schema: { body: OrderIdBody } }, async (request): Promise<Envelope<PaymentStatusResult>> => {
    const vendor = await requireVendor(ctx.db, request);
    const session = await requireCustomer(ctx.db, vendor, request);
    const result = await paymentStatus(ctx.db, vendor.id, session.user_id, (request.body as OrderIdBody).order_id);
    return result ? { code: 200, Result: result } : { code: ORDER_CODES.notFound, msg: ORDER_MSG.notFound };
  });
}
