import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { say } from '../../core/i18n/messages.ts';
import { SCREEN_MESSAGES } from '../../core/i18n/screen-messages.ts';
import { isRouterActive } from '../../core/platform/router.ts';
import { showToast } from '../../core/platform/toast.ts';
import { $passwordsEnabled, changePassword, fullName, signUpErrors, takenSignUpDetails, type SignUpForm } from '../../core/session/passwords.ts';
import { DEFAULT_COUNTRY_CODE, identityFor, mobileNumberError, requestOtp } from '../../core/session/session.ts';
import { quickLinks } from '../../core/settings/footer.ts';
import { $settings } from '../../core/settings/settings.ts';
import { CodeSentTo, MobileFields, OtpField, TextField } from '../../ui/AccountFields.tsx';
import { Button } from '../../ui/Button.tsx';
import { followLink } from '../../ui/links.ts';
import { AccountScreen } from '../../ui/AccountScreen.tsx';
import { useOneTimeCode } from '../../ui/useOneTimeCode.ts';

export interface SignUpProps {
  host: HTMLElement;
  /** Called once the new customer is signed in (the full page goes home). */
  onSignedUp?: () => void;
}

type Errors = Partial<Record<keyof SignUpForm | 'otp' | 'form', string | null>>;

/**
 * Sign-up: first and last name, email, mobile number with its country code, a password and its
 * repeat where the vendor offers passwords, the terms checkbox; then the one-time code sent to
 * the number (registration, verify_otp). With a password, change_password sets it once signed in.
 */
export function SignUp({ host, onSignedUp }: SignUpProps) {
  const settings = useStore($settings);
  const withPassword = useStore($passwordsEnabled);
  const ids = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [step, setStep] = useState<'details' | 'otp'>('details');
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', mobile: '', password: '', repeatPassword: '' });
  const [countryCode, setCountryCode] = useState(settings?.country_code || DEFAULT_COUNTRY_CODE);
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const { identity, setIdentity, otp, setOtp, busy, run, submitCode } = useOneTimeCode({ host, showErrors: setErrors, fieldNames: { mobile_number: 'mobile' } });
  const termsHref = quickLinks(settings).find((link) => link.name === 'terms')?.href ?? '/terms';
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const submitDetails = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = signUpErrors({
      ...form,
      acceptedTerms,
      ...(withPassword ? {} : { password: undefined, repeatPassword: undefined }),
    });
    const mobileError = mobileNumberError(form.mobile);
    if (mobileError) found.mobile = mobileError;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // The first field in error takes the focus, so its message is read out with it.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const next = identityFor(form.mobile, countryCode);
    setIdentity(next);
    void run(async () => {
      const taken = await takenSignUpDetails(next, form.email);
      if (Object.keys(taken).length > 0) {
        setErrors(taken);
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
        return;
      }
      if (await requestOtp(next, { user_name: fullName(form.firstName, form.lastName), email: form.email.trim() })) setStep('otp');
    });
  };

  const submitOtp = (event: FormEvent) =>
    submitCode(event, async () => {
      if (withPassword) {
        const saved = await changePassword(form.password);
        if (!saved.ok) showToast(saved.message, { kind: 'error' });
      }
      showToast(say(SCREEN_MESSAGES.welcome, { name: fullName(form.firstName, form.lastName) }), { kind: 'success' });
      onSignedUp?.();
    });

  return (
    <AccountScreen title={<Trans>Create your account</Trans>}>
      {step === 'details' && (
        <form ref={formRef} className="flex flex-col gap-3" onSubmit={submitDetails} noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField id={`${ids}-first`} label={<Trans>First name</Trans>} autoComplete="given-name" value={form.firstName} error={errors.firstName} onChange={set('firstName')} />
            <TextField id={`${ids}-last`} label={<Trans>Last name</Trans>} autoComplete="family-name" value={form.lastName} error={errors.lastName} onChange={set('lastName')} />
          </div>
          <TextField id={`${ids}-email`} label={<Trans>Email</Trans>} type="email" autoComplete="email" value={form.email} error={errors.email} onChange={set('email')} />
          <MobileFields id={ids} countryCode={countryCode} mobile={form.mobile} error={errors.mobile} onCountryCode={setCountryCode} onMobile={set('mobile')} />
          {withPassword && (
            <>
              <TextField
                id={`${ids}-password`}
                label={<Trans>Password</Trans>}
                type="password"
                autoComplete="new-password"
                value={form.password}
                error={errors.password}
                hint={<Trans>At least 8 characters</Trans>}
                onChange={set('password')}
              />
              <TextField
                id={`${ids}-repeat`}
                label={<Trans>Repeat password</Trans>}
                type="password"
                autoComplete="new-password"
                value={form.repeatPassword}
                error={errors.repeatPassword}
                onChange={set('repeatPassword')}
              />
            </>
          )}
          <div className="flex flex-col gap-1">
            <div className="flex items-start gap-2">
              <input
                id={`${ids}-terms`}
                type="checkbox"
                className="mt-1 h-5 w-5 shrink-0 accent-primary"
                checked={acceptedTerms}
                aria-invalid={errors.acceptedTerms ? true : undefined}
                aria-describedby={errors.acceptedTerms ? `${ids}-terms-error` : undefined}
                onChange={(event) => setAcceptedTerms(event.target.checked)}
              />
              <label htmlFor={`${ids}-terms`} className="text-sm">
                <Trans>
                  I agree to the{' '}
                  <a href={termsHref} target="_blank" rel="noopener" className="text-primary underline">
                    Terms & Conditions
                  </a>
                </Trans>
              </label>
            </div>
            {errors.acceptedTerms && (
              <p id={`${ids}-terms-error`} role="alert" className="m-0 text-sm text-red-700">{errors.acceptedTerms}</p>
            )}
          </div>
          <Button type="submit" disabled={busy}>
            <Trans>Sign up</Trans>
          </Button>
          {isRouterActive() && (
            <p className="m-0 text-sm">
              <Trans>Already have an account?</Trans>{' '}
              <a href="/sign-in" className="inline-block py-1 font-medium text-primary underline" onClick={(event) => followLink(event, '/sign-in')}>
                <Trans>Sign in</Trans>
              </a>
            </p>
          )}
        </form>
      )}
      {step === 'otp' && (
        <form className="flex flex-col gap-3" onSubmit={submitOtp} noValidate>
          <CodeSentTo identity={identity} />
          <OtpField id={`${ids}-otp`} value={otp} error={errors.otp} onChange={setOtp} />
          <Button type="submit" disabled={busy}>
            <Trans>Verify</Trans>
          </Button>
          <div className="flex flex-wrap justify-between gap-2">
            <Button variant="ghost" onClick={() => { setOtp(''); setErrors({}); setStep('details'); }}>
              <Trans>Back</Trans>
            </Button>
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => identity && void run(async () => void (await requestOtp(identity, { user_name: fullName(form.firstName, form.lastName), email: form.email.trim() })))}
            >
              <Trans>Resend code</Trans>
            </Button>
          </div>
        </form>
      )}
    </AccountScreen>
  );
}
