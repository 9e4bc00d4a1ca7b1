import type { DeliveryPartnerName } from '../../../contract/rules/delivery-partners.ts';
import type { ServerModule } from '../module.ts';
import { PARTNER_ADAPTERS } from './adapters/index.ts';
import { deliveryQuoteRoutes } from './routes/quotes.ts';

/**
 * Third-party delivery partners (Porter, Dunzo): each vendor's accounts at them, their adapters (adapters/,
 * on the kit of domain/kit.ts), the quote calls, and the kept quotes the bill and place_order charge.
 */
export const deliveryPartnersModule: ServerModule = { name: 'delivery-partners', routes: [deliveryQuoteRoutes] };

/**
 * Where each partner's API is: its live API, or with `doubles` (PAYMENT_DOUBLES_URL, the local doubles'
 * server) its double there under /<partner>.
 */
export function partnerApis(doubles: string | undefined): (partner: DeliveryPartnerName) => string {
  if (doubles !== undefined && !/^https?:\/\/[^/]+$/.test(doubles.replace(/\/$/, ''))) throw new Error(`The doubles' base must be an http(s) origin, not ${doubles}`);
  return (partner) => (doubles ? `${doubles.replace(/\/$/, '')}/${partner}` : PARTNER_ADAPTERS[partner].facts.liveApi);
}

export { offeredPartners } from './domain/accounts.ts';
export { claimQuote, usableQuote, type ChosenQuote } from './domain/quotes.ts';
