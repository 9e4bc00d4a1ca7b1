import type { FastifyRequest } from 'fastify';
import { THIRD_PARTY_MSG } from '../../contract/api/third-party.ts';
import { issueOtp, phoneKey, verifyOtp, type OtpPurpose, type Phone } from '../domain/otp.ts';
import { createSession } from '../domain/sessions.ts';
import { emailRegistered } from '../domain/user-lookup.ts';
import { completeRegistration, findUserByMobile, hasPendingRegistration, markMobileVerified, toUserDetails } from '../domain/users.ts';
import { normalizeHost, type Vendor } from '../domain/vendors.ts';
import { postCall, type Api, type ApiPlugin } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { clientNetwork, installRateLimit, requestLimit } from '../http/rate-limit.ts';
import { requestedHost } from '../http/vendor.ts';
import { MSG } from './account.ts';

interface PhoneFields {
  mobile_number: string;
  country_code?: string | undefined;
}

function phoneOf(vendor: Vendor, body: PhoneFields): Phone {
  const countryCode = (body.country_code ?? vendor.country_code).replace(/^\+/, '');
  return { vendorId: vendor.id, countryCode, mobile: body.mobile_number };
}

/** Issues a code (otp.ts, one live code per number whatever the channel) and hands it to the third-party gateway. */
async function sendThirdPartyOtp(api: Api, request: FastifyRequest, phone: Phone, purpose: OtpPurpose): Promise<void> {
  const otp = await issueOtp(api.db, phone, purpose, api.runtime.secrets.otp);
  await api.runtime.thirdPartySms.sendCode({ ...phone, host: normalizeHost(requestedHost(request)) }, otp);
}

/**
 * check_user_details and the third-party code calls (docs/behaviour.md#third-party-codes). They
 * count against the same limits as the sign-in calls (the limits share their names, so one
 * budget per network and per number serves both), and answer alike for registered and unknown
 * numbers wherever the sign-in calls do.
 */
export const thirdPartyRoutes: ApiPlugin = async (api) => {
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
    key: (request) => phoneKey(phoneOf(request.vendor, request.body as PhoneFields)),
    message: MSG.tooMany,
  });

  postCall(api, 'check_user_details', async (request, reply) => {
    const { body, vendor } = request;
    const email = body.email?.trim() ?? '';
    const Result = { mobile_number: false, email: false };
    // Each value asked about costs one call of the network's budget, as check_mobile_number does.
    await perAddress(request, reply);
    const phone = phoneOf(vendor, body);
    Result.mobile_number = Boolean(await findUserByMobile(api.db, vendor.id, phone.countryCode, phone.mobile));
    if (email) {
      await perAddress(request, reply);
      Result.email = await emailRegistered(api.db, vendor.id, email);
    }
    if (Result.mobile_number) return { code: 101, msg: THIRD_PARTY_MSG.mobileTaken, Result };
    if (Result.email) return { code: 101, msg: THIRD_PARTY_MSG.emailTaken, Result };
    return { code: 200, msg: THIRD_PARTY_MSG.available, Result };
  });

  // As login: a registered number gets a sign-in code, one waiting for its registration a new
  // code for it, an unknown number none; the answer is the same.
  postCall(api, 'check_third_party_otp', async (request, reply) => {
    await perAddress(request, reply);
    await sendsPerNumber(request, reply);
    const phone = phoneOf(request.vendor, request.body);
    if (await findUserByMobile(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      await sendThirdPartyOtp(api, request, phone, 'login');
    } else if (await hasPendingRegistration(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      await sendThirdPartyOtp(api, request, phone, 'registration');
    }
    return { code: 200, msg: MSG.otpSent };
  });

  postCall(api, 'check_third_party_forgot_password_otp', async (request, reply) => {
    await perAddress(request, reply);
    await sendsPerNumber(request, reply);
    const phone = phoneOf(request.vendor, request.body);
    if (await findUserByMobile(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      await sendThirdPartyOtp(api, request, phone, 'forgot_password');
    }
    return { code: 200, msg: MSG.otpSent };
  });

  // As verify_otp: the same tries per number, the same answers.
  postCall(api, 'verify_third_party_otp', async (request, reply) => {
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
    if (!user) return { code: 101, msg: MSG.invalidOtp };
    await markMobileVerified(api.db, vendor.id, user.id);
    const token = await createSession(api.db, vendor.id, user.id, request.headers['user-agent'] ?? '');
    return { code: 200, msg: 'Login successful', token, user_details: toUserDetails(vendor, user) };
  });
};
