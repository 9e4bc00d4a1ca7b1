import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { IdentityRequest } from '../../../contract/api/account.ts';
import { isRouterActive } from '../../core/platform/router.ts';
import type { PasswordOutcome } from '../../core/session/passwords.ts';
import { identityFor, mobileNumberError } from '../../core/session/session.ts';
import { MobileFields, TextField } from '../../ui/AccountFields.tsx';
import { Button } from '../../ui/Button.tsx';
import { followLink } from '../../ui/links.ts';

export interface PasswordSignInProps {
  countryCode: string;
  mobile: string;
  onCountryCode(value: string): void;
  onMobile(value: string): void;
  signIn(identity: IdentityRequest, password: string): Promise<PasswordOutcome>;
}

/** Sign-in by mobile number and password, with the way to a forgotten password (full page). */
export function PasswordSignIn({ countryCode, mobile, onCountryCode, onMobile, signIn }: PasswordSignInProps) {
  const { t } = useLingui();
  const ids = useId();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ mobile?: string | null; password?: string | null }>({});
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const mobileError = mobileNumberError(mobile);
    const passwordError = password === '' ? t`Please enter password` : null;
    setErrors({ mobile: mobileError, password: passwordError });
    if (mobileError || passwordError) return;
    setBusy(true);
    signIn(identityFor(mobile, countryCode), password)
      .then((outcome) => {
        if (!outcome.ok) setErrors({ password: outcome.message });
      }, () => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate part="password-form">
      <MobileFields id={ids} countryCode={countryCode} mobile={mobile} error={errors.mobile} onCountryCode={onCountryCode} onMobile={onMobile} />
      <TextField id={`${ids}-password`} label={<Trans>Password</Trans>} type="password" autoComplete="current-password" value={password} error={errors.password} onChange={setPassword} />
      <Button type="submit" disabled={busy}>
        <Trans>Sign in</Trans>
      </Button>
      {isRouterActive() && (
        <a href="/forgot-password" className="self-start py-1 text-sm font-medium text-primary underline" onClick={(event) => followLink(event, '/forgot-password')}>
          <Trans>Forgot password?</Trans>
        </a>
      )}
    </form>
  );
}
