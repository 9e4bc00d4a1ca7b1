import { useLingui } from '@lingui/react/macro';
import { $cart, decrement, increment, removeLine, setCart } from '../core/cart/cart.ts';
import { say } from '../core/i18n/messages.ts';
import { ORDER_MESSAGES } from '../core/cart/order-messages.ts';
import { showError } from '../core/platform/toast.ts';

/**
 * A removed line takes the focused control with it: focus goes to the line now in its place (or the one
 * before), else to the drawer's close button or the checkout heading, never to the document.
 */
function keepFocusAfterRemoval(control: HTMLElement): void {
  const line = control.closest('li');
  const list = line?.parentElement;
  const root = control.getRootNode() as ParentNode;
  const at = line && list ? [...list.children].indexOf(line) : -1;
  requestAnimationFrame(() => {
    const rows = list?.isConnected ? [...list.children] : [];
    const row = rows[Math.min(at, rows.length - 1)];
    const target = row?.querySelector<HTMLElement>('[part~="remove"]')
      ?? root.querySelector<HTMLElement>('dialog[open] [part~="close"]')
      ?? root.querySelector<HTMLElement>('[part~="heading"]');
    target?.focus();
  });
}

/**
 * Minus / quantity / plus and the trash control of one cart line (plus only below the
 * stock limit, else 'Maximum items reached'; minus at 1 removes). `host` hears `sf-cart-change`.
 */
export function CartLineControls({ name, quantity, index, host }: { name: string; quantity: number; index: number; host?: HTMLElement }) {
  const { t } = useLingui();
  const plus = () => {
    const next = increment($cart.get(), index);
    if (typeof next === 'string') showError(say(ORDER_MESSAGES.maximumItemsReached));
    else setCart(next, host);
  };
  return (
    <div className="flex items-center gap-2">
      <div className="inline-flex items-center rounded-sf border border-black/20">
        <button
          type="button"
          part="minus"
          className="h-8 w-8"
          aria-label={t`Decrease quantity of ${name}`}
          onClick={(event) => {
            if (quantity <= 1) keepFocusAfterRemoval(event.currentTarget);
            setCart(decrement($cart.get(), index), host);
          }}
        >
          −
        </button>
        <span part="quantity" className="min-w-[2rem] text-center" aria-live="polite">{quantity}</span>
        <button type="button" part="plus" className="h-8 w-8" aria-label={t`Increase quantity of ${name}`} onClick={plus}>+</button>
      </div>
      <button type="button" part="remove" className="inline-flex h-8 w-8 items-center justify-center rounded-sf hover:bg-black/5" aria-label={t`Remove ${name}`} onClick={(event) => {
          keepFocusAfterRemoval(event.currentTarget);
          setCart(removeLine($cart.get(), index), host);
        }}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
        </svg>
      </button>
    </div>
  );
}
