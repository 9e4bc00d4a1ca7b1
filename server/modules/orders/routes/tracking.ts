import { ORDER_CODES, TRACKING_TEXTS } from '../../../../contract/constants.ts';
import { inTransaction } from '../../../db/tx.ts';
import { driverByToken } from '../../order-status/index.ts';
import { InputError } from '../../../errors.ts';
import { ORDER_MSG, orderStatus } from '../domain/orders.ts';
import { orderDistance, orderDriver, orderTracking, readTrackingLink, recordPosition, signTrackingLink } from '../domain/tracking.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { bearerToken, findCustomer, SESSION_EXPIRED, signedIn } from '../../../http/customer.ts';
import { HttpError } from '../../../http/errors.ts';

const NOT_FOUND = { code: ORDER_CODES.notFound, msg: ORDER_MSG.notFound } as const;

export const trackingRoutes: ApiPlugin = async (api) => {
  // Open to guests holding a tracking link; otherwise the signed-in customer's own order.
  postCall(api, 'order_tracking', async (request) => {
    const vendorId = request.vendor.id;
    const { order_id: orderId, tracking } = request.body;
    if (tracking) {
      const link = readTrackingLink(api.runtime.secrets.trackingLink, vendorId, tracking, api.runtime.clock.now());
      if (link === 'expired') return { code: ORDER_CODES.trackingLinkExpired, msg: TRACKING_TEXTS.linkExpired };
      if (link === 'invalid') return { code: ORDER_CODES.trackingLinkInvalid, msg: TRACKING_TEXTS.linkInvalid };
      const Result = await orderTracking(api.db, vendorId, link.orderId, null, request.lang);
      return Result ? { code: 200, Result } : NOT_FOUND;
    }
    if (orderId === undefined) throw InputError.on('order_id', 'Order id or tracking link is required');
    const customer = await findCustomer(api.db, request);
    if (!customer) throw new HttpError(401, SESSION_EXPIRED);
    const Result = await orderTracking(api.db, vendorId, orderId, customer.userId, request.lang);
    return Result ? { code: 200, Result } : NOT_FOUND;
  });

  // The driver app: its own bearer token, not a customer's.
  postCall(api, 'driver_position', async (request) => {
    const vendorId = request.vendor.id;
    const token = bearerToken(request);
    const driverId = token ? await driverByToken(api.db, vendorId, token) : null;
    if (driverId === null) throw new HttpError(401, SESSION_EXPIRED);
    const { order_id: orderId, latitude, longitude, heading } = request.body;
    const outcome = await inTransaction(api.db, (client) => recordPosition(client, vendorId, orderId, { latitude, longitude, heading: heading ?? null }, driverId));
    if (outcome === 'not_found') return NOT_FOUND;
    if (typeof outcome === 'string') return { code: ORDER_CODES.notAllowed, msg: TRACKING_TEXTS.notOnTheWay };
    return { code: 200, Result: outcome };
  });

  await api.register(signedIn(api.db, (customer) => {
    /** The customer's own order, else undefined. */
    const own = (vendorId: number, userId: number, orderId: number) => orderStatus(api.db, { vendorId, userId }, orderId);

    postCall(customer, 'tracking_link', async (request) => {
      const { vendorId, userId } = request.customer;
      if (!(await own(vendorId, userId, request.body.order_id))) return NOT_FOUND;
      return { code: 200, Result: signTrackingLink(api.runtime.secrets.trackingLink, vendorId, request.body.order_id, api.runtime.clock.now()) };
    });

    postCall(customer, 'track_of_driver_customer', async (request) => {
      const { vendorId, userId } = request.customer;
      if (!(await own(vendorId, userId, request.body.order_id))) return NOT_FOUND;
      const Result = await orderDriver(api.db, vendorId, request.body.order_id, request.lang);
      return Result ? { code: 200, Result } : { code: ORDER_CODES.notFound, msg: TRACKING_TEXTS.noDriver };
    });

    postCall(customer, 'get-order-distance', async (request) => {
      const { vendorId, userId } = request.customer;
      if (!(await own(vendorId, userId, request.body.order_id))) return NOT_FOUND;
      const Result = await orderDistance(api.db, vendorId, request.body.order_id);
      return Result ? { code: 200, Result } : NOT_FOUND;
    });
  }));
};
