import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GetUserDetailsResponse, VerifyOtpResponse } from '../../src/core/api/contract.ts';
import type { AppContext } from '../context.ts';
import { issueOtp, OTP_RATE_MAX, recentOtpCount, verifyOtp, type OtpPurpose, type Phone } from '../domain/otp.ts';
import { createSession, revokeSession } from '../domain/sessions.ts';
import { createUser, findUserById, findUserByMobile, markMobileVerified, toUserDetails } from '../domain/users.ts';
import type { Vendor } from '../domain/vendors.ts';
import { normalizeHost } from '../domain/vendors.ts';
import { requireCustomer } from '../http/auth.ts';
import { HttpError } from '../http/errors.ts';
import { requestedHost, requireVendor } from '../http/vendor.ts';
import { IdentityBody, LogoutBody, RegistrationBody, UserDetailsBody, VerifyOtpBody } from './schemas.ts';

export const MSG = {
  notRegistered: 'Mobile Number is not exist',
  alreadyRegistered: 'Mobile number already registered',
  otpSent: 'OTP sent',
  invalidOtp: 'Invalid OTP',
  tooMany: 'Too many times same mobile number used',
} as const;

function phoneOf(vendor: Vendor, body: IdentityBody): Phone {
  const countryCode = (body.country_code ?? vendor.country_code).replace(/^\+/, '');
  return { vendorId: vendor.id, countryCode, mobile: body.mobile_number };
}

/** Rate-limits, issues and "sends" an OTP (development: logged and listed on /dev/otp). */
async function sendOtp(ctx: AppContext, request: FastifyRequest, phone: Phone, purpose: OtpPurpose): Promise<void> {
  await assertOtpAllowed(ctx, phone);
  const otp = await issueOtp(ctx.db, phone, purpose);
  if (!ctx.production) {
    request.log.info({ mobile: phone.mobile, otp }, 'OTP issued');
    ctx.devOtps?.add({
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

async function assertOtpAllowed(ctx: AppContext, phone: Phone): Promise<void> {
  if ((await recentOtpCount(ctx.db, phone)) >= OTP_RATE_MAX) throw new HttpError(429, MSG.tooMany);
}

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/check_mobile_number', { schema: { body: IdentityBody } }, async (request) => {
    const vendor = await requireVendor(ctx.db, request);
    const phone = phoneOf(vendor, request.body as IdentityBody);
    const user = await findUserByMobile(ctx.db, vendor.id, phone.countryCode, phone.mobile);
    return user ? { code: 200, msg: 'Mobile number registered' } : { code: 101, msg: MSG.notRegistered };
  });

  app.post('/registration', { schema: { body: RegistrationBody } }, async (request) => {
    const vendor = await requireVendor(ctx.db, request);
    const body = request.body as RegistrationBody;
    const phone = phoneOf(vendor, body);
    if (await findUserByMobile(ctx.db, vendor.id, phone.countryCode, phone.mobile)) {
      return { code: 101, msg: MSG.alreadyRegistered };
    }
    await assertOtpAllowed(ctx, phone);
    const user = await createUser(ctx.db, vendor.id, {
      countryCode: phone.countryCode,
      mobile: phone.mobile,
      userName: body.user_name.trim(),
      email: body.email.trim().toLowerCase(),
    });
    // A concurrent registration of the same number won the insert.
    if (!user) return { code: 101, msg: MSG.alreadyRegistered };
    await sendOtp(ctx, request, phone, 'registration');
    return { code: 200, msg: MSG.otpSent };
  });

  app.post('/login', { schema: { body: IdentityBody } }, async (request) => {
    const vendor = await requireVendor(ctx.db, request);
    const phone = phoneOf(vendor, request.body as IdentityBody);
    if (!(await findUserByMobile(ctx.db, vendor.id, phone.countryCode, phone.mobile))) {
      return { code: 101, msg: MSG.notRegistered };
    }
    await sendOtp(ctx, request, phone, 'login');
    return { code: 200, msg: MSG.otpSent };
  });

  app.post('/verify_otp', { schema: { body: VerifyOtpBody } }, async (request): Promise<VerifyOtpResponse> => {
    const vendor = await requireVendor(ctx.db, request);
    const body = request.body as VerifyOtpBody;
    const phone = phoneOf(vendor, body);
    const user = await findUserByMobile(ctx.db, vendor.id, phone.countryCode, phone.mobile);
    if (!user) return { code: 101, msg: MSG.notRegistered };
    if (!(await verifyOtp(ctx.db, phone, body.otp))) return { code: 101, msg: MSG.invalidOtp };
    await markMobileVerified(ctx.db, vendor.id, user.id);
    const token = await createSession(ctx.db, vendor.id, user.id, request.headers['user-agent'] ?? '');
    return { code: 200, msg: 'Login successful', token, user_details: toUserDetails(vendor, user) };
  });

  const userDetails = async (request: FastifyRequest): Promise<GetUserDetailsResponse> => {
    const vendor = await requireVendor(ctx.db, request);
    const session = await requireCustomer(ctx.db, vendor, request);
    const user = await findUserById(ctx.db, vendor.id, session.user_id);
    if (!user) throw new HttpError(401, 'Session Expired');
    return { code: 200, user_details: toUserDetails(vendor, user) };
  };
  app.post('/get_user_details_web', { schema: { body: UserDetailsBody } }, userDetails);
  app.post('/get_user_details', { schema: { body: UserDetailsBody } }, userDetails);

  app.post('/logout', { schema: { body: LogoutBody } }, async (request) => {
    const vendor = await requireVendor(ctx.db, request);
    const session = await requireCustomer(ctx.db, vendor, request);
    await revokeSession(ctx.db, vendor.id, session.session_id);
    return { code: 200, msg: 'Logged out' };
  });
}
