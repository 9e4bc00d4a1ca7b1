/**
 * Accounts: the customer signs in with a mobile number and a one-time code (login and
 * OTP calls send user_role '1' and type 'customer'); the answer's token is then sent as
 * `Authorization: Bearer <token>`. check_mobile_number, registration, login and verify_otp answer
 * HTTP 429 with a message and Retry-After past the sign-in limits (docs/behaviour.md#sign-in-limits).
 */
import { Type, type Static } from '@sinclair/typebox';
import { BaseFields, OptionalPointFields, post, SentUserId, Text, type Envelope } from './common.ts';

export interface UserDetails {
  user_id: number;
  user_name: string;
  mobile_number: string;
  country_code: string;
  email: string;
  wallet_amount: number;
  created_at: string;
}

/**
 * verify_otp: code 200 with token and user_details (a pending registration becomes the customer
 * now), or code 101 'Invalid OTP' (also for an unknown number); HTTP 429 once the number had too
 * many tries in the window.
 */
export interface VerifyOtpAnswer {
  code: number;
  msg?: string;
  token?: string;
  user_details?: UserDetails;
}

/** get_user_details_web (bearer): `{ code: 200, user_details }`. */
export interface UserDetailsAnswer {
  code: number;
  msg?: string;
  user_details?: UserDetails;
}

export const Mobile = Text({ maxLength: 15, pattern: '^[0-9]{6,15}$' });
export const CountryCode = Text({ maxLength: 5, pattern: '^\\+?[0-9]{1,4}$' });

/** A one-time code as the customer types it (the server sends six digits). */
export const OtpCode = Text({ maxLength: 6, pattern: '^[0-9]{4,6}$' });

/** The number a sign-in call is about (here and in the password calls). */
export const IdentityFields = {
  ...BaseFields,
  mobile_number: Mobile,
  // Optional: the check-mobile call of older storefronts sends none; the vendor's country code is assumed.
  country_code: Type.Optional(CountryCode),
  user_role: Type.Optional(Type.Literal('1')),
  type: Type.Optional(Type.Literal('customer')),
};

/** check_mobile_number, login: the customer's number (login sends a code to a registered number, or to one whose registration waits for its code). */
export const IdentityRequest = Type.Object(IdentityFields);
export type IdentityRequest = Static<typeof IdentityRequest>;

/** registration: keeps the details until the number is verified (verify_otp creates the customer) and sends a code. */
export const RegistrationRequest = Type.Object({
  ...IdentityFields,
  user_name: Text({ minLength: 1, maxLength: 100, nonBlank: true }),
  email: Text({ maxLength: 254, pattern: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' }),
});
export type RegistrationRequest = Static<typeof RegistrationRequest>;

export const VerifyOtpRequest = Type.Object({ ...IdentityFields, otp: OtpCode });
export type VerifyOtpRequest = Static<typeof VerifyOtpRequest>;

export const UserDetailsRequest = Type.Object({ ...BaseFields, ...OptionalPointFields });
export type UserDetailsRequest = Static<typeof UserDetailsRequest>;

export const LogoutRequest = Type.Object({
  ...BaseFields,
  user_id: Type.Optional(SentUserId),
  devicetype: Type.Optional(Text({ maxLength: 20 })),
  devicetoken: Type.Optional(Text({ maxLength: 500 })),
  unquie_id: Type.Optional(Text({ maxLength: 200 })),
});
export type LogoutRequest = Static<typeof LogoutRequest>;

export const accountCalls = {
  /** code 200 when registered, 101 'Mobile Number is not exist' otherwise. */
  check_mobile_number: post(IdentityRequest).answers<Envelope>(),
  /** code 200 'OTP sent'; a registered number gets a sign-in code and its account stays as it is. */
  registration: post(RegistrationRequest).answers<Envelope>(),
  /** code 200 'OTP sent', for an unknown number too (which gets no code). */
  login: post(IdentityRequest).answers<Envelope>(),
  verify_otp: post(VerifyOtpRequest).answers<VerifyOtpAnswer>(),
  get_user_details_web: post(UserDetailsRequest).answers<UserDetailsAnswer>(),
  get_user_details: post(UserDetailsRequest).answers<UserDetailsAnswer>(),
  /** Revokes the bearer token. */
  logout: post(LogoutRequest).answers<Envelope>(),
} as const;
