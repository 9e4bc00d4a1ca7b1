import type { ServerModule } from '../module.ts';
import { offersRoutes } from './routes/offers.ts';

/**
 * What a cart costs: the catalogue prices, options, fees, tax, tip, the coupons and the order
 * limits; the offers calls; and the answers a priced or refused order gets.
 */
export const pricingModule: ServerModule = { name: 'pricing', routes: [offersRoutes] };

export { toPricingQuery, type PricingQuery } from './domain/pricing-request.ts';
export { couponUses, findCoupon, limitRefusal, type Queryable } from './domain/coupons.ts';
export { toBreakdown } from './domain/pricing-breakdown.ts';
export { minimumOf, priceRequest, type PricedOrder } from './domain/pricing-load.ts';
export { couponMessage, overLimitAnswer, PLACE_ORDER_MSG, placeOrderAnswer } from './routes/order-answers.ts';
