/**
 * Sign-up checks and the third-party code calls. A third-party code is a one-time code sent
 * through the SMS gateway the operator configured for these calls (not the built-in one); it is
 * issued, limited and checked exactly like the codes of login and verify_otp.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CountryCode, IdentityRequest, Mobile, VerifyOtpRequest, type VerifyOtpAnswer } from './account.ts';
import { BaseFields, post, Text, type Envelope } from './common.ts';

/** The texts of check_user_details. */
export const THIRD_PARTY_MSG = {
  available: 'Available',
  mobileTaken: 'This mobile number is already registered',
  emailTaken: 'This email is already registered',
} as const;

/** check_user_details: the mobile number (and the email, when given) a sign-up form is about to use. */
export const CheckUserDetailsRequest = Type.Object({
  ...BaseFields,
  mobile_number: Mobile,
  country_code: Type.Optional(CountryCode),
  email: Type.Optional(Text({ maxLength: 254, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' })),
  user_role: Type.Optional(Type.Literal('1')),
  type: Type.Optional(Type.Literal('customer')),
});
export type CheckUserDetailsRequest = Static<typeof CheckUserDetailsRequest>;

/** What check_user_details found: each is false when it was not asked about. */
export interface UserDetailsTaken {
  mobile_number: boolean;
  email: boolean;
}

export const thirdPartyCalls = {
  /**
   * code 200 'Available' when neither the number nor the email is registered with this vendor;
   * code 101 with the first taken one's message otherwise. Each value asked about counts as one
   * call against the sign-in limit of the client's network.
   */
  check_user_details: post(CheckUserDetailsRequest).answers<Envelope<UserDetailsTaken>>(),
  /** Sends a sign-in code through the third-party gateway; code 200 'OTP sent', for an unknown number too (which gets none). */
  check_third_party_otp: post(IdentityRequest).answers<Envelope>(),
  /** As verify_otp (storefronts send country_code '91' and type 'customer'). */
  verify_third_party_otp: post(VerifyOtpRequest).answers<VerifyOtpAnswer>(),
  /** Sends a forgot-password code to a registered number; code 200 'OTP sent' for an unknown number too (which gets none). */
  check_third_party_forgot_password_otp: post(IdentityRequest).answers<Envelope>(),
} as const;
