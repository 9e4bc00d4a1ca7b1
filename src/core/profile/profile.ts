import { t } from '@lingui/core/macro';
import { ApiError, callApi } from '../api/client.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { customerText } from '../i18n/server-texts.ts';
import { navigate } from '../platform/router.ts';
import { showToast } from '../platform/toast.ts';
import { $user, endSession } from '../session/session-state.ts';

/** Field name to its message; an empty object when the form may be sent. */
export type FieldErrors = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function profileErrors(input: { user_name: string; email: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!input.user_name.trim()) errors.user_name = t`Please enter your name`;
  else if (input.user_name.trim().length > 100) errors.user_name = t`The name can be at most 100 characters`;
  if (!EMAIL.test(input.email.trim())) errors.email = t`Please enter a valid email`;
  return errors;
}

/** The server's field errors of a refused call, first message of each. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, messages[0] ?? '']));
}

export type SaveOutcome = { ok: true } | { ok: false; errors: FieldErrors };

/** update_profile; the answer's user_details become the session's user (header, side menu). */
export async function updateProfile(input: { user_name: string; email: string }): Promise<SaveOutcome> {
  const errors = profileErrors(input);
  if (Object.keys(errors).length) return { ok: false, errors };
  try {
    const response = await callApi('update_profile', { user_name: input.user_name.trim(), email: input.email.trim() });
    if (response.code !== 200 || !response.user_details) return { ok: false, errors: { form: response.msg ?? say(MESSAGES.somethingWentWrong) } };
    $user.set(response.user_details);
    showToast(t`Profile updated.`, { kind: 'success' });
    return { ok: true };
  } catch (error) {
    return { ok: false, errors: fieldErrorsOf(error) };
  }
}

export type DeleteOutcome = { ok: true } | { ok: false; message: string };

/**
 * delete_account; then the session ends here too and the customer goes home with a polite
 * message. When the server did not delete it (the dialog stays open): its reason in the customer's
 * language (an order on its way), else "could not be deleted".
 */
export async function deleteAccount(origin?: EventTarget | null): Promise<DeleteOutcome> {
  const failed = { ok: false, message: t`Your account could not be deleted. Please try again.` } as const;
  try {
    const response = await callApi('delete_account', {});
    if (response.code !== 200) return response.msg ? { ok: false, message: customerText(response.msg, response.msg_key) } : failed;
  } catch {
    return failed;
  }
  endSession('user', origin);
  navigate('/', { replace: true });
  showToast(t`Your account has been deleted. Thank you for ordering with us.`, { kind: 'success' });
  return { ok: true };
}
