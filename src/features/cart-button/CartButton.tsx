import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useStore } from '@nanostores/react';
import { $cartCount } from '../../core/cart/cart.ts';
import { formatNumber } from '../../core/i18n/money.ts';
import { $locale } from '../../core/i18n/locale.ts';

export interface CartButtonProps {
  host: HTMLElement;
}

/** The cart button with a badge of the summed quantities, in the header; asks the page to open the cart. */
export function CartButton({ host }: CartButtonProps) {
  useLingui();
  const count = useStore($cartCount);
  const locale = useStore($locale);
  const label = plural(count, { one: 'Cart, # item', other: 'Cart, # items' });
  return (
    <button
      type="button"
      part="button"
      aria-label={label}
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-full bg-button text-button-text hover:ring-2 hover:ring-black/20"
      onClick={() => host.dispatchEvent(new CustomEvent('sf-cart-open', { bubbles: true, composed: true }))}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
        <path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h8.6a2 2 0 0 0 2-1.6L22 7H6" />
      </svg>
      {count > 0 && (
        <span part="badge" aria-hidden="true" className="absolute -top-1 -end-1 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white">
          {formatNumber(count, locale, 0, 0)}
        </span>
      )}
    </button>
  );
}
