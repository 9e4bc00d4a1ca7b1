import { Orders } from '../src/features/orders/Orders.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The signed-in customer's orders as Ongoing and Past tabs: each card shows the store,
 * the items, the total, the date and the status ('Order Placed', 'Preparing Your Food', 'Delivered', …) and
 * links to the order; ongoing ones also link to their live status. Past orders load 20 at a time. A guest sees
 * a sign-in prompt: the full-page storefront goes to /sign-in, an embedded list dispatches `sf-sign-in-required`.
 *
 * @tag sf-orders
 * @attr {string} order-href - Link of an order; `{id}` is the order id. Default `/order-details/{id}`.
 * @attr {string} status-href - Link to follow an ongoing order; `{id}` is the order id. Default `/order-status/{id}`.
 * @event sf-sign-in-required - A guest pressed Sign In. `detail: { reason: 'orders' }`.
 * @csspart base - The island's root.
 * @csspart orders - The section.
 * @csspart tabs - The tab list.
 * @csspart tab - A tab (Ongoing, Past); the chosen one also has `tab-selected`.
 * @csspart panel - A tab panel (also `panel-ongoing` or `panel-past`).
 * @csspart order-list - The list of orders.
 * @csspart order - An order card.
 * @csspart order-link - The store name, linking to the order.
 * @csspart order-status - The status label.
 * @csspart order-items - The item names.
 * @csspart order-total - The total.
 * @csspart order-date - The date the order was placed.
 * @csspart track-link - The Track order link (ongoing orders).
 * @csspart more-orders - The Show more orders button.
 * @csspart empty - The text of an empty tab.
 * @csspart sign-in-prompt - The prompt a guest sees.
 * @csspart sign-in - Its Sign In button.
 * @csspart error - The failure message with Retry.
 * @cssprop --sf-color-primary - The chosen tab's underline and links.
 * @cssprop --sf-color-text - Text colour.
 * @cssprop --sf-color-text-muted - Secondary text colour.
 * @cssprop --sf-color-slider-bg - Image placeholder background.
 * @cssprop --sf-radius - Corner radius of cards.
 */
export interface SfOrdersAttributes {
  orderHref?: string;
  statusHref?: string;
}

defineIsland<SfOrdersAttributes>({
  tag: 'sf-orders',
  attributes: { orderHref: 'string', statusHref: 'string' },
  render: ({ host, orderHref, statusHref }) => <Orders host={host} orderHref={orderHref || undefined} statusHref={statusHref || undefined} />,
});
