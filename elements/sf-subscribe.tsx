import { lazyPart } from '../src/ui/LazyPart.tsx';
import { defineIsland } from './define-island.tsx';

// Fetched when the element first renders: a page without it carries none of the subscription code.
const SubscribeButton = lazyPart('subscribe', () => import('../src/features/subscriptions/SubscribeButton.tsx').then((module) => module.SubscribeButton));

/**
 * Subscribe, for one item of a store's menu: shown when the vendor offers subscriptions and the item is
 * subscribable (nothing otherwise). It opens the subscription cart in a dialog (options, quantity per
 * delivery, delivery to a saved address or pickup, Everyday / On Interval / Custom, the first date and the
 * slot), then the review with the server's bill of one delivery and of the first 30 days and the promo
 * code, and Subscribe; each delivery is ordered at the store's cut-off and paid from the wallet.
 * A guest's press dispatches `sf-sign-in-required`.
 *
 * @tag sf-subscribe
 * @attr {string} restaurant-id - The store.
 * @attr {string} item-id - The item.
 * @attr {string} status-href - Where to go once subscribed; `{id}` is the subscription's id. Default: stay (listen for `sf-subscribed`).
 * @event sf-subscribed - A subscription was made. `detail: { subscription_id }`.
 * @event sf-sign-in-required - A guest pressed Subscribe. `detail: { reason: 'subscribe' }`.
 * @csspart base - The island's root.
 * @csspart subscribe-button - The Subscribe button.
 * @csspart subscribe-dialog - The dialog.
 * @csspart subscription-cart - The subscription cart form.
 * @csspart subscription-item - The item, its store and price.
 * @csspart option-group - One of the item's option groups.
 * @csspart quantity - The quantity per delivery.
 * @csspart mode-field - Delivery or pickup.
 * @csspart address-select - The saved address deliveries go to.
 * @csspart frequency-field - Everyday, On Interval (with its days), Custom (with its weekdays).
 * @csspart interval-select - The days between deliveries.
 * @csspart weekdays - The weekdays of Custom.
 * @csspart start-date - The first delivery.
 * @csspart slot-select - The delivery time.
 * @csspart review-button - Review subscription.
 * @csspart review-subscription - The review.
 * @csspart plan - The plan reviewed.
 * @csspart edit - Change (back to the cart).
 * @csspart bill - The bill of one delivery.
 * @csspart per-delivery - Each delivery's total.
 * @csspart first-period - The first 30 days.
 * @csspart first-delivery - The first delivery and when its order is created.
 * @csspart wallet-note - How deliveries are paid.
 * @csspart promo-input - The promo code.
 * @csspart promo-apply - Apply.
 * @csspart promo-error - Why the code does not apply.
 * @csspart review-error - Why the plan cannot be served.
 * @csspart subscribe - Subscribe.
 * @cssprop --sf-color-primary - Links.
 * @cssprop --sf-color-button - Button background.
 * @cssprop --sf-color-button-text - Button text.
 * @cssprop --sf-color-text - Text colour.
 * @cssprop --sf-color-text-muted - Secondary text colour.
 * @cssprop --sf-radius - Corner radius.
 */
export interface SfSubscribeAttributes {
  restaurantId?: string;
  itemId?: string;
  statusHref?: string;
}

defineIsland<SfSubscribeAttributes>({
  tag: 'sf-subscribe',
  attributes: { restaurantId: 'string', itemId: 'string', statusHref: 'string' },
  render: ({ host, restaurantId, itemId, statusHref }) => (
    <SubscribeButton
      wanted
      host={host}
      restaurantId={Number(restaurantId) > 0 ? Number(restaurantId) : null}
      itemId={Number(itemId) > 0 ? Number(itemId) : null}
      statusHref={statusHref || ''}
    />
  ),
});
