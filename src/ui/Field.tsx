import type { ReactNode } from 'react';

/** The look of a text input in a form. */
export const INPUT_CLASS = 'w-full rounded-sf border border-gray-500 bg-white px-3 py-2 text-ink outline-none focus:border-primary';

export interface FieldProps {
  /** The id of the control inside; the hint and the error get `<id>-hint` and `<id>-error` for aria-describedby. */
  id: string;
  label: ReactNode;
  /** Shown under the control while there is no error. */
  hint?: ReactNode;
  /** Shown under the control and announced. */
  error?: string | null | undefined;
  children: ReactNode;
}

/** A labelled form control with its hint or its error. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      {children}
      {hint && !error && <p id={`${id}-hint`} className="m-0 text-sm text-muted">{hint}</p>}
      {error && <p id={`${id}-error`} role="alert" className="m-0 text-sm text-red-700">{error}</p>}
    </div>
  );
}
