import { BUG_REPORT_REQUEST_LIMIT_BYTES, MAX_BUG_CONTEXT } from '../../../../contract/api/profile.ts';
import { ACCOUNT_TEXTS } from '../../../../contract/account-texts.ts';
import { MAX_ORDER_IMAGES, ORDER_CODES } from '../../../../contract/constants.ts';
import { InputError } from '../../../errors.ts';
import { decodeImage, IMAGE_MSG } from '../../orders/index.ts';
import { refundPending } from '../../payments/index.ts';
import { deleteAccount, saveBugReport, updateProfile } from '../domain/profile.ts';
import { findUserById, toUserDetails } from '../domain/users.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { SESSION_EXPIRED, signedIn } from '../../../http/customer.ts';
import { HttpError } from '../../../http/errors.ts';
import { customerWriteLimit, installRateLimit } from '../../../http/rate-limit.ts';

export const PROFILE_MSG = {
  updated: 'Profile updated',
  deleted: 'Account deleted',
  bugReported: 'Thank you. Your report has been sent.',
} as const;

/** The signed-in customer's own account: update_profile, delete_account, customer_report_bug. */
export const profileRoutes: ApiPlugin = async (api) => {
  await installRateLimit(api, api.db);
  const bugReports = customerWriteLimit(api, 'bug_report');
  await api.register(signedIn(api.db, (account) => {
    postCall(account, 'update_profile', async (request) => {
      const { vendor, customer, body } = request;
      const updated = await updateProfile(api.db, vendor.id, customer.userId, {
        userName: body.user_name.trim(),
        email: body.email.trim().toLowerCase(),
      });
      const user = updated ? await findUserById(api.db, vendor.id, customer.userId) : undefined;
      if (!user) throw new HttpError(401, SESSION_EXPIRED);
      return { code: 200, msg: PROFILE_MSG.updated, user_details: toUserDetails(vendor, user) };
    });

    postCall(account, 'delete_account', async (request) => {
      const { vendorId, userId } = request.customer;
      const outcome = await deleteAccount(api.db, vendorId, userId);
      if (outcome.kind === 'not_found') throw new HttpError(401, SESSION_EXPIRED);
      if (outcome.kind === 'order_under_way') return { code: ORDER_CODES.notAllowed, msg: ACCOUNT_TEXTS.orderUnderWay };
      // Refunds through the provider start now rather than at the next sweep (which retries one that fails).
      const onError = (err: unknown) => request.log.error({ err }, 'refund after deleting an account failed');
      for (const { orderId } of outcome.cancelledOrders.filter((order) => order.refundTo === 'provider')) {
        void refundPending(api.db, api.runtime.payments, onError, { vendorId, orderId }).catch(onError);
      }
      return { code: 200, msg: PROFILE_MSG.deleted };
    });

    // The screenshots pass the checks of order images (server/modules/orders/domain/order-images.ts), one by one.
    postCall(account, 'customer_report_bug', async (request, reply) => {
      await bugReports(request, reply, request.customer);
      const { body } = request;
      const sent = body.images ?? [];
      if (sent.length > MAX_ORDER_IMAGES) throw InputError.on('images', IMAGE_MSG.limit);
      const images = sent.map((dataUrl, index) => {
        const image = decodeImage(dataUrl);
        if (!image.ok) throw InputError.on(`images.${index}`, image.error);
        return { mime: image.mime, bytes: image.bytes };
      });
      const id = await saveBugReport(api.db, request.vendor.id, request.customer.userId, {
        description: body.description.trim(),
        page: (body.page ?? '').slice(0, MAX_BUG_CONTEXT),
        userAgent: (body.user_agent || request.headers['user-agent'] || '').slice(0, MAX_BUG_CONTEXT),
        images,
      });
      return { code: 200, msg: PROFILE_MSG.bugReported, Result: { report_id: id } };
    }, { bodyLimit: BUG_REPORT_REQUEST_LIMIT_BYTES });
  }));
};
