import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../core/api/client.ts';
import { $passwordResetFor, $signInMode, passwordError, repeatPasswordError, resetPassword } from '../../core/session/passwords.ts';
import { DEFAULT_COUNTRY_CODE, identityFor, mobileNumberError, otpError } from '../../core/session/session.ts';
import { showToast } from '../../core/platform/toast.ts';
import { $settings } from '../../core/settings/settings.ts';
import { MobileFields, TextField } from '../../ui/AccountFields.tsx';
import { Button } from '../../ui/Button.tsx';
import { followLink } from '../../ui/links.ts';
import { ScreenHeading } from '../../ui/headings.tsx';

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
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const fullMobile = sentTo ? `+${sentTo.country_code} ${sentTo.mobile_number}` : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      mobile: mobileNumberError(mobile),
      otp: otpError(otp),
      password: passwordError(password),
      repeat: repeatPasswordError(password, repeat),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    resetPassword(identityFor(mobile, countryCode), otp, password)
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
    <div className="flex flex-col gap-4" part="form">
      <ScreenHeading className="m-0 text-xl font-semibold">
        <Trans>Reset password</Trans>
      </ScreenHeading>
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        {sentTo ? (
          <p className="m-0 text-sm text-muted">
            <Trans>We sent a code to <bdi dir="ltr">{fullMobile}</bdi>.</Trans>
          </p>
        ) : (
          <MobileFields id={ids} countryCode={countryCode} mobile={mobile} error={errors.mobile} onCountryCode={setCountryCode} onMobile={setMobile} />
        )}
        <TextField
          id={`${ids}-otp`}
          label={<Trans>Enter OTP</Trans>}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={otp}
          error={errors.otp}
          onChange={(value) => setOtp(value.replace(/[^\d]/g, ''))}
        />
        <TextField id={`${ids}-password`} label={<Trans>New password</Trans>} type="password" autoComplete="new-password" value={password} error={errors.password} hint={<Trans>At least 8 characters</Trans>} onChange={setPassword} />
        <TextField id={`${ids}-repeat`} label={<Trans>Repeat password</Trans>} type="password" autoComplete="new-password" value={repeat} error={errors.repeat} onChange={setRepeat} />
        <Button type="submit" disabled={busy}>
          <Trans>Set new password</Trans>
        </Button>
        <a href="/forgot-password" className="self-start py-1 text-sm font-medium text-primary underline" onClick={(event) => followLink(event, '/forgot-password')}>
          <Trans>Send a new code</Trans>
        </a>
      </form>
    </div>
  );
}
