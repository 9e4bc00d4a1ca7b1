import { Menu, MenuSkeleton } from '../src/features/menu/Menu.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * A store's menu (the pages restaurant/{restaurant_id} and vendor/{restaurant_name}): the store header
 * (name, cuisines, rating, delivery time, minimum order), a sticky bar with a menu search and the
 * category links (scroll-spy), and the items with their veg/non-veg marker, price and Add button.
 * Items with option groups open a customisation dialog (rules per group, quantity, running total).
 * Adding puts a line into the shared cart, so every `<sf-cart-button>` on the page updates; one cart
 * holds one store's items, and adding from another store asks before clearing it. A closed store
 * says so and disables adding unless it takes scheduled orders; an unknown store shows 'Store not found'.
 * Long menus are windowed: only the rows near the viewport are in the DOM. Given 900 px or more of its own
 * width, the categories stand in a rail at the start and the shared cart (its lines, subtotal and
 * Checkout) beside the items at the end, both in view while the menu scrolls; items go two to a row
 * where they fit.
 *
 * @tag sf-menu
 * @attr {string} store - The store's id, base64-encoded as in the route restaurant/{restaurant_id} (e.g. `MQ==` for store 1). Wins over `slug`.
 * @attr {string} slug - The store's slug, as in the route vendor/{restaurant_name} (e.g. `golden-gate-pizzeria`).
 * @event sf-cart-change - An item was added to the cart (dispatched from this element). `detail: { lines, count }`.
 * @event {CustomEvent<null>} sf-cart-open - Checkout beside a wide menu asks the page's cart drawer to open (no detail).
 * @event sf-checkout-start - Checkout beside a wide menu was pressed with a cart that can go on. `detail: { count, total }`.
 * @event sf-sign-in-required - A guest pressed Checkout beside a wide menu. `detail: { reason: 'checkout' }`.
 * @csspart base - The island's root.
 * @csspart menu - The menu section; given 900 px or more it also has `menu-wide`: the categories in a rail at the start, the cart beside the items at the end, items two to a row where they fit.
 * @csspart header - The store header.
 * @csspart store-name - The store's name.
 * @csspart rating - The rating badge.
 * @csspart minimum-order - The minimum order amount.
 * @csspart closed-notice - 'Restaurant is currently off, Please try after some time'.
 * @csspart category-bar - The sticky bar with the search box and the category links (on a wide menu, the rail).
 * @csspart search - The menu search box.
 * @csspart category-link - A category link; the one in view also has `category-link-active`.
 * @csspart category-title - A category's heading in the list.
 * @csspart items - The (windowed) list of categories and items.
 * @csspart item - An item row; unavailable ones also have `item-unavailable`.
 * @csspart item-name - An item's name.
 * @csspart item-description - An item's description.
 * @csspart item-price - An item's price (with the struck-through MRP when higher).
 * @csspart item-image - An item's image.
 * @csspart marker - The veg/non-veg marker (also `marker-veg` or `marker-nonveg`).
 * @csspart add-button - An item's Add (or 'Not available') button.
 * @csspart empty - 'No items match …' when the search finds nothing.
 * @csspart not-found - 'Store not found'.
 * @csspart error - The failure message with Retry.
 * @csspart customise-dialog - The customisation dialog.
 * @csspart option-group - An option group (a fieldset) in the dialog.
 * @csspart option-group-message - What a group still needs before adding.
 * @csspart quantity - The quantity stepper in the dialog.
 * @csspart total - The running total in the dialog.
 * @csspart confirm-button - The dialog's 'Add to cart' button.
 * @csspart replace-cart-dialog - The dialog asking to clear another store's cart.
 * @csspart cart-beside - The cart beside a wide menu (its lines, subtotal and Checkout), in view while the menu scrolls.
 * @csspart cart-beside-empty - 'Your cart is empty. Add items from the menu.'
 * @csspart cart-beside-lines - Its lines.
 * @csspart cart-beside-line - One line: quantity, name and price.
 * @csspart cart-beside-subtotal - The subtotal and the number of items.
 * @csspart cart-beside-minimum - The store's minimum, when the cart is below it.
 * @csspart cart-beside-checkout - Checkout: review-cart on the full page, the page's cart drawer embedded (`sf-cart-open`).
 * @cssprop --sf-menu-sticky-top - Where the sticky category bar stops, e.g. below the host page's own fixed header. Default `0px`.
 * @cssprop --sf-color-primary - Accent colour (vendor theme_primary_color).
 * @cssprop --sf-color-button - Button background (vendor button_primary_color).
 * @cssprop --sf-color-button-text - Button text.
 * @cssprop --sf-color-text - Text colour (vendor text_primary_color).
 * @cssprop --sf-color-text-muted - Secondary text colour.
 * @cssprop --sf-color-slider-bg - Image placeholder background.
 * @cssprop --sf-radius - Corner radius.
 * @cssprop --sf-font-family - Font family.
 */
export interface SfMenuAttributes {
  store?: string;
  slug?: string;
}

/** The element's definition (the server draws it from the same: elements/server-render.tsx). */
export const SF_MENU = defineIsland<SfMenuAttributes>({
  tag: 'sf-menu',
  attributes: { store: 'string', slug: 'string' },
  placeholder: <MenuSkeleton />,
  render: ({ host, store, slug }) => <Menu host={host} {...(store ? { store } : {})} {...(slug ? { slug } : {})} />,
});
