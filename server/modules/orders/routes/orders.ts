import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MULTILINE_TEXT_PATTERN } from '../../../../contract/api/common.ts';
import { IMAGE_REQUEST_LIMIT_BYTES } from '../../../../contract/api/orders.ts';
import { ORDER_CODES } from '../../../../contract/constants.ts';
import { baseUrl } from '../../../context.ts';
import { InputError } from '../../../errors.ts';
import {
  decodeImage, IMAGE_MSG, imageUrl, readImage, removePendingImage, savePendingImage, TOKEN_PATTERN,
} from '../domain/order-images.ts';
import { listOrders, ORDER_MSG, orderDetail, orderStatus, type OrderList } from '../domain/orders.ts';
import { cancelOwnOrder } from '../domain/orders-cancel.ts';
import { addRating, checkRating, MAX_REVIEW_LENGTH } from '../domain/orders-rating.ts';
import { reorderDetails } from '../domain/orders-reorder.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { signedIn } from '../../../http/customer.ts';
import { customerWriteLimit, installRateLimit } from '../../../http/rate-limit.ts';
import { refundPending } from '../../payments/index.ts';

const NOT_FOUND = { code: ORDER_CODES.notFound, msg: ORDER_MSG.notFound } as const;

/** A review may have several lines, like a note: the contract's multiline text. */
const REVIEW_TEXT = new RegExp(MULTILINE_TEXT_PATTERN, 'u');

/** rating: a whole number 1..5 ('4' is taken as 4); review: text up to MAX_REVIEW_LENGTH characters. */
function checkRatingInput(body: { rating: unknown; review?: unknown }): { rating: number; review: string } {
  const errors: Record<string, string[]> = {};
  const rating = typeof body.rating === 'string' && body.rating.trim() !== '' ? Number(body.rating) : body.rating;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    errors.rating = ['Rating must be a whole number from 1 to 5'];
  }
  const review = body.review === undefined || body.review === null ? '' : body.review;
  if (typeof review !== 'string') errors.review = ['Review must be text'];
  else if (review.trim().length > MAX_REVIEW_LENGTH) errors.review = [`Review must be at most ${MAX_REVIEW_LENGTH} characters`];
  else if (!REVIEW_TEXT.test(review)) errors.review = ['Review must not contain control characters'];
  if (Object.keys(errors).length) throw new InputError(errors);
  return { rating: rating as number, review: (review as string).trim() };
}

export const orderRoutes: ApiPlugin = async (api) => {
  await installRateLimit(api, api.db);
  const imageUploads = customerWriteLimit(api, 'order_image');
  await api.register(signedIn(api.db, (orders) => {
    const list = async (which: OrderList, request: FastifyRequest, page: { skip?: number | undefined; limit?: number | undefined }) => {
      const paging = { skip: page.skip ?? 0, limit: page.limit ?? 50 };
      const Result = await listOrders(api.db, request.customer, which, request.lang, paging, baseUrl(request));
      return Result.length ? { code: 200, Result } : { code: ORDER_CODES.notFound, msg: ORDER_MSG.none, Result: [] };
    };
    postCall(orders, 'ongoing_orders', (request) => list('ongoing', request, request.body));
    postCall(orders, 'order_history', (request) => list('past', request, request.body));
    postCall(orders, 'current_orders_withratings', (request) => list('current', request, request.body));

    postCall(orders, 'view_order_details', async (request) => {
      const Result = await orderDetail(api.db, request.customer, request.body.order_id, request.lang, baseUrl(request));
      return Result ? { code: 200, Result } : NOT_FOUND;
    });

    postCall(orders, 'get_order_status', async (request) => {
      const Result = await orderStatus(api.db, request.customer, request.body.order_id);
      return Result ? { code: 200, Result } : NOT_FOUND;
    });

    postCall(orders, 'add_rating', async (request) => {
      const orderId = request.body.order_id;
      const input = checkRatingInput(request.body);
      const outcome = await addRating(api.db, request.customer, orderId, input.rating, input.review);
      if (outcome === 'not_found') return NOT_FOUND;
      if (outcome === 'not_delivered') return { code: ORDER_CODES.notAllowed, msg: ORDER_MSG.notDelivered };
      if (outcome === 'already_rated') return { code: ORDER_CODES.notAllowed, msg: ORDER_MSG.alreadyRated };
      return { code: 200, msg: ORDER_MSG.rated, Result: { order_id: orderId, rated: 1, ...input } };
    });

    postCall(orders, 'check_rating', async (request) => {
      const Result = await checkRating(api.db, request.customer, request.body.order_id);
      return Result ? { code: 200, Result } : NOT_FOUND;
    });

    postCall(orders, 'reorder_details', async (request) => {
      const Result = await reorderDetails(api.db, request.vendor, request.customer, request.body.order_id, request.lang, baseUrl(request));
      return Result ? { code: 200, Result } : NOT_FOUND;
    });

    postCall(orders, 'cancel_order', async (request) => {
      const outcome = await cancelOwnOrder(api.db, request.customer, request.body.order_id);
      if (outcome.kind === 'not_found') return NOT_FOUND;
      if (outcome.kind === 'too_late') return { code: ORDER_CODES.notAllowed, msg: ORDER_MSG.tooLateToCancel };
      // A refund through the provider is started now rather than at the next sweep (which retries it if this fails).
      if (outcome.result.refund_to === 'provider') {
        const onError = (err: unknown) => request.log.error({ err }, 'refund after a cancel failed');
        void refundPending(api.db, api.runtime.payments, onError, { vendorId: request.customer.vendorId, orderId: outcome.result.order_id }).catch(onError);
      }
      return { code: 200, msg: ORDER_MSG.cancelled, Result: outcome.result };
    });

    postCall(orders, 'upload-order-images', async (request, reply) => {
      const { customer } = request;
      await imageUploads(request, reply, customer);
      const image = decodeImage(request.body.image);
      if (!image.ok) throw InputError.on('image', image.error);
      const token = await savePendingImage(api.db, customer.vendorId, customer.userId, image);
      if (!token) return { code: ORDER_CODES.imageLimit, msg: IMAGE_MSG.limit };
      return { code: 200, msg: IMAGE_MSG.uploaded, Result: { token, url: imageUrl(baseUrl(request), token) } };
    }, { bodyLimit: IMAGE_REQUEST_LIMIT_BYTES });

    postCall(orders, 'remove-order-image', async (request) => {
      const { customer } = request;
      const removed = await removePendingImage(api.db, customer.vendorId, customer.userId, request.body.token);
      return removed ? { code: 200, msg: IMAGE_MSG.removed } : { code: ORDER_CODES.notFound, msg: IMAGE_MSG.notFound };
    });
  }));
};

/** GET /media/order-images/:token: the image bytes; the unguessable token is the only key, so they cache long. */
export const orderImageMediaRoute: FastifyPluginAsync = async (app) => {
  app.get('/media/order-images/:token', async (request: FastifyRequest<{ Params: { token: string } }>, reply) => {
    const { token } = request.params;
    const image = TOKEN_PATTERN.test(token) ? await readImage(app.db, token) : undefined;
    if (!image) return reply.code(404).type('text/plain').send('Not found');
    reply.header('Cache-Control', 'private, max-age=31536000, immutable');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Access-Control-Allow-Origin', '*');
    return reply.type(image.mime).send(Buffer.from(image.content));
  });
};
