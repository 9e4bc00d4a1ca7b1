import { Trans } from '@lingui/react/macro';
import { useState, type Ref } from 'react';
import type { IdentityRequest } from '../../contract/api/account.ts';
import { digitsOnly } from '../core/i18n/digits.ts';
import { passwordError, repeatPasswordError } from '../core/session/passwords.ts';
import { $typedNumber, type TypedNumber } from '../core/session/typed-number.ts';
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

/**
 * The country code (digits only) and the mobile number, side by side from 320 px up. Arabic-Indic and
 * Persian digits are taken as typed: the code keeps them as 0-9, the number is read by normaliseMobile.
 */
export function MobileFields({ id, countryCode, mobile, error, onCountryCode, onMobile }: MobileFieldsProps) {
  return (
    <div className="flex gap-2">
      <div className="w-24 shrink-0">
        <TextField
          id={`${id}-cc`}
          label={<Trans>Country code</Trans>}
          inputMode="numeric"
          autoComplete="tel-country-code"
          value={countryCode}
          clean={digitsOnly}
          onChange={onCountryCode}
        />
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

/**
 * The country code and mobile number of the sign-in or forgot-password form, starting from the number the
 * customer typed on the other one ($typedNumber), else empty with `defaultCountryCode`; each change is kept
 * there for the other screen.
 */
export function useTypedNumber(defaultCountryCode: string) {
  const [typed, setTyped] = useState<TypedNumber>(() => $typedNumber.get() ?? { country_code: defaultCountryCode, mobile_number: '' });
  const change = (next: TypedNumber) => {
    setTyped(next);
    $typedNumber.set(next);
  };
  return {
    countryCode: typed.country_code,
    mobile: typed.mobile_number,
    setCountryCode: (country_code: string) => change({ ...typed, country_code }),
    setMobile: (mobile_number: string) => change({ ...typed, mobile_number }),
  };
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
  /** What is kept of what is typed or pasted (all of it unless told); the field shows what is kept. */
  clean?: (typed: string) => string;
  onChange(value: string): void;
}

/** A labelled input whose error is shown beside it, announced and tied to it (aria-describedby). */
export function TextField({ id, label, value, error, hint, type = 'text', autoComplete, inputMode, maxLength, inputClassName, inputRef, clean, onChange }: TextFieldProps) {
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
        onChange={(event) => {
          const kept = clean ? clean(event.currentTarget.value) : event.currentTarget.value;
          // Preact leaves a controlled input as typed when the state does not change: it is put right here.
          if (kept !== event.currentTarget.value) event.currentTarget.value = kept;
          onChange(kept);
        }}
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

/** The most digits a one-time code has. */
const OTP_LENGTH = 6;

/**
 * The one-time code sent by SMS: six digits at most, filled in from the message where the device offers it.
 * No maxLength: a code pasted as "123 456" or "١٢٣-٤٥٦" would be cut before its separator is dropped; the
 * digits are kept (as 0-9) and then cut to six.
 */
export function OtpField({ onChange, ...field }: OtpFieldProps) {
  return (
    <TextField
      {...field}
      label={<Trans>Enter OTP</Trans>}
      autoComplete="one-time-code"
      inputMode="numeric"
      clean={(typed) => digitsOnly(typed).slice(0, OTP_LENGTH)}
      onChange={onChange}
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
