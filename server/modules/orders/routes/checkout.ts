import { ORDER_CODES } from '../../../../contract/constants.ts';
import { baseUrl } from '../../../context.ts';
import { ORDER_MSG } from '../domain/orders.ts';
import { confirmPending, orderPaymentSession, paymentStatus } from '../../payments/index.ts';
import { placeOrder } from '../domain/place-order.ts';
import { overLimitAnswer, placeOrderAnswer, priceRequest, toBreakdown, toPricingQuery } from '../../pricing/index.ts';
import { STORE_NOT_FOUND } from '../../stores/index.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { signedIn } from '../../../http/customer.ts';
import { returnUrl, vendorProvider } from '../../../http/return-url.ts';
import { orderFingerprint } from '../../../../contract/rules/order-fingerprint.ts';

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
      const provider = await vendorProvider(request);
      const outcome = await placeOrder(api.db, {
        vendor,
        userId: request.customer.userId,
        lang: request.lang,
        baseUrl: baseUrl(request),
        query: toPricingQuery(body),
        idempotencyKey: body.idempotency_key,
        fingerprint: orderFingerprint(body),
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
      const session = await orderPaymentSession(api.db, customer.vendorId, customer.userId, request.body.order_id);
      if (session) await confirmPending(api.db, api.runtime.payments, session, request.log);
      const result = await paymentStatus(api.db, customer.vendorId, customer.userId, request.body.order_id);
      return result ? { code: 200, Result: result } : { code: ORDER_CODES.notFound, msg: ORDER_MSG.notFound };
    });
  }));
};
