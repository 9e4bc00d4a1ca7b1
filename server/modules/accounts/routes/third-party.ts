import { THIRD_PARTY_MSG } from '../../../../contract/api/third-party.ts';
import type { OtpPurpose, Phone } from '../domain/otp.ts';
import { emailRegistered } from '../domain/user-lookup.ts';
import { findUserByMobile, hasPendingRegistration } from '../domain/users.ts';
import { postCall, type ApiPlugin, type PostHandler } from '../../../http/api.ts';
import { MSG } from './account.ts';
import { phoneOf, sendCode, signInByCode, signInLimits } from './sign-in-shared.ts';

/** The two calls that send a third-party code take the same request and give the same answer. */
type ThirdPartyCodeHandler = PostHandler<'check_third_party_otp'> & PostHandler<'check_third_party_forgot_password_otp'>;

/**
 * check_user_details and the third-party code calls (docs/behaviour.md#third-party-codes). They
 * count against the same limits as the sign-in calls (the limits share their names, so one
 * budget per network and per number serves both), and answer alike for registered and unknown
 * numbers wherever the sign-in calls do.
 */
export const thirdPartyRoutes: ApiPlugin = async (api) => {
  const { perAddress, sendsPerNumber } = await signInLimits(api);
  /**
   * A third-party code call: the network's and the number's budgets are spent, the number gets the
   * code `purposeFor` chooses (none when it chooses none) through the third-party gateway, and the
   * answer is the same either way.
   */
  const thirdPartyCodeCall = (purposeFor: (phone: Phone) => Promise<OtpPurpose | undefined>): ThirdPartyCodeHandler => async (request, reply) => {
    await perAddress(request, reply);
    const phone = phoneOf(request.vendor, request.body);
    await sendsPerNumber(request, reply, phone);
    const purpose = await purposeFor(phone);
    if (purpose) await sendCode(api, request, api.runtime.thirdPartySms, phone, purpose);
    return { code: 200, msg: MSG.otpSent };
  };

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
  postCall(api, 'check_third_party_otp', thirdPartyCodeCall(async (phone) => {
    if (await findUserByMobile(api.db, phone.vendorId, phone.countryCode, phone.mobile)) return 'login';
    if (await hasPendingRegistration(api.db, phone.vendorId, phone.countryCode, phone.mobile)) return 'registration';
    return undefined;
  }));

  // A registered number gets a forgot-password code, an unknown number none; the answer is the same.
  postCall(api, 'check_third_party_forgot_password_otp', thirdPartyCodeCall(async (phone) =>
    ((await findUserByMobile(api.db, phone.vendorId, phone.countryCode, phone.mobile)) ? 'forgot_password' : undefined)));

  // As verify_otp: the same tries per number, the same answers.
  postCall(api, 'verify_third_party_otp', async (request, reply) => {
    await perAddress(request, reply);
    return signInByCode(api, request, reply, request.body);
  });
};
