import type { FastifyRequest } from 'fastify';
import { ORDER_CODES } from '../../contract/constants.ts';
import { DEFAULT_HOST, isUrlOnHosts } from '../../contract/rules/hosts.ts';
import { safeWebUrl, webUrlHost } from '../../contract/rules/urls.ts';
import { baseUrl } from '../context.ts';
import { InputError } from '../domain/errors.ts';
import { ORDER_MSG } from '../domain/orders.ts';
import { paymentStatus } from '../domain/payments.ts';
import { placeOrder } from '../domain/place-order.ts';
import { toBreakdown } from '../domain/pricing-breakdown.ts';
import { priceRequest } from '../domain/pricing-load.ts';
import { toPricingQuery } from '../domain/pricing-request.ts';
import { STORE_NOT_FOUND } from '../domain/store-detail.ts';
import { vendorHosts } from '../domain/vendors.ts';
import { postCall, type ApiPlugin } from '../http/api.ts';
import { signedIn } from '../http/customer.ts';
import { TEST_PROVIDER } from '../payments/test-provider.ts';
import { overLimitAnswer, placeOrderAnswer } from './order-answers.ts';

/**
 * Where the hosted payment page sends the customer back: only to the vendor's own sites, its hosts
 * (vendor_hosts) and the host of the configured public URL (PUBLIC_URL), on any port; never to another
 * site (no open redirect).
 * - return_url, when sent, must be an http(s) address on one of them, else the call is refused (422);
 * - else the calling page's origin (the Origin header) when it is on one of them;
 * - else the public URL or this request's own origin, when on one of the vendor's hosts;
 * - else the vendor's primary host.
 */
async function returnUrl(request: FastifyRequest, asked: string | undefined): Promise<string> {
  const publicUrl = request.server.runtime.publicUrl;
  const publicHost = publicUrl === undefined ? undefined : webUrlHost(publicUrl);
  const vendorOwn = await vendorHosts(request.server.db, request.vendor.id);
  const own = publicHost === undefined ? vendorOwn : [...vendorOwn, publicHost];
  if (asked) {
    if (safeWebUrl(asked) === undefined) throw InputError.on('return_url', 'return_url must be an http(s) address');
    if (!isUrlOnHosts(asked, own)) throw InputError.on('return_url', 'return_url must be on the storefront\'s own site');
    return asked;
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string' && isUrlOnHosts(origin, own)) return new URL('/', origin).href;
  const base = baseUrl(request);
  if (isUrlOnHosts(base, vendorOwn)) return `${base}/`;
  return `${request.protocol}://${vendorOwn[0] ?? DEFAULT_HOST}/`;
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
      // The vendor's provider, when this server runs it (the test provider only where test payments are on).
      const provider = api.runtime.paymentProviders.get(String(vendor.settings.payment_provider ?? TEST_PROVIDER));
      const outcome = await placeOrder(api.db, {
        vendor,
        userId: request.customer.userId,
        lang: request.lang,
        baseUrl: baseUrl(request),
        query: toPricingQuery(body),
        idempotencyKey: body.idempotency_key,
        paymentMethod: body.payment_method,
        expectedTotal: body.expected_total,
        returnUrl: body.payment_method === 'online' ? await returnUrl(request, body.return_url) : '',
        orderImages: body.order_images ?? [],
        note: (body.note ?? '').trim(),
        provider,
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
