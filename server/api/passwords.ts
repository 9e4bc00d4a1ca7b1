import type { FastifyReply } from 'fastify';
import type { ForgotPasswordRequest } from '../../contract/api/passwords.ts';
import { PASSWORD_TEXTS } from '../../contract/api/passwords.ts';
import { ACCOUNT_TEXTS, tooManyFromNetworkText } from '../../contract/constants.ts';
import { issueOtp, phoneKey, verifyOtp, type OtpCheck, type Phone } from '../domain/otp.ts';
import {
  checkPasswordLimited, findPasswordUser, passwordHashOf, passwordsEnabled, revokeOtherSessions, setPassword, type PasswordCheck,
} from '../domain/passwords.ts';
import { createSession } from '../domain/sessions.ts';
import { findUserById, markMobileVerified, toUserDetails } from '../domain/users.ts';
import { normalizeHost, type Vendor } from '../domain/vendors.ts';
import { postCall, type ApiPlugin, type PostHandler } from '../http/api.ts';
import { SESSION_EXPIRED, signedIn } from '../http/customer.ts';
import { HttpError } from '../http/errors.ts';
import { clientNetwork, installRateLimit, requestLimit } from '../http/rate-limit.ts';
import { requestedHost } from '../http/vendor.ts';

function phoneOf(vendor: Vendor, body: ForgotPasswordRequest): Phone {
  const countryCode = (body.country_code ?? vendor.country_code).replace(/^\+/, '');
  return { vendorId: vendor.id, countryCode, mobile: body.mobile_number };
}

const NOT_ENABLED = { code: 101, msg: PASSWORD_TEXTS.notEnabled } as const;

/** A locked check answers 429 with Retry-After, as too many wrong codes do. */
function refuseLocked(reply: FastifyReply, check: PasswordCheck | OtpCheck): void {
  if (check.outcome !== 'locked') return;
  reply.header('retry-after', String(Math.ceil(check.retryInMs / 1000)));
  throw new HttpError(429, ACCOUNT_TEXTS.tooMany);
}

/**
 * The password calls (contract/api/passwords.ts), for vendors that enable passwords. They share the
 * sign-in limits (docs/behaviour.md#sign-in-limits): the calls per client address, the codes sent per
 * number (with login and registration) and wrong tries per number, here for passwords.
 */
export const passwordRoutes: ApiPlugin = async (api) => {
  await installRateLimit(api, api.db);
  const limits = api.runtime.otpLimits;
  const windowMs = limits.windowMinutes * 60_000;
  const perAddress = requestLimit(api, {
    name: 'account-calls',
    max: limits.callsPerAddress,
    windowMs,
    key: (request) => clientNetwork(request.ip),
    message: tooManyFromNetworkText,
  });
  const sendsPerNumber = requestLimit(api, {
    name: 'otp-sends',
    max: limits.sendsPerNumber,
    windowMs,
    key: (request) => phoneKey(phoneOf(request.vendor, request.body as ForgotPasswordRequest)),
    message: ACCOUNT_TEXTS.tooMany,
  });

  postCall(api, 'password_login', async (request, reply) => {
    await perAddress(request, reply);
    const vendor = request.vendor;
    if (!passwordsEnabled(vendor)) return NOT_ENABLED;
    const phone = phoneOf(vendor, request.body);
    const found = await findPasswordUser(api.db, vendor.id, phone.countryCode, phone.mobile);
    // Unknown numbers and customers without a password are checked (against a dummy hash) and counted alike.
    const check = await checkPasswordLimited(api.db, phoneKey(phone), request.body.password, found?.password_hash, limits);
    refuseLocked(reply, check);
    if (check.outcome !== 'right' || !found) return { code: 101, msg: PASSWORD_TEXTS.wrongPassword };
    const user = await findUserById(api.db, vendor.id, found.id);
    if (!user) return { code: 101, msg: PASSWORD_TEXTS.wrongPassword };
    const token = await createSession(api.db, vendor.id, user.id, request.headers['user-agent'] ?? '');
    return { code: 200, msg: 'Login successful', token, user_details: toUserDetails(vendor, user) };
  });

  // A registered number gets a code; an unknown one gets none, and the same answer.
  postCall(api, 'customer_forgot_password', async (request, reply) => {
    await perAddress(request, reply);
    if (!passwordsEnabled(request.vendor)) return NOT_ENABLED;
    await sendsPerNumber(request, reply);
    const phone = phoneOf(request.vendor, request.body);
    if (await findPasswordUser(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      const otp = await issueOtp(api.db, phone, 'forgot_password', api.runtime.secrets.otp);
      await api.runtime.sms.sendCode({ ...phone, host: normalizeHost(requestedHost(request)) }, otp);
    }
    return { code: 200, msg: 'OTP sent' };
  });

  postCall(api, 'reset_password', async (request, reply) => {
    await perAddress(request, reply);
    const vendor = request.vendor;
    if (!passwordsEnabled(vendor)) return NOT_ENABLED;
    const phone = phoneOf(vendor, request.body);
    const check = await verifyOtp(api.db, phone, request.body.otp, limits, api.runtime.secrets.otp);
    refuseLocked(reply, check);
    const user = check.outcome === 'verified' ? await findPasswordUser(api.db, vendor.id, phone.countryCode, phone.mobile) : undefined;
    if (!user) return { code: 101, msg: ACCOUNT_TEXTS.invalidOtp };
    await setPassword(api.db, vendor.id, user.id, request.body.new_password);
    await markMobileVerified(api.db, vendor.id, user.id);
    // Whoever knew the old password is signed out everywhere.
    await revokeOtherSessions(api.db, vendor.id, user.id);
    return { code: 200, msg: PASSWORD_TEXTS.changed };
  });

  await api.register(signedIn(api.db, (account) => {
    const change = (firstPasswordWithoutOld: boolean): PostHandler<'change_password'> & PostHandler<'customer_change_password'> => async (request, reply) => {
      const vendor = request.vendor;
      if (!passwordsEnabled(vendor)) return NOT_ENABLED;
      const { userId, sessionId } = request.customer;
      const stored = await passwordHashOf(api.db, vendor.id, userId);
      if (stored === undefined) throw new HttpError(401, SESSION_EXPIRED);
      const { old_password: oldPassword, new_password: newPassword } = request.body;
      if (stored === null && !firstPasswordWithoutOld) return { code: 101, msg: PASSWORD_TEXTS.noPassword };
      if (stored !== null) {
        if (oldPassword === undefined) return { code: 101, msg: PASSWORD_TEXTS.hasPassword };
        const check = await checkPasswordLimited(api.db, `user:${vendor.id}:${userId}`, oldPassword, stored, limits);
        refuseLocked(reply, check);
        if (check.outcome !== 'right') return { code: 101, msg: PASSWORD_TEXTS.wrongOldPassword };
      }
      await setPassword(api.db, vendor.id, userId, newPassword);
      await revokeOtherSessions(api.db, vendor.id, userId, sessionId);
      return { code: 200, msg: PASSWORD_TEXTS.changed };
    };
    postCall(account, 'customer_change_password', change(false));
    postCall(account, 'change_password', change(true));
  }));
};
