import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { $settings } from '../../core/settings/settings.ts';
import { $user } from '../../core/session/session-state.ts';
import { isRouterActive } from '../../core/platform/router.ts';
import { $passwordsEnabled, $signInMode, signInByPassword } from '../../core/session/passwords.ts';
import { showToast } from '../../core/platform/toast.ts';
import { followLink } from '../../ui/links.ts';
import { PasswordSignIn } from './PasswordSignIn.tsx';
import { DEFAULT_COUNTRY_CODE, identityFor, isRegistered, mobileNumberError, requestOtp } from '../../core/session/session.ts';
import { Button } from '../../ui/Button.tsx';
import { CodeSentTo, MobileFields, OtpField, TextField, useTypedNumber } from '../../ui/AccountFields.tsx';
import { SignOutDialog } from '../../ui/SignOutDialog.tsx';
import { SocialSignIn } from './SocialSignIn.tsx';
import { AccountScreen } from '../../ui/AccountScreen.tsx';
import { useOneTimeCode } from '../../ui/useOneTimeCode.ts';

type Step = 'mobile' | 'register' | 'otp';

/** Signed in: who, and sign-out after confirmation. */
function SignedIn({ host }: { host: HTMLElement }) {
  const user = useStore($user);
  const [confirming, setConfirming] = useState(false);
  const name = user?.user_name ?? '';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3" part="signed-in">
      <p className="m-0">
        <Trans>Signed in as {name}</Trans>
      </p>
      <Button variant="secondary" onClick={() => setConfirming(true)} part="sign-out">
        <Trans>Sign out</Trans>
      </Button>
      <SignOutDialog host={host} open={confirming} onClose={() => setConfirming(false)} />
    </div>
  );
}

export interface SignInProps {
  host: HTMLElement;
  /** Called after a successful sign-in (the full page goes home). */
  onSignedIn?: () => void;
}

/** Sign-in and registration by mobile number and a one-time code; when signed in, who and Sign out. */
export function SignIn(props: SignInProps) {
  const user = useStore($user);
  return user ? <SignedIn host={props.host} /> : <SignInForm {...props} />;
}

function SignInForm({ host, onSignedIn }: SignInProps) {
  const { t } = useLingui();
  const settings = useStore($settings);
  const ids = useId();
  const [step, setStep] = useState<Step>('mobile');
  // The number typed here goes on to "Forgot password?", and comes back from a reset.
  const { countryCode, mobile, setCountryCode, setMobile } = useTypedNumber(settings?.country_code || DEFAULT_COUNTRY_CODE);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const otpInput = useRef<HTMLInputElement>(null);
  // A new step's first field takes the focus (the button pressed is gone with the old step), so a screen
  // reader says where the customer is now; the first step leaves the focus where the page put it.
  const steps = useRef<HTMLDivElement>(null);
  const stepShown = useRef(step);
  useEffect(() => {
    if (stepShown.current === step) return;
    stepShown.current = step;
    steps.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select')?.focus();
  }, [step]);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const { identity, setIdentity, otp, setOtp, busy, run, submitCode } = useOneTimeCode({ host, showErrors: setErrors });

  const submitMobile = (event: FormEvent) => {
    event.preventDefault();
    const error = mobileNumberError(mobile);
    setErrors({ mobile_number: error });
    if (error) return;
    const next = identityFor(mobile, countryCode);
    setIdentity(next);
    void run(async () => {
      if (await isRegistered(next)) {
        if (await requestOtp(next)) setStep('otp');
      } else {
        setStep('register');
      }
    });
  };

  const submitRegistration = (event: FormEvent) => {
    event.preventDefault();
    const nameError = name.trim() ? null : t`Please enter your name`;
    const emailError = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? null : t`Please enter a valid email`;
    setErrors({ user_name: nameError, email: emailError });
    if (nameError || emailError || !identity) return;
    void run(async () => {
      if (await requestOtp(identity, { user_name: name.trim(), email: email.trim() })) setStep('otp');
    });
  };

  const submitOtp = (event: FormEvent) =>
    submitCode(
      event,
      () => {
        showToast(t`Signed in as ${$user.get()?.user_name ?? ''}`, { kind: 'success' });
        onSignedIn?.();
      },
      // The refusal is beside the field and announced; the focus goes back to the code.
      () => otpInput.current?.focus(),
    );

  const fullMobile = identity ? `+${identity.country_code} ${identity.mobile_number}` : '';
  const passwordsEnabled = useStore($passwordsEnabled);
  const mode = useStore($signInMode);
  const byPassword = passwordsEnabled && mode === 'password';

  return (
    <AccountScreen title={step === 'register' ? <Trans>Create your account</Trans> : <Trans>Sign in</Trans>}>
      <div ref={steps} className="contents">
      {passwordsEnabled && step === 'mobile' && (
        <fieldset className="m-0 flex flex-wrap gap-x-4 gap-y-1 border-0 p-0" part="mode">
          <legend className="mb-1 p-0 text-sm font-medium"><Trans>Sign in with</Trans></legend>
          {(['code', 'password'] as const).map((option) => (
            <label key={option} className="flex min-h-6 items-center gap-2">
              <input type="radio" name={`${ids}-mode`} className="h-5 w-5 accent-primary" checked={mode === option} onChange={() => { setErrors({}); $signInMode.set(option); }} />
              {option === 'code' ? <Trans>One-time code</Trans> : <Trans>Password</Trans>}
            </label>
          ))}
        </fieldset>
      )}
      {byPassword && step === 'mobile' && (
        <PasswordSignIn
          countryCode={countryCode}
          mobile={mobile}
          onCountryCode={setCountryCode}
          onMobile={setMobile}
          signIn={async (next, password) => {
            const outcome = await signInByPassword(next, password, host);
            if (outcome.ok) onSignedIn?.();
            return outcome;
          }}
        />
      )}
      {!byPassword && step === 'mobile' && (
        <form className="flex flex-col gap-3" onSubmit={submitMobile} noValidate>
          <MobileFields id={ids} countryCode={countryCode} mobile={mobile} error={errors.mobile_number} onCountryCode={setCountryCode} onMobile={setMobile} />
          <Button type="submit" disabled={busy}>
            <Trans>Continue</Trans>
          </Button>
        </form>
      )}
      {step === 'mobile' && <SocialSignIn host={host} onSignedIn={onSignedIn} />}
      {step === 'mobile' && isRouterActive() && (
        <p className="m-0 text-sm">
          <Trans>New here?</Trans>{' '}
          <a href="/sign-up" className="inline-block py-1 font-medium text-primary underline" onClick={(event) => followLink(event, '/sign-up')}>
            <Trans>Create an account</Trans>
          </a>
        </p>
      )}
      {step === 'register' && (
        <form className="flex flex-col gap-3" onSubmit={submitRegistration} noValidate>
          <p className="m-0 text-sm text-muted">
            <Trans><bdi dir="ltr">{fullMobile}</bdi> is new here. Tell us who you are.</Trans>
          </p>
          <TextField id={`${ids}-name`} label={<Trans>Full name</Trans>} autoComplete="name" value={name} error={errors.user_name} onChange={setName} />
          <TextField id={`${ids}-email`} label={<Trans>Email</Trans>} type="email" autoComplete="email" value={email} error={errors.email} onChange={setEmail} />
          <div className="flex gap-2">
            <Button variant="ghost" onClick={() => setStep('mobile')}>
              <Trans>Back</Trans>
            </Button>
            <Button type="submit" disabled={busy} className="flex-1">
              <Trans>Send code</Trans>
            </Button>
          </div>
        </form>
      )}
      {step === 'otp' && (
        <form className="flex flex-col gap-3" onSubmit={submitOtp} noValidate>
          <CodeSentTo identity={identity} />
          <OtpField id={`${ids}-otp`} inputClassName="tracking-[0.3em]" inputRef={otpInput} value={otp} error={errors.otp} onChange={setOtp} />
          <Button type="submit" disabled={busy}>
            <Trans>Verify</Trans>
          </Button>
          <div className="flex justify-between gap-2">
            <Button variant="ghost" onClick={() => { setOtp(''); setStep('mobile'); }}>
              <Trans>Change number</Trans>
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => identity && void run(async () => void (await requestOtp(identity)))}>
              <Trans>Resend code</Trans>
            </Button>
          </div>
        </form>
      )}
      </div>
    </AccountScreen>
  );
}
