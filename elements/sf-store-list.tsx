import { StoreList, StoreListSkeleton } from '../src/features/store-list/StoreList.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The stores that serve the customer's place (or the vendor's own coordinates until one is set).
 *
 * @tag sf-store-list
 * @attr {'1'|'2'} layout - '1' a list (default), '2' a grid.
 * @attr {string} store-href - Link of a store card; `{id}` is the base64 store id, `{slug}` its slug. Default `/restaurant/{id}`.
 * @attr {'true'|'false'} filters - 'true' shows the sort and filter bar (sort, cuisine, cost for two, veg, offers, open now).
 * @csspart base - The island's root.
 * @csspart list - The list of stores.
 * @csspart filters - The sort and filter bar.
 * @csspart card - A store card (a link).
 * @csspart card-image - A card's image.
 * @csspart card-name - A card's store name.
 * @csspart card-rating - A card's rating badge.
 * @csspart card-discount - A card's discount text.
 * @csspart card-overlay - The closed or scheduled overlay on a card.
 * @csspart empty - The text shown when no store serves the place.
 * @cssprop --sf-color-primary - Accent colour (vendor theme_primary_color).
 * @cssprop --sf-color-text - Text colour (vendor text_primary_color).
 * @cssprop --sf-color-text-muted - Secondary text colour.
 * @cssprop --sf-color-slider-bg - Image placeholder background.
 * @cssprop --sf-radius - Corner radius of cards.
 * @cssprop --sf-font-family - Font family.
 */
export interface SfStoreListAttributes {
  layout?: '1' | '2';
  storeHref?: string;
  /** Documented as 'true' | 'false'; typed as the text the island delivers, which the render compares. */
  filters?: string;
}

/** The element's definition (the server draws it from the same: elements/server-render.tsx). */
export const SF_STORE_LIST = defineIsland<SfStoreListAttributes>({
  tag: 'sf-store-list',
  attributes: { layout: 'string', storeHref: 'string', filters: 'string' },
  placeholder: <StoreListSkeleton />,
  render: ({ layout, storeHref, filters }) => (
    <StoreList {...(layout ? { layout } : {})} {...(storeHref ? { storeHref } : {})} showFilters={filters === '' || filters === 'true'} />
  ),
});
