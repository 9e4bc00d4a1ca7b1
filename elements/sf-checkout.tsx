import { Checkout } from '../src/features/checkout/Checkout.tsx';
import { defineIsland } from './define-island.tsx';

// The offers list inside the checkout is its own element; the ESM loader cannot see into shadow roots.
void import('./sf-offers.tsx');

/**
 * Review cart, payment (wallet, cash or online) and the result in one element. Review: the cart
 * lines (veg marker, options, minus/plus, remove, the server's line price; a changed price or an unavailable line is
 * marked), the store, Delivery/Takeaway when the vendor offers pickup, the delivery address (the primary saved address;
 * Change opens the page's `<sf-location>` modal through `sf-location-open`, else a list of saved addresses) or the
 * pickup store's address, Now or Schedule (a date and a time from the store's 30-minute slots in its time zone, both
 * required), the driver tip (delivery), the promo code (Apply, Remove, the refusal in words, and `<sf-offers apply>`),
 * up to 3 images for the store, and the bill from the server (item total, tax under the vendor's tax name, packaging,
 * delivery charge with distance, discount or cashback, tip, total), re-priced whenever anything changes. Payment:
 * wallet (with its balance), cash on delivery (pay at the store for pickup) or pay online; Place order asks for
 * confirmation, then orders with an idempotency key kept until the server answers, so a retry after a network failure
 * or a double click is one order. Online payments leave for the provider's page and come back to this page (the
 * `order_id` and `payment` query parameters). A guest is asked to sign in.
 *
 * @tag sf-checkout
 * @attr {string} order-href - Link to a placed order in the success view; `{id}` is replaced. Default `/order-status/{id}`.
 * @event sf-order-placed - An order was placed (or its online payment confirmed). `detail: { order_id, total, payment_method }`.
 * @event sf-payment-failed - An online payment failed or was cancelled; the cart is kept. `detail: { order_id, reason: 'failed' | 'cancelled' }`.
 * @event sf-location-open - Change or add the delivery address: asks the page's location modal to open. `detail: { reason: 'address' }`.
 * @event sf-sign-in-required - A guest pressed Sign In. `detail: { reason: 'checkout' }`.
 * @event sf-order-mode-change - The customer switched between delivery and pickup. `detail: { mode }`.
 * @event sf-cart-change - A quantity changed or a line was removed. `detail: { lines, count }`.
 * @csspart base - The island's root.
 * @csspart checkout - The checkout.
 * @csspart heading - 'Review cart' or 'Payment'.
 * @csspart offline - 'You're offline. Placing an order needs a connection; your cart is kept.' while the browser has no network (a polite live region).
 * @csspart review - The review step.
 * @csspart order - The store and its lines.
 * @csspart lines - The list of cart lines.
 * @csspart line - One cart line (also `line-changed` or `line-unavailable`).
 * @csspart price-changed - 'Price changed from … to …' on a line.
 * @csspart unavailable - 'Not available' on a line.
 * @csspart mode-option - Delivery or Takeaway (the chosen one also has `mode-option-selected`).
 * @csspart address - The delivery address (or pickup store) section.
 * @csspart change-address - Change (or Add New Address).
 * @csspart delivery-by - 'Delivery by': the store's own delivery and the vendor's delivery partners (delivery mode, when the vendor offers a partner).
 * @csspart delivery-option - One way of delivery, with its price and time (the chosen one also has `delivery-option-selected`; `delivery-option-note` says why a partner cannot be chosen).
 * @csspart schedule - The Now/Schedule section.
 * @csspart schedule-date - The date select.
 * @csspart schedule-time - The time select.
 * @csspart tip - The driver tip section.
 * @csspart tip-option - A tip choice.
 * @csspart promo - The promo code section.
 * @csspart promo-input - The promo code field.
 * @csspart promo-apply - Apply.
 * @csspart promo-remove - Remove.
 * @csspart promo-error - Why the code does not apply.
 * @csspart order-images - The images section.
 * @csspart image-add - Attach images.
 * @csspart image - An attached image.
 * @csspart bill - The bill section.
 * @csspart breakdown - The price breakdown (rows `item-total`, `tax`, `packaging`, `delivery-charge`, `discount`, `cashback`, `tip`, `grand-total`).
 * @csspart continue - Continue to payment.
 * @csspart payment - The payment step.
 * @csspart payment-option - A payment option (the chosen one also has `payment-option-selected`).
 * @csspart wallet-balance - The wallet balance.
 * @csspart payment-error - 'Please select payment option'.
 * @csspart wallet-error - 'Insufficient wallet amount please recharge your wallet'.
 * @csspart place-order - Place order (Try again after a network failure).
 * @csspart back - Back to cart.
 * @csspart alert-dialog - The alert modal (clear cart, address, schedule, place-order, OK).
 * @csspart alert-confirm - The alert's confirming button.
 * @csspart alert-ok - The alert's OK button.
 * @csspart result - The success view.
 * @csspart order-link - The link to the placed order.
 * @csspart sign-in-prompt - What a guest sees.
 * @csspart empty - The empty-cart message.
 * @cssprop --sf-color-primary - Accents and the chosen options' borders.
 * @cssprop --sf-color-button - Button background.
 * @cssprop --sf-color-button-text - Button text.
 * @cssprop --sf-radius - Corner radius.
 */
export interface SfCheckoutAttributes {
  orderHref?: string;
}

defineIsland<SfCheckoutAttributes>({
  tag: 'sf-checkout',
  attributes: { orderHref: 'string' },
  render: ({ host, orderHref }) => <Checkout host={host} {...(orderHref ? { orderHref } : {})} />,
});
