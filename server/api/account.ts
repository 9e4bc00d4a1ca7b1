import type { Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { IdentityRequest } from '../../contract/api/account.ts';
import { ACCOUNT_TEXTS, tooManyFromNetworkText } from '../../contract/constants.ts';
import { issueOtp, phoneKey, verifyOtp, type OtpPurpose, type Phone } from '../domain/otp.ts';
import { createSession, revokeSession } from '../domain/sessions.ts';
import {
  completeRegistration, findUserById, findUserByMobile, hasPendingRegistration, markMobileVerified, savePendingRegistration, toUserDetails,
} from '../domain/users.ts';
import { normalizeHost, type Vendor } from '../domain/vendors.ts';
import { postCall, type Api, type ApiPlugin } from '../http/api.ts';
import { SESSION_EXPIRED, signedIn } from '../http/customer.ts';
import { HttpError } from '../http/errors.ts';
import { clientNetwork, installRateLimit, requestLimit } from '../http/rate-limit.ts';
import { requestedHost } from '../http/vendor.ts';

export const MSG = {
  notRegistered: ACCOUNT_TEXTS.notRegistered,
  otpSent: 'OTP sent',
  invalidOtp: ACCOUNT_TEXTS.invalidOtp,
  tooMany: ACCOUNT_TEXTS.tooMany,
  tooManyFromAddress: tooManyFromNetworkText,
} as const;

function phoneOf(vendor: Vendor, body: Static<typeof IdentityRequest>): Phone {
  const countryCode = (body.country_code ?? vendor.country_code).replace(/^\+/, '');
  return { vendorId: vendor.id, countryCode, mobile: body.mobile_number };
}

/** Issues a code and hands it to the SMS provider. */
async function sendOtp(api: Api, request: FastifyRequest, phone: Phone, purpose: OtpPurpose): Promise<void> {
  const otp = await issueOtp(api.db, phone, purpose, api.runtime.secrets.otp);
  await api.runtime.sms.sendCode({ ...phone, host: normalizeHost(requestedHost(request)) }, otp);
}

/**
 * The calls that sign a customer in. What they answer tells whether a number is registered
 * only where the storefront needs it (check_mobile_number, to show the sign-up form); login,
 * registration and verify_otp answer alike for registered and unknown numbers. The account
 * exists only once its number is verified. Limits: docs/behaviour.md#sign-in-limits.
 */
export const accountRoutes: ApiPlugin = async (api) => {
  await installRateLimit(api, api.db);
  const limits = api.runtime.otpLimits;
  const windowMs = limits.windowMinutes * 60_000;
  const perAddress = requestLimit(api, {
    name: 'account-calls',
    max: limits.callsPerAddress,
    windowMs,
    key: (request) => clientNetwork(request.ip),
    message: MSG.tooManyFromAddress,
  });
  const sendsPerNumber = requestLimit(api, {
    name: 'otp-sends',
    max: limits.sendsPerNumber,
    windowMs,
    // Runs in the handler, after the body was validated.
    key: (request) => phoneKey(phoneOf(request.vendor, request.body as IdentityRequest)),
    message: MSG.tooMany,
  });

  postCall(api, 'check_mobile_number', async (request, reply) => {
    await perAddress(request, reply);
    const phone = phoneOf(request.vendor, request.body);
    const user = await findUserByMobile(api.db, phone.vendorId, phone.countryCode, phone.mobile);
    return user ? { code: 200, msg: 'Mobile number registered' } : { code: 101, msg: MSG.notRegistered };
  });

  // A registered number gets a sign-in code instead (its account stays as it is); a new number's
  // details wait for the code to be verified.
  postCall(api, 'registration', async (request, reply) => {
    await perAddress(request, reply);
    await sendsPerNumber(request, reply);
    const { body } = request;
    const phone = phoneOf(request.vendor, body);
    if (await findUserByMobile(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      await sendOtp(api, request, phone, 'login');
    } else {
      await savePendingRegistration(api.db, phone.vendorId, {
        countryCode: phone.countryCode,
        mobile: phone.mobile,
        userName: body.user_name.trim(),
        email: body.email.trim().toLowerCase(),
      });
      await sendOtp(api, request, phone, 'registration');
    }
    return { code: 200, msg: MSG.otpSent };
  });

  // A number with a pending registration gets a new code for it (the storefront's Resend);
  // an unknown number gets none, and the same answer.
  postCall(api, 'login', async (request, reply) => {
    await perAddress(request, reply);
    await sendsPerNumber(request, reply);
    const phone = phoneOf(request.vendor, request.body);
    if (await findUserByMobile(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      await sendOtp(api, request, phone, 'login');
    } else if (await hasPendingRegistration(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      await sendOtp(api, request, phone, 'registration');
    }
    return { code: 200, msg: MSG.otpSent };
  });

  postCall(api, 'verify_otp', async (request, reply) => {
    await perAddress(request, reply);
    const vendor = request.vendor;
    const phone = phoneOf(vendor, request.body);
    const check = await verifyOtp(api.db, phone, request.body.otp, limits, api.runtime.secrets.otp);
    if (check.outcome === 'locked') {
      reply.header('retry-after', String(Math.ceil(check.retryInMs / 1000)));
      throw new HttpError(429, MSG.tooMany);
    }
    if (check.outcome === 'wrong') return { code: 101, msg: MSG.invalidOtp };
    const user =
      (await findUserByMobile(api.db, vendor.id, phone.countryCode, phone.mobile)) ??
      (await completeRegistration(api.db, vendor.id, phone.countryCode, phone.mobile));
    // A right code with nothing to sign in to (its registration expired) reads like a wrong one.
    if (!user) return { code: 101, msg: MSG.invalidOtp };
    await markMobileVerified(api.db, vendor.id, user.id);
    const token = await createSession(api.db, vendor.id, user.id, request.headers['user-agent'] ?? '');
    return { code: 200, msg: 'Login successful', token, user_details: toUserDetails(vendor, user) };
  });

  await api.register(signedIn(api.db, (account) => {
    const userDetails = async (request: FastifyRequest) => {
      const user = await findUserById(api.db, request.vendor.id, request.customer.userId);
      if (!user) throw new HttpError(401, SESSION_EXPIRED);
      return { code: 200, user_details: toUserDetails(request.vendor, user) };
    };
    postCall(account, 'get_user_details_web', userDetails);
    postCall(account, 'get_user_details', userDetails);

    postCall(account, 'logout', async (request) => {
      await revokeSession(api.db, request.vendor.id, request.customer.sessionId);
      return { code: 200, msg: 'Logged out' };
    });
  }));
};
