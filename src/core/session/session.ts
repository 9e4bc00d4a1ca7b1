import { t } from '@lingui/core/macro';
import type { IdentityRequest } from '../../../contract/api/account.ts';
import { callApi } from '../api/client.ts';
import { westernDigits } from '../i18n/digits.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { SCREEN_MESSAGES } from '../i18n/screen-messages.ts';
import { $settings } from '../settings/settings.ts';
import { $token, $user, endSession } from './session-state.ts';
import { showError } from '../platform/toast.ts';

/** The sign-in country code when the vendor sets none. */
export const DEFAULT_COUNTRY_CODE = '91';

/** The number as the server takes it: Arabic-Indic and Persian digits as 0-9, without spaces, brackets or dashes. */
export function normaliseMobile(text: string): string {
  return westernDigits(text).replace(/[\s()-]/g, '');
}

/** A message when the number cannot be a mobile number, else null. */
export function mobileNumberError(text: string): string | null {
  return /^\d{6,15}$/.test(normaliseMobile(text)) ? null : say(SCREEN_MESSAGES.mobileNumberInvalid);
}

export function otpError(text: string): string | null {
  return /^\d{4,6}$/.test(text.trim()) ? null : t`Enter the code we sent you`;
}

export function identityFor(mobileNumber: string, countryCode?: string): IdentityRequest {
  const fromSettings = $settings.get()?.country_code;
  return {
    mobile_number: normaliseMobile(mobileNumber),
    country_code: westernDigits(countryCode || fromSettings || DEFAULT_COUNTRY_CODE).replace(/^\+/, ''),
    user_role: '1',
    type: 'customer',
  };
}

/** Whether the number belongs to a registered customer (check_mobile_number). */
export async function isRegistered(identity: IdentityRequest): Promise<boolean> {
  const response = await callApi('check_mobile_number', identity);
  return response.code === 200;
}

/** Sends a code to a registered number (login) or registers a new customer first (registration). */
export async function requestOtp(identity: IdentityRequest, newCustomer?: { user_name: string; email: string }): Promise<boolean> {
  const response = await callApi(newCustomer ? 'registration' : 'login', { ...identity, ...newCustomer });
  if (response.code !== 200) {
    showError(response.msg ?? say(MESSAGES.somethingWentWrong));
    return false;
  }
  return true;
}

/** Revokes the token on the server (best effort) and ends the session here. */
export async function signOut(origin?: EventTarget | null): Promise<void> {
  const user = $user.get();
  if ($token.get() !== '') {
    await callApi('logout', { user_id: user?.user_id ?? '', devicetype: 'I', devicetoken: '', unquie_id: '' }).catch(() => undefined);
  }
  endSession('user', origin);
}
