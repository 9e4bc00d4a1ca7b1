import type { FastifyRequest } from 'fastify';
import { THIRD_PARTY_MSG } from '../../../../contract/api/third-party.ts';
import type { OtpPurpose, Phone } from '../domain/otp.ts';
import { emailRegistered } from '../domain/user-lookup.ts';
import { findUserByMobile, hasPendingRegistration } from '../domain/users.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { MSG } from './account.ts';
import { phoneOf, sendCode, signInByCode, signInLimits } from './sign-in-shared.ts';

/**
 * check_user_details and the third-party code calls (docs/behaviour.md#third-party-codes). They
 * count against the same limits as the sign-in calls (the limits share their names, so one
 * budget per network and per number serves both), and answer alike for registered and unknown
 * numbers wherever the sign-in calls do.
 */
export const thirdPartyRoutes: ApiPlugin = async (api) => {
  const { perAddress, sendsPerNumber } = await signInLimits(api);
  const sendThirdPartyOtp = (request: FastifyRequest, phone: Phone, purpose: OtpPurpose) =>
    sendCode(api, request, api.runtime.thirdPartySms, phone, purpose);

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
    const phone = phoneOf(request.vendor, request.body);
    await sendsPerNumber(request, reply, phone);
    if (await findUserByMobile(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      await sendThirdPartyOtp(request, phone, 'login');
    } else if (await hasPendingRegistration(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      await sendThirdPartyOtp(request, phone, 'registration');
    }
    return { code: 200, msg: MSG.otpSent };
  });

  postCall(api, 'check_third_party_forgot_password_otp', async (request, reply) => {
    await perAddress(request, reply);
    const phone = phoneOf(request.vendor, request.body);
    await sendsPerNumber(request, reply, phone);
    if (await findUserByMobile(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      await sendThirdPartyOtp(request, phone, 'forgot_password');
    }
    return { code: 200, msg: MSG.otpSent };
  });

  // As verify_otp: the same tries per number, the same answers.
  postCall(api, 'verify_third_party_otp', async (request, reply) => {
    await perAddress(request, reply);
    return signInByCode(api, request, reply, request.body);
  });
};
