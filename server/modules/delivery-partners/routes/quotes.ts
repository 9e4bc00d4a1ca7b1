import type { FastifyReply } from 'fastify';
import type { Envelope } from '../../../../contract/api/common.ts';
import type { DeliveryQuote, DeliveryQuoteRequest } from '../../../../contract/api/delivery-partners.ts';
import { ORDER_CODES } from '../../../../contract/constants.ts';
import { REFUSAL_TEXTS } from '../../../../contract/rules/refusals.ts';
import { DELIVERY_PARTNER_TEXTS, DELIVERY_PARTNERS, type DeliveryPartnerName } from '../../../../contract/rules/delivery-partners.ts';
import { postCall, type ApiPlugin, type CallRequestOf } from '../../../http/api.ts';
import { signedIn } from '../../../http/customer.ts';
import { customerWriteLimit, installRateLimit } from '../../../http/rate-limit.ts';
import { askQuote } from '../domain/quotes.ts';

/** get_porter_delivery_charge and get-dunzo-quotation: a partner's quote for the signed-in customer, or 101 with the reason. */
export const deliveryQuoteRoutes: ApiPlugin = async (api) => {
  await installRateLimit(api, api.db);
  const quotesAsked = customerWriteLimit(api, 'delivery_quote');
  await api.register(signedIn(api.db, (scope) => {
    const answer = async (
      partner: DeliveryPartnerName, request: CallRequestOf<'get_porter_delivery_charge', 'body'>, reply: FastifyReply,
    ): Promise<Envelope<DeliveryQuote>> => {
      await quotesAsked(request, reply, request.customer);
      const body: DeliveryQuoteRequest = request.body;
      const outcome = await askQuote(api.db, {
        vendor: request.vendor,
        userId: request.customer.userId,
        partner,
        restaurantId: body.restaurant_id,
        drop: { latitude: body.latitude, longitude: body.longitude },
        apiBase: api.runtime.deliveryPartnerApi(partner),
      });
      if ('quote' in outcome) return { code: 200, Result: outcome.quote };
      switch (outcome.refused) {
        case 'store_not_found':
          return { code: ORDER_CODES.notFound, msg: REFUSAL_TEXTS['store.not_found'] };
        case 'out_of_area':
          request.log.info({ partner, detail: outcome.detail }, 'delivery partner cannot deliver there');
          return { code: ORDER_CODES.notFound, msg: DELIVERY_PARTNER_TEXTS.outOfArea };
        case 'unavailable':
          if (outcome.cause) request.log.warn({ partner, err: outcome.cause }, 'delivery partner not available');
          return { code: ORDER_CODES.notFound, msg: DELIVERY_PARTNER_TEXTS.unavailable };
      }
    };
    postCall(scope, DELIVERY_PARTNERS.porter.quoteCall, (request, reply) => answer('porter', request, reply));
    postCall(scope, DELIVERY_PARTNERS.dunzo.quoteCall, (request, reply) => answer('dunzo', request, reply));
  }));
};
