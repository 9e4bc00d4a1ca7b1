import type { FastifyRequest } from 'fastify';
import { ACCOUNT_TEXTS } from '../../../../contract/account-texts.ts';
import type { OtpPurpose, Phone } from '../domain/otp.ts';
import { revokeSession } from '../domain/sessions.ts';
import { findUserById, findUserByMobile, hasPendingRegistration, savePendingRegistration, toUserDetails } from '../domain/users.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { SESSION_EXPIRED, signedIn } from '../../../http/customer.ts';
import { HttpError } from '../../../http/errors.ts';
import { phoneOf, sendCode, signInByCode, signInLimits } from './sign-in-shared.ts';

export const MSG = {
  notRegistered: ACCOUNT_TEXTS.notRegistered,
  otpSent: 'OTP sent',
} as const;

/**
 * The calls that sign a customer in. What they answer tells whether a number is registered
 * only where the storefront needs it (check_mobile_number, to show the sign-up form); login,
 * registration and verify_otp answer alike for registered and unknown numbers. The account
 * exists only once its number is verified. Limits: docs/behaviour.md#sign-in-limits.
 */
export const accountRoutes: ApiPlugin = async (api) => {
  const { perAddress, sendsPerNumber } = await signInLimits(api);
  const sendOtp = (request: FastifyRequest, phone: Phone, purpose: OtpPurpose) => sendCode(api, request, api.runtime.sms, phone, purpose);

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
    const { body } = request;
    const phone = phoneOf(request.vendor, body);
    await sendsPerNumber(request, reply, phone);
    if (await findUserByMobile(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      await sendOtp(request, phone, 'login');
    } else {
      await savePendingRegistration(api.db, phone.vendorId, {
        countryCode: phone.countryCode,
        mobile: phone.mobile,
        userName: body.user_name.trim(),
        email: body.email.trim().toLowerCase(),
      });
      await sendOtp(request, phone, 'registration');
    }
    return { code: 200, msg: MSG.otpSent };
  });

  // A number with a pending registration gets a new code for it (the storefront's Resend);
  // an unknown number gets none, and the same answer.
  postCall(api, 'login', async (request, reply) => {
    await perAddress(request, reply);
    const phone = phoneOf(request.vendor, request.body);
    await sendsPerNumber(request, reply, phone);
    if (await findUserByMobile(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      await sendOtp(request, phone, 'login');
    } else if (await hasPendingRegistration(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      await sendOtp(request, phone, 'registration');
    }
    return { code: 200, msg: MSG.otpSent };
  });

  postCall(api, 'verify_otp', async (request, reply) => {
    await perAddress(request, reply);
    return signInByCode(api, request, reply, request.body);
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
