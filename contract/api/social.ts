/**
 * Social sign-in where the vendor configured it (settings google_client_id, facebook_app_id).
 * The server checks the token with the provider; a verified identity signs in the customer
 * linked to it, or a new customer without a mobile number.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { VerifyOtpAnswer } from './account.ts';
import { SOCIAL_TEXTS } from '../social-texts.ts';
import { BaseFields, post, Text } from './common.ts';

export const SOCIAL_MSG = SOCIAL_TEXTS;

/** A token of a provider: a JWT or an opaque access token, URL-safe characters only. */
const ProviderToken = Text({ minLength: 1, maxLength: 4096, pattern: '^[A-Za-z0-9._~+/=|-]+$' });

/** google_login: the ID token Google Identity Services gave the storefront (its `credential`). */
export const GoogleLoginRequest = Type.Object({ ...BaseFields, id_token: ProviderToken });
export type GoogleLoginRequest = Static<typeof GoogleLoginRequest>;

/** facebook_login: the access token the Facebook SDK gave the storefront. */
export const FacebookLoginRequest = Type.Object({ ...BaseFields, access_token: ProviderToken });
export type FacebookLoginRequest = Static<typeof FacebookLoginRequest>;

export const socialCalls = {
  /** code 200 with token and user_details as verify_otp; 101 for a token that does not verify and where the vendor has not configured it; 503 when Google cannot be reached. */
  google_login: post(GoogleLoginRequest).answers<VerifyOtpAnswer>(),
  /** As google_login, the token checked with the Graph API (debug_token with the vendor's app, then /me). */
  facebook_login: post(FacebookLoginRequest).answers<VerifyOtpAnswer>(),
} as const;
