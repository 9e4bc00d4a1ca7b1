import { SubscriptionsIsland } from '../src/features/subscriptions/Subscriptions.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The signed-in customer's subscriptions (when the vendor offers them): the list, newest first, each with
 * its item, store, frequency, slot, state (Active, Paused, Cancelled) and next delivery; or one subscription:
 * its plan, the next deliveries and what became of past ones (ordered with a link to the order, skipped on
 * a closed day, missed and why), and its actions: the quantity per delivery, pause from a date and resume,
 * cancel after confirming; the invoice of a month as a PDF. Changes count from the next delivery whose order is not created yet.
 * A guest sees a sign-in prompt (`sf-sign-in-required` on an embedded page).
 *
 * @tag sf-subscriptions
 * @attr {string} subscription-id - Show this subscription; without it, the one named by `?subscription=` in the page's address, else the list.
 * @attr {string} status-href - Link of a subscription in the list; `{id}` is its id. Default `?subscription={id}` (this page).
 * @attr {string} order-href - Link of a delivery's order; `{id}` is the order id. Default `/order-status/{id}`.
 * @event sf-sign-in-required - A guest pressed Sign In. `detail: { reason: 'subscriptions' }`.
 * @csspart base - The island's root.
 * @csspart subscriptions - The list.
 * @csspart subscription - A subscription in the list.
 * @csspart state - Its state label, also `state-active`, `state-paused` or `state-cancelled`.
 * @csspart subscription-status - One subscription.
 * @csspart plan - Its plan (frequency, time, address or store, price, next delivery).
 * @csspart frequency - How often.
 * @csspart per-delivery - The price of each delivery at today's prices.
 * @csspart next-delivery - The next delivery.
 * @csspart cutoff - When the next delivery's order is created.
 * @csspart actions - The changes.
 * @csspart quantity - The quantity per delivery being set.
 * @csspart save-quantity - Save quantity.
 * @csspart from-date - The date a pause or a resume starts.
 * @csspart pause - Pause.
 * @csspart resume - Resume.
 * @csspart cancel-subscription - Cancel subscription (asks first).
 * @csspart cancel-subscription-dialog - The question.
 * @csspart keep-subscription - Its Keep subscription button.
 * @csspart cancel-subscription-confirm - Its Cancel subscription button.
 * @csspart action-status - What the last change did (announced politely).
 * @csspart invoice - The invoice: a month and Download invoice (a PDF named by its number).
 * @csspart invoice-month - The month.
 * @csspart download-invoice - Download invoice.
 * @csspart invoice-status - What the download did (announced politely).
 * @csspart upcoming - The next deliveries.
 * @csspart past - The past deliveries.
 * @csspart day - A date, also `day-planned`, `day-paused`, `day-ordered`, `day-closed` or `day-missed`.
 * @csspart empty - The text of an empty list.
 * @csspart unavailable - The text shown when the vendor has no subscriptions.
 * @csspart sign-in-prompt - The prompt a guest sees.
 * @csspart sign-in - Its Sign In button.
 * @csspart error - The failure message with Retry.
 * @cssprop --sf-color-primary - Links.
 * @cssprop --sf-color-button - Button background.
 * @cssprop --sf-color-button-text - Button text.
 * @cssprop --sf-color-text - Text colour.
 * @cssprop --sf-color-text-muted - Secondary text colour.
 * @cssprop --sf-radius - Corner radius.
 */
export interface SfSubscriptionsAttributes {
  subscriptionId?: string;
  statusHref?: string;
  orderHref?: string;
}

defineIsland<SfSubscriptionsAttributes>({
  tag: 'sf-subscriptions',
  attributes: { subscriptionId: 'string', statusHref: 'string', orderHref: 'string' },
  render: ({ host, subscriptionId, statusHref, orderHref }) => (
    <SubscriptionsIsland
      host={host}
      subscriptionId={Number(subscriptionId) > 0 ? Number(subscriptionId) : null}
      statusHref={statusHref || '?subscription={id}'}
      orderHref={orderHref || '/order-status/{id}'}
    />
  ),
});
