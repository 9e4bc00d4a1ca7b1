import { Trans } from '@lingui/react/macro';
import { useState, type Ref } from 'react';
import type { IdentityRequest } from '../../contract/api/account.ts';
import { passwordError, repeatPasswordError } from '../core/session/passwords.ts';
import { Field, INPUT_CLASS } from './Field.tsx';

export interface MobileFieldsProps {
  /** Ids of the two inputs start with this. */
  id: string;
  countryCode: string;
  mobile: string;
  error?: string | null | undefined;
  onCountryCode(value: string): void;
  onMobile(value: string): void;
}

/** The country code (digits only) and the mobile number, side by side from 320 px up. */
export function MobileFields({ id, countryCode, mobile, error, onCountryCode, onMobile }: MobileFieldsProps) {
  return (
    <div className="flex gap-2">
      <div className="w-24 shrink-0">
        <Field id={`${id}-cc`} label={<Trans>Country code</Trans>}>
          <input
            id={`${id}-cc`}
            className={INPUT_CLASS}
            inputMode="numeric"
            autoComplete="tel-country-code"
            value={countryCode}
            onChange={(event) => onCountryCode(event.target.value.replace(/[^\d]/g, ''))}
          />
        </Field>
      </div>
      <div className="min-w-0 flex-1">
        <Field id={`${id}-mobile`} label={<Trans>Mobile number</Trans>} error={error}>
          <input
            id={`${id}-mobile`}
            className={INPUT_CLASS}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={mobile}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-mobile-error` : undefined}
            onChange={(event) => onMobile(event.target.value)}
          />
        </Field>
      </div>
    </div>
  );
}

export interface TextFieldProps {
  id: string;
  label: React.ReactNode;
  value: string;
  error?: string | null | undefined;
  hint?: React.ReactNode;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  inputMode?: 'numeric';
  maxLength?: number;
  /** Classes added to the input's own look. */
  inputClassName?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange(value: string): void;
}

/** A labelled input whose error is shown beside it, announced and tied to it (aria-describedby). */
export function TextField({ id, label, value, error, hint, type = 'text', autoComplete, inputMode, maxLength, inputClassName, inputRef, onChange }: TextFieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={inputClassName ? `${INPUT_CLASS} ${inputClassName}` : INPUT_CLASS}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        value={value}
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

export interface OtpFieldProps {
  id: string;
  value: string;
  error?: string | null | undefined;
  /** Classes added to the input's own look. */
  inputClassName?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Given the digits typed, nothing else. */
  onChange(value: string): void;
}

/** The one-time code sent by SMS: six digits at most, filled in from the message where the device offers it. */
export function OtpField({ onChange, ...field }: OtpFieldProps) {
  return (
    <TextField
      {...field}
      label={<Trans>Enter OTP</Trans>}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      onChange={(value) => onChange(value.replace(/[^\d]/g, ''))}
    />
  );
}

/** Where the one-time code went: the number with its country code, read left to right in any language. */
export function CodeSentTo({ identity }: { identity: IdentityRequest | null }) {
  const fullMobile = identity ? `+${identity.country_code} ${identity.mobile_number}` : '';
  return (
    <p className="m-0 text-sm text-muted">
      <Trans>We sent a code to <bdi dir="ltr">{fullMobile}</bdi>.</Trans>
    </p>
  );
}

/** A new password and its repeat, as the reset and change-password forms take them. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  return {
    password,
    repeat,
    setPassword,
    setRepeat,
    /** What is wrong with each (null where nothing is). */
    errors: () => ({ password: passwordError(password), repeat: repeatPasswordError(password, repeat) }),
    clear: () => {
      setPassword('');
      setRepeat('');
    },
  };
}

export interface NewPasswordFieldsProps {
  /** Ids of the two inputs start with this. */
  id: string;
  value: ReturnType<typeof useNewPassword>;
  errors: { password?: string | null | undefined; repeat?: string | null | undefined };
}

/** "New password" (at least 8 characters) and "Repeat password". */
export function NewPasswordFields({ id, value, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField id={`${id}-password`} label={<Trans>New password</Trans>} type="password" autoComplete="new-password" value={value.password} error={errors.password} hint={<Trans>At least 8 characters</Trans>} onChange={value.setPassword} />
      <TextField id={`${id}-repeat`} label={<Trans>Repeat password</Trans>} type="password" autoComplete="new-password" value={value.repeat} error={errors.repeat} onChange={value.setRepeat} />
    </>
  );
}
