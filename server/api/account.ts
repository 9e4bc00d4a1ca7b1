import type { Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { IdentityRequest } from '../../contract/api/account.ts';
import { issueOtp, OTP_RATE_MAX, recentOtpCount, verifyOtp, type OtpPurpose, type Phone } from '../domain/otp.ts';
import { createSession, revokeSession } from '../domain/sessions.ts';
import { createUser, findUserById, findUserByMobile, markMobileVerified, toUserDetails } from '../domain/users.ts';
import { normalizeHost, type Vendor } from '../domain/vendors.ts';
import { postCall, type Api, type ApiPlugin } from '../http/api.ts';
import { SESSION_EXPIRED, signedIn } from '../http/customer.ts';
import { HttpError } from '../http/errors.ts';
import { requestedHost } from '../http/vendor.ts';

export const MSG = {
  notRegistered: 'Mobile Number is not exist',
  alreadyRegistered: 'Mobile number already registered',
  otpSent: 'OTP sent',
  invalidOtp: 'Invalid OTP',
  tooMany: 'Too many times same mobile number used',
} as const;

function phoneOf(vendor: Vendor, body: Static<typeof IdentityRequest>): Phone {
  const countryCode = (body.country_code ?? vendor.country_code).replace(/^\+/, '');
  return { vendorId: vendor.id, countryCode, mobile: body.mobile_number };
}

async function assertOtpAllowed(api: Api, phone: Phone): Promise<void> {
  if ((await recentOtpCount(api.db, phone)) >= OTP_RATE_MAX) throw new HttpError(429, MSG.tooMany);
}

/** Rate-limits, issues and "sends" a code (development: logged and listed on /dev/otp). */
async function sendOtp(api: Api, request: FastifyRequest, phone: Phone, purpose: OtpPurpose): Promise<void> {
  await assertOtpAllowed(api, phone);
  const otp = await issueOtp(api.db, phone, purpose, api.runtime.secrets.otp);
  const devOtps = api.runtime.devOtps;
  if (devOtps) {
    request.log.info({ mobile: phone.mobile, otp }, 'OTP issued');
    devOtps.add({
      mobile: phone.mobile,
      country_code: phone.countryCode,
      host: normalizeHost(requestedHost(request)),
      vendor_id: phone.vendorId,
      otp,
      at: new Date(),
    });
  }
  // Production SMS delivery is not part of this reference server yet.
}

export const accountRoutes: ApiPlugin = async (api) => {
  postCall(api, 'check_mobile_number', async (request) => {
    const phone = phoneOf(request.vendor, request.body);
    const user = await findUserByMobile(api.db, phone.vendorId, phone.countryCode, phone.mobile);
    return user ? { code: 200, msg: 'Mobile number registered' } : { code: 101, msg: MSG.notRegistered };
  });

  postCall(api, 'registration', async (request) => {
    const { body } = request;
    const phone = phoneOf(request.vendor, body);
    if (await findUserByMobile(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      return { code: 101, msg: MSG.alreadyRegistered };
    }
    await assertOtpAllowed(api, phone);
    const user = await createUser(api.db, phone.vendorId, {
      countryCode: phone.countryCode,
      mobile: phone.mobile,
      userName: body.user_name.trim(),
      email: body.email.trim().toLowerCase(),
    });
    // A concurrent registration of the same number won the insert.
    if (!user) return { code: 101, msg: MSG.alreadyRegistered };
    await sendOtp(api, request, phone, 'registration');
    return { code: 200, msg: MSG.otpSent };
  });

  postCall(api, 'login', async (request) => {
    const phone = phoneOf(request.vendor, request.body);
    if (!(await findUserByMobile(api.db, phone.vendorId, phone.countryCode, phone.mobile))) {
      return { code: 101, msg: MSG.notRegistered };
    }
    await sendOtp(api, request, phone, 'login');
    return { code: 200, msg: MSG.otpSent };
  });

  postCall(api, 'verify_otp', async (request) => {
    const vendor = request.vendor;
    const phone = phoneOf(vendor, request.body);
    const user = await findUserByMobile(api.db, vendor.id, phone.countryCode, phone.mobile);
    if (!user) return { code: 101, msg: MSG.notRegistered };
    if (!(await verifyOtp(api.db, phone, request.body.otp, api.runtime.secrets.otp))) return { code: 101, msg: MSG.invalidOtp };
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
