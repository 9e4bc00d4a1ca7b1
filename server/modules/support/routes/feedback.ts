import { FEEDBACK_PER_ADDRESS, FEEDBACK_TOO_MANY, FEEDBACK_WINDOW_MINUTES } from '../../../../contract/feedback-limits.ts';
import { addStoreFeedback } from '../domain/feedback.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { findCustomer } from '../../../http/customer.ts';
import { clientNetwork, customerWriteLimit, installRateLimit, requestLimit } from '../../../http/rate-limit.ts';
import { REFUSAL_TEXTS } from '../../../../contract/rules/refusals.ts';

export const FEEDBACK_MSG = {
  thanks: 'Thank you for your feedback',
  storeNotFound: REFUSAL_TEXTS['store.not_found'],
  tooMany: FEEDBACK_TOO_MANY,
} as const;

/** store_feedback: open to guests, limited per network (and per customer, signed in), every text trimmed and bounded by the contract. */
export const feedbackRoutes: ApiPlugin = async (api) => {
  await installRateLimit(api, api.db);
  const perAddress = requestLimit(api, {
    name: 'store-feedback',
    max: FEEDBACK_PER_ADDRESS,
    windowMs: FEEDBACK_WINDOW_MINUTES * 60_000,
    key: (request) => clientNetwork(request.ip),
    message: FEEDBACK_MSG.tooMany,
  });
  const perCustomer = customerWriteLimit(api, 'store_feedback');

  postCall(api, 'store_feedback', async (request, reply) => {
    await perAddress(request, reply);
    const { body, vendor } = request;
    const customer = await findCustomer(api.db, request);
    if (customer) await perCustomer(request, reply, customer);
    const id = await addStoreFeedback(api.db, {
      vendorId: vendor.id,
      restaurantId: body.restaurant_id,
      userId: customer?.userId ?? null,
      rating: body.rating,
      comment: body.comment?.trim() ?? '',
      name: body.name?.trim() ?? '',
      contact: body.contact?.trim() ?? '',
    });
    if (id === null) return { code: 101, msg: FEEDBACK_MSG.storeNotFound };
    return { code: 200, msg: FEEDBACK_MSG.thanks, Result: { feedback_id: id } };
  });
};
