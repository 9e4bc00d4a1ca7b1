import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { $passwordResetFor, forgotPassword } from '../../core/session/passwords.ts';
import { DEFAULT_COUNTRY_CODE, identityFor, mobileNumberError } from '../../core/session/session.ts';
import { $settings } from '../../core/settings/settings.ts';
import { MobileFields, useTypedNumber } from '../../ui/AccountFields.tsx';
import { Button } from '../../ui/Button.tsx';
import { followLink } from '../../ui/links.ts';
import { AccountScreen } from '../../ui/AccountScreen.tsx';

export interface ForgotPasswordProps {
  /** Called once the code was asked for (the full page goes to reset-password). */
  onCodeSent(): void;
}

/**
 * Forgot password: the mobile number gets a one-time code to set a new password with (customer_forgot_password).
 * The number typed on sign-in is filled in (still editable), and sign-in shows the one typed here after the reset.
 */
export function ForgotPassword({ onCodeSent }: ForgotPasswordProps) {
  const settings = useStore($settings);
  const ids = useId();
  const { countryCode, mobile, setCountryCode, setMobile } = useTypedNumber(settings?.country_code || DEFAULT_COUNTRY_CODE);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const mobileError = mobileNumberError(mobile);
    setError(mobileError);
    if (mobileError) return;
    const identity = identityFor(mobile, countryCode);
    setBusy(true);
    forgotPassword(identity)
      .then((outcome) => {
        if (!outcome.ok) return setError(outcome.message);
        $passwordResetFor.set(identity);
        onCodeSent();
      }, () => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <AccountScreen title={<Trans>Forgot password</Trans>}>
      <p className="m-0 text-sm text-muted">
        <Trans>Enter your mobile number. We will send you a code to set a new password.</Trans>
      </p>
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        <MobileFields id={ids} countryCode={countryCode} mobile={mobile} error={error} onCountryCode={setCountryCode} onMobile={setMobile} />
        <Button type="submit" disabled={busy}>
          <Trans>Send code</Trans>
        </Button>
        <a href="/sign-in" className="self-start py-1 text-sm font-medium text-primary underline" onClick={(event) => followLink(event, '/sign-in')}>
          <Trans>Back to sign in</Trans>
        </a>
      </form>
    </AccountScreen>
  );
}
