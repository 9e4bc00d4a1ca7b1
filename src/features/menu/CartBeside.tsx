import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import { cartLineKey } from '../../../contract/rules/cart-line.ts';
import { $cart, $cartCount } from '../../core/cart/cart.ts';
import { ORDER_MESSAGES } from '../../core/cart/order-messages.ts';
import { cartTotal, checkoutDecision, lineTotal } from '../../core/cart/totals.ts';
import { checkoutFromCart } from '../../core/cart/checkout-from-cart.ts';
import { say } from '../../core/i18n/messages.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { isRouterActive } from '../../core/platform/router.ts';
import { $isSignedIn } from '../../core/session/session-state.ts';
import { $moneyFormat, $settings } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { useHeadingTags } from '../../ui/headings.tsx';

/**
 * The cart beside a wide menu (docs/behaviour.md#the-menu-on-a-wide-screen): the shared cart's lines, its
 * subtotal and Checkout, in view while the menu scrolls, following every change of the cart. Checkout
 * follows the cart drawer's rules (a guest signs in first, the store's minimum), and shows only while the
 * vendor takes orders; embedded, it opens the page's cart drawer (`sf-cart-open`), whose checkout is the vendor's.
 */
export function CartBeside({ host, store }: { host: HTMLElement; store: RestaurantDetail }) {
  const { t } = useLingui();
  const lines = useStore($cart);
  const count = useStore($cartCount);
  const money = useStore($moneyFormat);
  const signedIn = useStore($isSignedIn);
  // As the cart drawer: no checkout while the vendor's ordering is switched off.
  const ordering = useStore($settings)?.is_system_available === 1;
  const Heading = useHeadingTags().section;
  // The minimum is this store's when the cart is from it (a cart of another store is checked where it is paid).
  const fromHere = lines.length > 0 && lines.every((line) => line.restaurant_id === store.restaurant_id);
  const decision = checkoutDecision({ lines, signedIn, detail: fromHere ? store : null });
  const total = cartTotal(lines);
  // Embedded, checkout is the page's cart drawer's (its checkout-href is the vendor's, and it tells the page
  // sf-checkout-start once, when its own checkout is pressed); on the full page it goes on from here.
  const openDrawer = () => host.dispatchEvent(new CustomEvent('sf-cart-open', { bubbles: true, composed: true }));
  const checkout = () => (isRouterActive() ? checkoutFromCart(decision, host, { count, total }, openDrawer) : openDrawer());
  return (
    <aside part="cart-beside" aria-label={t`Your cart`} className="sticky flex flex-col gap-3 rounded-sf border border-black/10 bg-white p-4" style={{ top: 'calc(var(--sf-menu-sticky-top, 0px) + 0.5rem)' }}>
      <Heading className="m-0 text-lg font-bold"><Trans>Your cart</Trans></Heading>
      {lines.length === 0 ? (
        <p part="cart-beside-empty" className="m-0 text-sm text-muted"><Trans>Your cart is empty. Add items from the menu.</Trans></p>
      ) : (
        <>
          <ul part="cart-beside-lines" className="m-0 flex max-h-[50vh] list-none flex-col gap-2 overflow-y-auto p-0 text-sm">
            {lines.map((line) => (
              <li key={cartLineKey(line)} part="cart-beside-line" className="flex justify-between gap-2">
                <span className="min-w-0"><bdi>{line.quantity} × {line.name}</bdi></span>
                <span className="whitespace-nowrap">{formatPrice(lineTotal(line), money)}</span>
              </li>
            ))}
          </ul>
          <p part="cart-beside-subtotal" className="m-0 flex justify-between gap-2 border-t border-black/10 pt-2 font-semibold">
            <span><Trans>Subtotal</Trans> · <Plural value={count} one="# item" other="# items" /></span>
            <span>{formatPrice(total, money)}</span>
          </p>
          {typeof decision === 'object' && (
            <p part="cart-beside-minimum" className="m-0 text-sm text-red-700">{say(ORDER_MESSAGES.minimumItemsTotal, { amount: formatPrice(decision.minimum, money) })}</p>
          )}
          {ordering && <Button part="cart-beside-checkout" disabled={typeof decision === 'object'} onClick={checkout}><Trans>Checkout</Trans></Button>}
        </>
      )}
    </aside>
  );
}
