import type { FastifyRequest } from 'fastify';
import { ORDER_CODES } from '../../contract/constants.ts';
import { baseUrl } from '../context.ts';
import { InputError } from '../domain/errors.ts';
import { ORDER_MSG } from '../domain/orders.ts';
import { paymentStatus } from '../domain/payments.ts';
import { placeOrder } from '../domain/place-order.ts';
import { toBreakdown } from '../domain/pricing-breakdown.ts';
import { priceRequest } from '../domain/pricing-load.ts';
import { toPricingQuery } from '../domain/pricing-request.ts';
import { STORE_NOT_FOUND } from '../domain/store-detail.ts';
import { normalizeHost } from '../domain/vendors.ts';
import { postCall, type ApiPlugin } from '../http/api.ts';
import { signedIn } from '../http/customer.ts';
import { requestedHost } from '../http/vendor.ts';
import { findProvider } from '../payments/provider.ts';
import { testProvider } from '../payments/test-provider.ts';
import { overLimitAnswer, placeOrderAnswer } from './order-answers.ts';

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
function returnUrl(request: FastifyRequest, asked: string | undefined): string {
  if (asked) {
    const url = httpUrl(asked);
    if (!url) throw InputError.on('return_url', 'return_url must be an http(s) address');
    const target = new URL(url);
    const origin = typeof request.headers.origin === 'string' ? httpUrl(request.headers.origin) : undefined;
    const own = target.origin === new URL(baseUrl(request)).origin
      || (origin !== undefined && target.origin === new URL(origin).origin)
      || target.hostname.toLowerCase() === normalizeHost(requestedHost(request));
    if (!own) throw InputError.on('return_url', 'return_url must be on the storefront\'s own site');
    return url;
  }
  const origin = request.headers.origin;
  return (typeof origin === 'string' && httpUrl(origin)) || `${baseUrl(request)}/`;
}

export const checkoutRoutes: ApiPlugin = async (api) => {
  await api.register(signedIn(api.db, (checkout) => {
    postCall(checkout, 'check_restaurant_menu_with_price', async (request) => {
      const { vendor, lang } = request;
      const query = toPricingQuery(request.body);
      const priced = await priceRequest(api.db, { vendor, userId: request.customer.userId, lang, now: api.runtime.clock.now() }, query);
      if (!priced) return { code: ORDER_CODES.notFound, msg: STORE_NOT_FOUND };
      const breakdown = toBreakdown(vendor, priced, query, lang, baseUrl(request));
      return priced.limit ? overLimitAnswer(vendor, breakdown) : { code: 200, Result: breakdown };
    });

    postCall(checkout, 'place_order', async (request) => {
      const { vendor, body } = request;
      const named = findProvider(String(vendor.settings.payment_provider ?? testProvider.name));
      const provider = named === testProvider && !api.runtime.testPayments ? undefined : named;
      if (body.payment_method === 'online' && !provider) {
        throw InputError.on('payment_method', 'Online payment is not available for this store');
      }
      const outcome = await placeOrder(api.db, {
        vendor,
        userId: request.customer.userId,
        lang: request.lang,
        baseUrl: baseUrl(request),
        query: toPricingQuery(body),
        idempotencyKey: body.idempotency_key,
        paymentMethod: body.payment_method,
        expectedTotal: body.expected_total,
        returnUrl: body.payment_method === 'online' ? returnUrl(request, body.return_url) : '',
        orderImages: body.order_images ?? [],
        note: (body.note ?? '').trim(),
        provider: provider ?? testProvider, // only used for online payments, which have one
        now: api.runtime.clock.now(),
      });
      return placeOrderAnswer(vendor, outcome);
    });

    postCall(checkout, 'check_payment_status', async (request) => {
      const { customer } = request;
      const result = await paymentStatus(api.db, customer.vendorId, customer.userId, request.body.order_id);
      return result ? { code: 200, Result: result } : { code: ORDER_CODES.notFound, msg: ORDER_MSG.notFound };
    });
  }));
};
