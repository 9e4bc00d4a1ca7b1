import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../core/api/client.ts';
import { $passwordResetFor, $signInMode, resetPassword } from '../../core/session/passwords.ts';
import { DEFAULT_COUNTRY_CODE, identityFor, mobileNumberError, otpError } from '../../core/session/session.ts';
import { showToast } from '../../core/platform/toast.ts';
import { $settings } from '../../core/settings/settings.ts';
import { CodeSentTo, MobileFields, NewPasswordFields, OtpField, useNewPassword } from '../../ui/AccountFields.tsx';
import { Button } from '../../ui/Button.tsx';
import { followLink } from '../../ui/links.ts';
import { AccountScreen } from '../../ui/AccountScreen.tsx';

export interface ResetPasswordProps {
  /** Called once the password was changed (the full page goes to sign-in). */
  onReset(): void;
}

type Errors = Partial<Record<'mobile' | 'otp' | 'password' | 'repeat', string | null>>;

/**
 * Reset password: the code sent by forgot-password and a new password with its repeat
 * (reset_password). The number comes from forgot-password; opened on its own, it is asked for.
 */
export function ResetPassword({ onReset }: ResetPasswordProps) {
  const { t } = useLingui();
  const settings = useStore($settings);
  const sentTo = useStore($passwordResetFor);
  const ids = useId();
  const [countryCode, setCountryCode] = useState(sentTo?.country_code || settings?.country_code || DEFAULT_COUNTRY_CODE);
  const [mobile, setMobile] = useState(sentTo?.mobile_number ?? '');
  const [otp, setOtp] = useState('');
  const newPassword = useNewPassword();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      mobile: mobileNumberError(mobile),
      otp: otpError(otp),
      ...newPassword.errors(),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    resetPassword(identityFor(mobile, countryCode), otp, newPassword.password)
      .then((outcome) => {
        if (!outcome.ok) return setErrors({ otp: outcome.message });
        $passwordResetFor.set(null);
        $signInMode.set('password');
        showToast(t`Password changed. Sign in with your new password.`, { kind: 'success' });
        onReset();
      }, (error: unknown) => {
        if (error instanceof ApiError && error.status === 422) setErrors({ password: error.message });
      })
      .finally(() => setBusy(false));
  };

  return (
    <AccountScreen title={<Trans>Reset password</Trans>}>
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        {sentTo ? (
          <CodeSentTo identity={sentTo} />
        ) : (
          <MobileFields id={ids} countryCode={countryCode} mobile={mobile} error={errors.mobile} onCountryCode={setCountryCode} onMobile={setMobile} />
        )}
        <OtpField id={`${ids}-otp`} value={otp} error={errors.otp} onChange={setOtp} />
        <NewPasswordFields id={ids} value={newPassword} errors={errors} />
        <Button type="submit" disabled={busy}>
          <Trans>Set new password</Trans>
        </Button>
        <a href="/forgot-password" className="self-start py-1 text-sm font-medium text-primary underline" onClick={(event) => followLink(event, '/forgot-password')}>
          <Trans>Send a new code</Trans>
        </a>
      </form>
    </AccountScreen>
  );
}
