import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

// Hover never changes the vendor's colours (faded, a button's text would fall under the 4.5:1 contrast
// the theme keeps): the label is underlined instead.
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-button text-button-text hover:underline underline-offset-2',
  secondary: 'bg-button-secondary text-button-secondary-text hover:underline underline-offset-2',
  ghost: 'bg-transparent text-ink hover:bg-black/5',
  danger: 'bg-red-700 text-white hover:bg-red-800',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

export function Button({ variant = 'primary', className = '', type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-sf px-4 py-2 font-medium transition disabled:opacity-50 disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
      {...rest}
    />
  );
}
