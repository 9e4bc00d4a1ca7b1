import { Banners } from '../src/features/discovery/Banners.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The vendor's banners, a row the customer scrolls; a banner opens its store (or its items).
 *
 * @tag sf-banners
 * @attr {string} store-href - Link template; `{id}` is replaced (base64 store id for stores, the brand id for brands).
 * @csspart base - The island's root.
 * @csspart banners - The section.
 * @csspart banner - Each entry (a link): its picture, with its words written over it.
 * @csspart banner-words - The words' card (at the start side; the picture mirrored in right-to-left languages).
 * @csspart banner-title - The headline.
 * @csspart banner-subtitle - The line under it, when the banner has one.
 * @csspart banner-action - The call to action (the banner's own words, else "Order now").
 */
export interface SfBannersAttributes {
  storeHref?: string;
}

defineIsland<SfBannersAttributes>({
  tag: 'sf-banners',
  attributes: { storeHref: 'string' },
  render: ({ storeHref }) => <Banners {...(storeHref ? { storeHref } : {})} />,
});
