/**
 * What the sign-in calls share (account.ts, passwords.ts, third-party.ts): the number a request
 * names, its limits (one budget per network and per number, whichever call spends it;
 * docs/behaviour.md#sign-in-limits), sending a code, and signing in by a code.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VerifyOtpAnswer } from '../../../../contract/api/account.ts';
import { ACCOUNT_TEXTS, tooManyFromNetworkText } from '../../../../contract/account-texts.ts';
import { OTP_USES, issueOtp, phoneKey, verifyOtp, type OtpPurpose, type Phone } from '../domain/otp.ts';
import { createSession } from '../domain/sessions.ts';
import { completeRegistration, findUserByMobile, markMobileVerified, toUserDetails, type UserRow } from '../domain/users.ts';
import { normalizeHost, type Vendor } from '../../vendors/index.ts';
import type { Api } from '../../../http/api.ts';
import { HttpError } from '../../../http/errors.ts';
import { clientNetwork, installRateLimit, requestLimit, subjectLimit } from '../../../http/rate-limit.ts';
import { requestedHost } from '../../../http/vendor.ts';
import type { SmsProvider } from '../domain/sms-provider.ts';

/** The number fields of a sign-in request; without a country code the vendor's is meant. */
export interface PhoneFields {
  mobile_number: string;
  country_code?: string | undefined;
}

export function phoneOf(vendor: Vendor, body: PhoneFields): Phone {
  const countryCode = (body.country_code ?? vendor.country_code).replace(/^\+/, '');
  return { vendorId: vendor.id, countryCode, mobile: body.mobile_number };
}

/** A check that may be locked: a locked one answers 429 with Retry-After. */
export function refuseLocked(reply: FastifyReply, check: { outcome: string; retryInMs?: number }): void {
  if (check.outcome !== 'locked') return;
  reply.header('retry-after', String(Math.ceil((check.retryInMs ?? 0) / 1000)));
  throw new HttpError(429, ACCOUNT_TEXTS.tooMany);
}

/**
 * The sign-in limits of a plugin: calls per client network and codes sent per number. The limits
 * keep their names whichever plugin makes them, so every sign-in call spends the same budgets.
 * The number limit is checked by a handler with the number it read from the validated body.
 */
export async function signInLimits(api: Api) {
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
  const sendsPerNumber = subjectLimit<Phone>(api, {
    name: 'otp-sends',
    max: limits.sendsPerNumber,
    windowMs,
    key: phoneKey,
    message: ACCOUNT_TEXTS.tooMany,
  });
  return { limits, perAddress, sendsPerNumber };
}

/** Issues a code (one live code per number, whatever the channel) and hands it to `sms`. */
export async function sendCode(api: Api, request: FastifyRequest, sms: SmsProvider, phone: Phone, purpose: OtpPurpose): Promise<void> {
  const otp = await issueOtp(api.db, phone, purpose, api.runtime.secrets.otp);
  await sms.sendCode({ ...phone, host: normalizeHost(requestedHost(request)) }, otp);
}

/** A new session for `user`, answered as the sign-in calls answer it. */
export async function signedInAnswer(api: Api, request: FastifyRequest, vendor: Vendor, user: UserRow): Promise<VerifyOtpAnswer> {
  const token = await createSession(api.db, vendor.id, user.id, request.headers['user-agent'] ?? '');
  return { code: 200, msg: 'Login successful', token, user_details: toUserDetails(vendor, user) };
}

/**
 * Signs in by a code (verify_otp and verify_third_party_otp): the customer of the number, or the
 * registration that waited for it. Too many wrong tries answer 429; a wrong code, and a right one
 * with nothing to sign in to (its registration expired), 'Invalid OTP'.
 */
export async function signInByCode(api: Api, request: FastifyRequest, reply: FastifyReply, body: PhoneFields & { otp: string }): Promise<VerifyOtpAnswer> {
  const vendor = request.vendor;
  const phone = phoneOf(vendor, body);
  const check = await verifyOtp(api.db, phone, body.otp, api.runtime.otpLimits, api.runtime.secrets.otp, OTP_USES.signIn);
  refuseLocked(reply, check);
  if (check.outcome === 'wrong') return { code: 101, msg: ACCOUNT_TEXTS.invalidOtp };
  const user =
    (await findUserByMobile(api.db, vendor.id, phone.countryCode, phone.mobile)) ??
    (await completeRegistration(api.db, vendor.id, phone.countryCode, phone.mobile));
  if (!user) return { code: 101, msg: ACCOUNT_TEXTS.invalidOtp };
  await markMobileVerified(api.db, vendor.id, user.id);
  return signedInAnswer(api, request, vendor, user);
}
