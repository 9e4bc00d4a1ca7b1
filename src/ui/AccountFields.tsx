import { Trans } from '@lingui/react/macro';
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
  onChange(value: string): void;
}

/** A labelled input whose error is shown beside it, announced and tied to it (aria-describedby). */
export function TextField({ id, label, value, error, hint, type = 'text', autoComplete, inputMode, maxLength, onChange }: TextFieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={INPUT_CLASS}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
