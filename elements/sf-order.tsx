import { parseOrderId } from '../src/core/platform/ids.ts';
import { OrderView } from '../src/features/orders/OrderView.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * One of the signed-in customer's orders. `view="details"` (default): the lines with their options, each
 * charge (tax under the vendor's tax name, packaging, delivery, discount, tip), the total, the payment method
 * and status, the delivery address or the pickup store, the attached images, and Reorder for a finished order
 * (today's prices into the cart: unavailable items are left out with a notice, changed prices are shown before
 * confirming, a cart of another store is cleared only after asking). `view="status"`: the live status, pushed
 * by the server as it changes while the order is open (asked every few seconds where streams are blocked), as a progress list of the steps of its mode
 * (pickup skips On The Way and Arrived) with the current step marked. `view="rating"`: once delivered, 1 to 5
 * stars and a review, sent once; a rated order shows its rating read-only. A guest sees a sign-in prompt.
 *
 * @tag sf-order
 * @attr {string} order-id - The order's id.
 * @attr {'details'|'status'|'rating'} view - What to show. Default 'details'.
 * @attr {string} details-href - Link to the order's details; `{id}` is the order id. Default `/order-details/{id}`.
 * @attr {string} status-href - Link to the live status. Default `/order-status/{id}`.
 * @attr {string} rating-href - Link to the rating. Default `/rating/{id}`.
 * @attr {string} tracking-href - Link to the live map of an open delivery order (a page with `<sf-tracking>`). Default `/trackorder/{id}`.
 * @event sf-order-status - The watched order moved to another state. `detail: { order_id, status }`.
 * @event sf-reorder - The order's items went into the cart. `detail: { order_id }`.
 * @event sf-cart-change - Reorder changed the cart. `detail: { lines, count }`.
 * @event {CustomEvent<null>} sf-cart-open - After a reorder, asks the cart drawer to open (no detail).
 * @event sf-sign-in-required - A guest pressed Sign In. `detail: { reason: 'orders' }`.
 * @csspart base - The island's root.
 * @csspart order-details - The details (view="details").
 * @csspart order-status - The status label (details), or the status section (view="status").
 * @csspart lines - The order's lines (a group order's: each person's).
 * @csspart person - A group order's part: whose it was, and its lines.
 * @csspart person-name - The person's name.
 * @csspart line - One line.
 * @csspart line-name - A line's quantity and name.
 * @csspart line-options - A line's chosen options.
 * @csspart line-price - A line's total.
 * @csspart charges - The charges and total.
 * @csspart item-total - The item total row.
 * @csspart tax - The tax row, named as the vendor names its tax.
 * @csspart packaging - The packaging charge row.
 * @csspart delivery-charge - The delivery charge row.
 * @csspart discount - The discount row.
 * @csspart tip - The driver tip row.
 * @csspart total - The total row.
 * @csspart cashback - The cashback note.
 * @csspart payment - The payment and address list.
 * @csspart payment-method - The payment method.
 * @csspart payment-status - The payment status.
 * @csspart address - The delivery address.
 * @csspart pickup-store - The pickup store.
 * @csspart images - The attached images.
 * @csspart image - One image.
 * @csspart actions - The actions row.
 * @csspart track-link - The Track order link.
 * @csspart rate-link - The Rate this order link.
 * @csspart details-link - The Order details link (view="status").
 * @csspart map-link - The Follow on the map link of an open delivery order (view="status").
 * @csspart reorder - The Reorder button.
 * @csspart reorder-dialog - The dialog before a reorder.
 * @csspart reorder-unavailable - 'Few items are not available' and the items left out.
 * @csspart reorder-cut - Items with fewer units left than ordered.
 * @csspart reorder-prices - The changed prices.
 * @csspart reorder-other-store - The question about another store's cart.
 * @csspart reorder-confirm - The confirming button.
 * @csspart cancel-order - Cancel order, while the store has not taken the order (placed or scheduled).
 * @csspart cancel-order-dialog - The question before cancelling.
 * @csspart keep-order - The dialog's Keep order button.
 * @csspart cancel-order-confirm - The dialog's Cancel order button.
 * @csspart current-status - The current status (a live region).
 * @csspart steps - The progress list.
 * @csspart notifications-offer - The offer of order notifications under the steps of an open order (on the full page of the vendor's host, where notifications can work).
 * @csspart notifications-on - Its Turn on notifications button.
 * @csspart step - A step (also `step-done`, `step-current` or `step-upcoming`).
 * @csspart step-label - A step's label.
 * @csspart rating - The rating section (also `rating-form` or `rating-done`).
 * @csspart stars-input - The 1–5 star radio group.
 * @csspart review - The review text box.
 * @csspart submit-rating - The Submit rating button.
 * @csspart rating-error - The message when the rating was refused.
 * @csspart thanks - The thank-you after rating.
 * @csspart stars - A given rating's stars.
 * @csspart review-text - A given review.
 * @csspart rating-not-yet - Said before the order is delivered.
 * @csspart not-found - 'Order not found'.
 * @csspart sign-in-prompt - The prompt a guest sees.
 * @csspart error - The failure message with Retry.
 * @cssprop --sf-color-primary - Reached steps and links.
 * @cssprop --sf-color-button - Button background.
 * @cssprop --sf-color-button-text - Button text.
 * @cssprop --sf-color-text - Text colour.
 * @cssprop --sf-color-text-muted - Secondary text colour.
 * @cssprop --sf-radius - Corner radius.
 */
export interface SfOrderAttributes {
  orderId?: string;
  view?: 'details' | 'status' | 'rating';
  detailsHref?: string;
  statusHref?: string;
  ratingHref?: string;
  trackingHref?: string;
}

defineIsland<SfOrderAttributes>({
  tag: 'sf-order',
  attributes: { orderId: 'string', view: 'string', detailsHref: 'string', statusHref: 'string', ratingHref: 'string', trackingHref: 'string' },
  render: ({ host, orderId, view, detailsHref, statusHref, ratingHref, trackingHref }) => (
    <OrderView
      host={host}
      orderId={parseOrderId(orderId)}
      view={view}
      detailsHref={detailsHref || undefined}
      statusHref={statusHref || undefined}
      ratingHref={ratingHref || undefined}
      trackingHref={trackingHref || undefined}
    />
  ),
});
