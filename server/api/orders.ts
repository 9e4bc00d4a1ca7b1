import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  Envelope, OrderDetail, OrderImage, OrderStatusResult, OrderSummary, RatingResult, ReorderResult,
} from '../../src/core/api/contract.ts';
import { baseUrl, type AppContext } from '../context.ts';
import {
  decodeImage, IMAGE_MSG, imageUrl, readImage, removePendingImage, savePendingImage, TOKEN_PATTERN,
} from '../domain/order-images.ts';
import { listOrders, ORDER_CODES, ORDER_MSG, orderDetail, orderStatus, type OrderList, type Owner } from '../domain/orders.ts';
import { addRating, checkRating, MAX_REVIEW_LENGTH } from '../domain/orders-rating.ts';
import { reorderDetails } from '../domain/orders-reorder.ts';
import { pickLanguage, type Vendor } from '../domain/vendors.ts';
import { requireCustomer } from '../http/auth.ts';
import { ValidationError } from '../http/errors.ts';
import { requireVendor } from '../http/vendor.ts';
import {
  AddRatingBody, IMAGE_BODY_LIMIT, ImageTokenBody, OrderIdBody, OrderListBody, UploadImageBody,
} from './orders.schemas.ts';

const NOT_FOUND = { code: ORDER_CODES.notFound, msg: ORDER_MSG.notFound } as const;

/** The signed-in customer of the request's vendor (401 otherwise). */
async function customer(ctx: AppContext, request: FastifyRequest): Promise<{ vendor: Vendor; owner: Owner; lang: string }> {
  const vendor = await requireVendor(ctx.db, request);
  const session = await requireCustomer(ctx.db, vendor, request);
  const lang = pickLanguage(vendor, (request.body as { is_langauge?: unknown } | undefined)?.is_langauge);
  return { vendor, owner: { vendorId: vendor.id, userId: session.user_id }, lang };
}

/** rating: a whole number 1..5; review: text up to 1000 characters. */
function checkRatingInput(body: AddRatingBody): { rating: number; review: string } {
  const errors: Record<string, string[]> = {};
  const rating = typeof body.rating === 'string' && body.rating.trim() !== '' ? Number(body.rating) : body.rating;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    errors.rating = ['Rating must be a whole number from 1 to 5'];
  }
  const review = body.review === undefined || body.review === null ? '' : body.review;
  if (typeof review !== 'string') errors.review = ['Review must be text'];
  else if (review.trim().length > MAX_REVIEW_LENGTH) errors.review = [`Review must be at most ${MAX_REVIEW_LENGTH} characters`];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { rating: rating as number, review: (review as string).trim() };
}

export async function orderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const list = (which: OrderList) => async (request: FastifyRequest): Promise<Envelope<OrderSummary[]>> => {
    const { owner, lang } = await customer(ctx, request);
    const body = request.body as OrderListBody;
    const paging = { skip: body.skip ?? 0, limit: body.limit ?? 50 };
    const Result = await listOrders(ctx.db, owner, which, lang, paging, baseUrl(ctx, request));
    return Result.length ? { code: 200, Result } : { code: ORDER_CODES.notFound, msg: ORDER_MSG.none, Result: [] };
  };
  app.post('/ongoing_orders', { schema: { body: OrderListBody } }, list('ongoing'));
  app.post('/order_history', { schema: { body: OrderListBody } }, list('past'));
  app.post('/current_orders_withratings', { schema: { body: OrderListBody } }, list('current'));

  app.post('/view_order_details', { schema: { body: OrderIdBody } }, async (request): Promise<Envelope<OrderDetail>> => {
    const { owner, lang } = await customer(ctx, request);
    const Result = await orderDetail(ctx.db, owner, (request.body as OrderIdBody).order_id, lang, baseUrl(ctx, request));
    return Result ? { code: 200, Result } : NOT_FOUND;
  });

  app.post('/get_order_status', { schema: { body: OrderIdBody } }, async (request): Promise<Envelope<OrderStatusResult>> => {
    const { owner } = await customer(ctx, request);
    const Result = await orderStatus(ctx.db, owner, (request.body as OrderIdBody).order_id);
    return Result ? { code: 200, Result } : NOT_FOUND;
  });

  app.post('/add_rating', { schema: { body: AddRatingBody } }, async (request): Promise<Envelope<RatingResult>> => {
    const { owner } = await customer(ctx, request);
    const body = request.body as AddRatingBody;
    const input = checkRatingInput(body);
    const outcome = await addRating(ctx.db, owner, body.order_id, input.rating, input.review);
    if (outcome === 'not_found') return NOT_FOUND;
    if (outcome === 'not_delivered') return { code: ORDER_CODES.notAllowed, msg: ORDER_MSG.notDelivered };
    if (outcome === 'already_rated') return { code: ORDER_CODES.notAllowed, msg: ORDER_MSG.alreadyRated };
    return { code: 200, msg: ORDER_MSG.rated, Result: { order_id: body.order_id, rated: 1, ...input } };
  });

  app.post('/check_rating', { schema: { body: OrderIdBody } }, async (request): Promise<Envelope<RatingResult>> => {
    const { owner } = await customer(ctx, request);
    const Result = await checkRating(ctx.db, owner, (request.body as OrderIdBody).order_id);
    return Result ? { code: 200, Result } : NOT_FOUND;
  });

  app.post('/reorder_details', { schema: { body: OrderIdBody } }, async (request): Promise<Envelope<ReorderResult>> => {
    const { vendor, owner, lang } = await customer(ctx, request);
    const Result = await reorderDetails(ctx.db, vendor, owner, (request.body as OrderIdBody).order_id, lang, baseUrl(ctx, request));
    return Result ? { code: 200, Result } : NOT_FOUND;
  });

  app.post('/upload-order-images', { bodyLimit: IMAGE_BODY_LIMIT, schema: { body: UploadImageBody } },
    async (request): Promise<Envelope<OrderImage>> => {
      const { owner } = await customer(ctx, request);
      const image = decodeImage((request.body as UploadImageBody).image);
      if (!image.ok) throw new ValidationError({ image: [image.error] });
      const token = await savePendingImage(ctx.db, owner.vendorId, owner.userId, image);
      if (!token) return { code: ORDER_CODES.imageLimit, msg: IMAGE_MSG.limit };
      return { code: 200, msg: IMAGE_MSG.uploaded, Result: { token, url: imageUrl(baseUrl(ctx, request), token) } };
    });

  app.post('/remove-order-image', { schema: { body: ImageTokenBody } }, async (request): Promise<Envelope> => {
    const { owner } = await customer(ctx, request);
    const removed = await removePendingImage(ctx.db, owner.vendorId, owner.userId, (request.body as ImageTokenBody).token);
    return removed ? { code: 200, msg: IMAGE_MSG.removed } : { code: ORDER_CODES.notFound, msg: IMAGE_MSG.notFound };
  });
}

/** GET /media/order-images/:token: the image bytes; the unguessable token is the only key, so they cache long. */
export async function orderImageMediaRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/media/order-images/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const image = TOKEN_PATTERN.test(token) ? await readImage(ctx.db, token) : undefined;
    if (!image) return reply.code(404).type('text/plain').send('Not found');
    reply.header('Cache-Control', 'private, max-age=31536000, immutable');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Access-Control-Allow-Origin', '*');
    return reply.type(image.mime).send(Buffer.from(image.content));
  });
}
