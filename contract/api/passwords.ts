/**
 * Passwords, for vendors whose settings answer password_login 'Yes' (elsewhere every call here
 * answers code 101 PASSWORD_TEXTS.notEnabled). A customer signs up by one-time code and may then
 * set a password (change_password); signs in by number and password (password_login); forgets it
 * (customer_forgot_password sends a code) and sets a new one with that code (reset_password);
 * changes it signed in (customer_change_password). Wrong passwords are limited like wrong codes:
 * HTTP 429 with Retry-After. docs/behaviour.md#sign-up-and-passwords.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdentityFields, OtpCode, type VerifyOtpAnswer } from './account.ts';
import { BaseFields, post, Text, type Envelope } from './common.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../rules/passwords.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../rules/passwords.ts';
export { PASSWORD_TEXTS } from '../account-texts.ts';

/** A password as the customer types it (signing in: any length the server could have stored). */
const Password = Text({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });
/** A new password: the password rule's length. */
const NewPassword = Text({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, nonBlank: true });

export const PasswordLoginRequest = Type.Object({ ...IdentityFields, password: Password });
export type PasswordLoginRequest = Static<typeof PasswordLoginRequest>;

export const ForgotPasswordRequest = Type.Object(IdentityFields);
export type ForgotPasswordRequest = Static<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = Type.Object({
  ...IdentityFields,
  otp: OtpCode,
  new_password: NewPassword,
});
export type ResetPasswordRequest = Static<typeof ResetPasswordRequest>;

export const ChangePasswordRequest = Type.Object({
  ...BaseFields,
  old_password: Type.Optional(Password),
  new_password: NewPassword,
});
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>;

export const passwordCalls = {
  /**
   * Signs in by number and password: code 200 with token and user_details (as verify_otp), or 101
   * PASSWORD_TEXTS.wrongPassword for a wrong password, an unknown number and a customer without one alike.
   */
  password_login: post(PasswordLoginRequest).answers<VerifyOtpAnswer>(),
  /** Sends a code to a registered number; code 200 'OTP sent' for an unknown number too (which gets none). Limited as login. */
  customer_forgot_password: post(ForgotPasswordRequest).answers<Envelope>(),
  /**
   * The code customer_forgot_password sent and a new password: code 200 PASSWORD_TEXTS.changed (every
   * session of the customer is revoked; the storefront then signs in), or 101 'Invalid OTP'.
   */
  reset_password: post(ResetPasswordRequest).answers<Envelope>(),
  /**
   * Bearer. Changes the password: old_password must be the current one (101 wrongOldPassword; a customer
   * without a password gets 101 noPassword). Every other session of the customer is revoked.
   */
  customer_change_password: post(ChangePasswordRequest).answers<Envelope>(),
  /**
   * Bearer. Sets a password: a customer without one (just signed up by code) needs no old_password; one
   * with a password must send it (101 hasPassword when missing), as customer_change_password. Every other
   * session of the customer is revoked.
   */
  change_password: post(ChangePasswordRequest).answers<Envelope>(),
} as const;
