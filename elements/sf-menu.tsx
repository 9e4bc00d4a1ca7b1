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
 * Long menus are windowed: only the rows near the viewport are in the DOM.
 *
 * @tag sf-menu
 * @attr {string} store - The store's id, base64-encoded as in the route restaurant/{restaurant_id} (e.g. `MQ==` for store 1). Wins over `slug`.
 * @attr {string} slug - The store's slug, as in the route vendor/{restaurant_name} (e.g. `golden-gate-pizzeria`).
 * @event sf-cart-change - An item was added to the cart (dispatched from this element). `detail: { lines, count }`.
 * @csspart base - The island's root.
 * @csspart menu - The menu section.
 * @csspart header - The store header.
 * @csspart store-name - The store's name.
 * @csspart rating - The rating badge.
 * @csspart minimum-order - The minimum order amount.
 * @csspart closed-notice - 'Restaurant is currently off, Please try after some time'.
 * @csspart category-bar - The sticky bar with the search box and the category links.
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
