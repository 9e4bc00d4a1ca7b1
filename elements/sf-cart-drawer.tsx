import { CartDrawer } from '../src/features/cart-drawer/CartDrawer.tsx';
import { defineIsland, useOpenAttribute } from './define-island.tsx';

/**
 * The cart side panel: a modal drawer at the inline end with the cart lines (veg marker, name, options,
 * price, minus/plus, remove), Clear Cart after confirmation, and a checkout bar (item count, total, View Cart)
 * while the cart has items and the vendor's system is available. It opens when any `sf-cart-open` event
 * reaches `document` (the cart button sends one), or when `open` is set; Escape closes it and focus returns
 * to the opener. View Cart: a guest is asked to sign in; a total below the store's minimum disables it;
 * otherwise the page goes to /review-cart (the full page) or to `checkout-href`.
 *
 * @tag sf-cart-drawer
 * @attr {boolean} open - Present while the drawer is open; set or remove it to open or close the drawer.
 * @attr {string} checkout-href - The page with `<sf-checkout>` that View Cart opens when the storefront is embedded. Default `/review-cart`.
 * @prop {boolean} open - Reflects the `open` attribute.
 * @event sf-sign-in-required - A guest pressed View Cart. `detail: { reason: 'checkout' }`.
 * @event sf-checkout-start - The customer goes to the checkout. `detail: { count, total }`.
 * @event sf-cart-change - The cart changed (dispatched where the change happened, or on document). `detail: { lines, count }`.
 * @csspart base - The island's root.
 * @csspart drawer - The side panel (a native dialog).
 * @csspart title - The title with the item count.
 * @csspart clear - The Clear Cart link.
 * @csspart close - The close button.
 * @csspart lines - The list of cart lines.
 * @csspart line - One cart line.
 * @csspart empty - The empty-cart message.
 * @csspart checkout - The checkout bar.
 * @csspart total - The cart total.
 * @csspart view-cart - The View Cart button.
 * @csspart minimum - The minimum order message.
 * @csspart confirm-dialog - The Clear Cart confirmation.
 * @cssprop --sf-color-button - View Cart background.
 * @cssprop --sf-color-button-text - View Cart text.
 */
export interface SfCartDrawerAttributes {
  checkoutHref?: string;
}

/** The drawer's open state is the host's `open` attribute. */
function HostCartDrawer({ host, checkoutHref }: { host: HTMLElement; checkoutHref?: string | undefined }) {
  const [open, onOpenChange] = useOpenAttribute(host);
  return <CartDrawer host={host} open={open} onOpenChange={onOpenChange} {...(checkoutHref ? { checkoutHref } : {})} />;
}

defineIsland<SfCartDrawerAttributes>({
  tag: 'sf-cart-drawer',
  openProperty: true,
  display: 'inline',
  attributes: { checkoutHref: 'string' },
  render: ({ host, checkoutHref }) => <HostCartDrawer host={host} checkoutHref={checkoutHref} />,
});

