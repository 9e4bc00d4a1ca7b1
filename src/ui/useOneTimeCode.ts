import { useState, type FormEvent } from 'react';
import type { IdentityRequest } from '../../contract/api/account.ts';
import { ApiError } from '../core/api/client.ts';
import { verifyCode } from '../core/session/passwords.ts';
import { otpError } from '../core/session/session.ts';

/** Each field's error, by the screen's name for the field; null where there is none. */
export type FieldErrors = Record<string, string | null>;

export interface OneTimeCodeOptions {
  /** The element that signs in (the sign-in events start there). */
  host: HTMLElement;
  /** Shows the fields' errors beside them; the ones not given have none. */
  showErrors(errors: FieldErrors): void;
  /** The screen's name for a field the API names otherwise (`{ mobile_number: 'mobile' }`). */
  fieldNames?: Readonly<Record<string, string>>;
}

/**
 * Signing in (or up) by a one-time code: the number the code goes to, the code typed, whether a
 * request is under way, and the code's check and verification (verify_otp).
 */
export function useOneTimeCode({ host, showErrors, fieldNames = {} }: OneTimeCodeOptions) {
  const [identity, setIdentity] = useState<IdentityRequest | null>(null);
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);

  /** Runs the requests with `busy` on. HTTP refusals were shown by the API client; field errors go beside their fields. */
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const nameOf = (field: string) => (Object.hasOwn(fieldNames, field) ? fieldNames[field] : undefined) ?? field;
        showErrors(Object.fromEntries(Object.entries(error.errors).map(([field, messages]): [string, string | null] => [nameOf(field), messages[0] ?? null])));
      }
    } finally {
      setBusy(false);
    }
  };

  /**
   * Submits the code: checked here, then verified for `identity`. A wrong code is refused beside its
   * field (an alert, so announced), then `refused` runs; a right one signs in, then `verified` runs.
   */
  const submitCode = (event: Pick<FormEvent, 'preventDefault'>, verified: () => Promise<void> | void, refused?: () => void) => {
    event.preventDefault();
    const error = otpError(otp);
    showErrors({ otp: error });
    if (error || !identity) return;
    void run(async () => {
      const outcome = await verifyCode(identity, otp, host);
      if (!outcome.ok) {
        showErrors({ otp: outcome.message });
        refused?.();
        return;
      }
      await verified();
    });
  };

  return { identity, setIdentity, otp, setOtp, busy, run, submitCode };
}
