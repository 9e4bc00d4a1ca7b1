import { say } from '../i18n/messages.ts';
import { emitHostEvent } from '../platform/host-events.ts';
import { isRouterActive, navigate, navigateToSignIn } from '../platform/router.ts';
import { showError } from '../platform/toast.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import type { CheckoutDecision } from './totals.ts';

/**
 * Checkout pressed on a view of the cart (the cart drawer, the cart beside a wide menu), by
 * checkoutDecision's answer: an empty cart is refused with its message; a guest signs in first (the full
 * page's sign-in, coming back to review-cart; embedded, `sf-sign-in-required` from `host`); a cart that can
 * go on tells the host page (`sf-checkout-start`) and goes to review-cart on the full page, or where
 * `embedded` takes it on a vendor's page. A cart below the store's minimum goes nowhere (its view says why).
 */
export function checkoutFromCart(decision: CheckoutDecision, host: HTMLElement, cart: { count: number; total: number }, embedded: () => void): void {
  if (decision === 'empty') {
    showError(say(ORDER_MESSAGES.addItemToCart));
  } else if (decision === 'sign-in') {
    if (isRouterActive()) navigateToSignIn('/review-cart');
    else emitHostEvent('sf-sign-in-required', { reason: 'checkout' }, host);
  } else if (decision === 'review-cart') {
    emitHostEvent('sf-checkout-start', cart, host);
    if (isRouterActive()) navigate('/review-cart');
    else embedded();
  }
}
