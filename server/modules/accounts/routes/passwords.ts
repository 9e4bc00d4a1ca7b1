import { PASSWORD_TEXTS } from '../../../../contract/api/passwords.ts';
import { ACCOUNT_TEXTS } from '../../../../contract/account-texts.ts';
import { OTP_USES, phoneKey, verifyOtp } from '../domain/otp.ts';
import { checkPasswordLimited, findPasswordUser, passwordHashOf, passwordsEnabled, revokeOtherSessions, setPassword } from '../domain/passwords.ts';
import { findUserById, markMobileVerified } from '../domain/users.ts';
import { postCall, type ApiPlugin, type PostHandler } from '../../../http/api.ts';
import { SESSION_EXPIRED, signedIn } from '../../../http/customer.ts';
import { HttpError } from '../../../http/errors.ts';
import { MSG } from './account.ts';
import { phoneOf, refuseLocked, sendCode, signedInAnswer, signInLimits } from './sign-in-shared.ts';

const NOT_ENABLED = { code: 101, msg: PASSWORD_TEXTS.notEnabled } as const;

/**
 * The password calls (contract/api/passwords.ts), for vendors that enable passwords. They share the
 * sign-in limits (docs/behaviour.md#sign-in-limits): the calls per client address, the codes sent per
 * number (with login and registration) and wrong tries per number, here for passwords.
 */
export const passwordRoutes: ApiPlugin = async (api) => {
  const { limits, perAddress, sendsPerNumber } = await signInLimits(api);

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
    return signedInAnswer(api, request, vendor, user);
  });

  // A registered number gets a code; an unknown one gets none, and the same answer.
  postCall(api, 'customer_forgot_password', async (request, reply) => {
    await perAddress(request, reply);
    if (!passwordsEnabled(request.vendor)) return NOT_ENABLED;
    const phone = phoneOf(request.vendor, request.body);
    await sendsPerNumber(request, reply, phone);
    if (await findPasswordUser(api.db, phone.vendorId, phone.countryCode, phone.mobile)) {
      await sendCode(api, request, api.runtime.sms, phone, 'forgot_password');
    }
    return { code: 200, msg: MSG.otpSent };
  });

  postCall(api, 'reset_password', async (request, reply) => {
    await perAddress(request, reply);
    const vendor = request.vendor;
    if (!passwordsEnabled(vendor)) return NOT_ENABLED;
    const phone = phoneOf(vendor, request.body);
    const check = await verifyOtp(api.db, phone, request.body.otp, limits, api.runtime.secrets.otp, OTP_USES.passwordReset);
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
