import { t } from '@lingui/core/macro';
import { atom, computed } from 'nanostores';
import type { IdentityRequest } from '../../../contract/api/account.ts';
import { PASSWORD_MIN_LENGTH } from '../../../contract/rules/passwords.ts';
import { callApi } from '../api/client.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { SCREEN_MESSAGES } from '../i18n/screen-messages.ts';
import { showToast } from '../platform/toast.ts';
import { $settings } from '../settings/settings.ts';
import { startSession } from './session-state.ts';

/** Whether the vendor offers passwords (settings password_login 'Yes'); otherwise sign-in and sign-up are by code only. */
export const $passwordsEnabled = computed($settings, (settings) => settings?.password_login === 'Yes');

/** How the sign-in screen signs in, kept while the page lives (a reset password leads to 'password'). */
export const $signInMode = atom<'code' | 'password'>('code');

/** The number a reset code was asked for (forgot-password), for the reset-password screen. */
export const $passwordResetFor = atom<IdentityRequest | null>(null);

/** The password rule: at least PASSWORD_MIN_LENGTH characters, not only spaces. */
export function passwordError(password: string): string | null {
  if (password.trim() === '') return t`Please enter password`;
  return password.length >= PASSWORD_MIN_LENGTH ? null : t`Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
}

export function repeatPasswordError(password: string, repeat: string): string | null {
  return repeat === password ? null : t`Password and repeat password must match`;
}

export interface SignUpForm {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  acceptedTerms: boolean;
  /** Only where the vendor offers passwords. */
  password?: string;
  repeatPassword?: string;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-up form's errors by field (an empty object when it may be sent); the mobile number is checked by the caller. */
export function signUpErrors(form: SignUpForm): Partial<Record<keyof SignUpForm, string>> {
  const errors: Partial<Record<keyof SignUpForm, string>> = {};
  if (!form.firstName.trim()) errors.firstName = t`Please enter first name`;
  if (!form.lastName.trim()) errors.lastName = t`Please enter last name`;
  if (!EMAIL_PATTERN.test(form.email.trim())) errors.email = t`Please enter a valid email`;
  if (form.password !== undefined) {
    const password = passwordError(form.password);
    if (password) errors.password = password;
    else {
      const repeat = repeatPasswordError(form.password, form.repeatPassword ?? '');
      if (repeat) errors.repeatPassword = repeat;
    }
  }
  if (!form.acceptedTerms) errors.acceptedTerms = t`Please accept the terms and conditions`;
  return errors;
}

/**
 * Before sending a sign-up code: is the number or the email already an account of this vendor
 * (check_user_details)? The errors by field, empty when both are free. A failed check does not stop
 * the sign-up: the registration call decides (a registered number then gets a sign-in code).
 */
export async function takenSignUpDetails(identity: IdentityRequest, email: string): Promise<Partial<Record<'mobile' | 'email', string>>> {
  const answer = await callApi('check_user_details', { ...identity, email: email.trim() }).catch(() => null);
  const taken: Partial<Record<'mobile' | 'email', string>> = {};
  if (answer?.Result?.mobile_number) taken.mobile = t`This mobile number is already registered. Sign in instead.`;
  if (answer?.Result?.email) taken.email = t`This email is already registered.`;
  return taken;
}

/** The customer's name as the server keeps it: "first last". */
export function fullName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`;
}

/** What a password call came to: done, or the message to show beside the form. */
export type PasswordOutcome = { ok: true } | { ok: false; message: string };

const failed = (msg: string | undefined): PasswordOutcome => ({ ok: false, message: msg ?? say(MESSAGES.somethingWentWrong) });

/** Signs in by number and password (password_login). */
export async function signInByPassword(identity: IdentityRequest, password: string, origin?: EventTarget | null): Promise<PasswordOutcome> {
  const answer = await callApi('password_login', { ...identity, password });
  if (answer.code !== 200 || !answer.token || !answer.user_details) return failed(answer.msg);
  startSession(answer.token, answer.user_details, origin);
  showToast(t`Signed in as ${answer.user_details.user_name}`, { kind: 'success' });
  return { ok: true };
}

/** Asks for a code to reset the password (customer_forgot_password; the same answer for an unknown number). */
export async function forgotPassword(identity: IdentityRequest): Promise<PasswordOutcome> {
  const answer = await callApi('customer_forgot_password', identity);
  return answer.code === 200 ? { ok: true } : failed(answer.msg);
}

/** Sets a new password with the code (reset_password); the customer then signs in with it. */
export async function resetPassword(identity: IdentityRequest, otp: string, newPassword: string): Promise<PasswordOutcome> {
  const answer = await callApi('reset_password', { ...identity, otp: otp.trim(), new_password: newPassword });
  return answer.code === 200 ? { ok: true } : failed(answer.msg);
}

/**
 * Signed in: changes the password (customer_change_password, the old one required) or, with no
 * old password, sets the first one (change_password). Other sessions of the customer end.
 */
export async function changePassword(newPassword: string, oldPassword?: string): Promise<PasswordOutcome> {
  const answer = oldPassword === undefined
    ? await callApi('change_password', { new_password: newPassword })
    : await callApi('customer_change_password', { old_password: oldPassword, new_password: newPassword });
  return answer.code === 200 ? { ok: true } : failed(answer.msg);
}

/** Checks the one-time code (verify_otp) and signs in; a refusal's message is for beside the code field. */
export async function verifyCode(identity: IdentityRequest, otp: string, origin?: EventTarget | null): Promise<PasswordOutcome> {
  const answer = await callApi('verify_otp', { ...identity, otp: otp.trim() });
  if (answer.code !== 200 || !answer.token || !answer.user_details) return failed(answer.msg ?? say(SCREEN_MESSAGES.invalidOtp));
  startSession(answer.token, answer.user_details, origin);
  return { ok: true };
}
