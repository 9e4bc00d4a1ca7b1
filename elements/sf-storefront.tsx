import { prepareServedPage, Storefront } from '../src/app/Storefront.tsx';
import { defineIsland } from './define-island.tsx';
import { takeOverServed } from './served-island.ts';

/**
 * The whole storefront as one page (full-page mode): header, every page of the storefront as a route in history mode, footer.
 * It owns the document: it sets the page title, description, keywords, favicon, `lang` and `dir`.
 *
 * @tag sf-storefront
 * @attr {'1'|'2'} layout - Store layout on home: '1' list, '2' grid (default).
 * @event sf-ready - Vendor settings loaded. `detail: { vendorId, appName }` (`vendorId` null for an unknown host).
 * @csspart base - The island's root.
 * @csspart header - The top bar.
 * @csspart app-status - The installed app's line at the foot of the window: offline, what is shown from earlier, a new version to reload into (on the vendor's host only).
 * @csspart main - The page content.
 * @csspart footer - The footer.
 * @cssprop --sf-color-footer-bg - Footer background (vendor footer_background_color).
 * @cssprop --sf-color-footer-text - Footer text colour.
 */
export interface SfStorefrontAttributes {
  layout?: '1' | '2';
}

defineIsland<SfStorefrontAttributes>({
  tag: 'sf-storefront',
  attributes: { layout: 'string' },
  render: ({ host, layout }) => <Storefront host={host} {...(layout ? { layout } : {})} />,
  takeOver: takeOverServed(prepareServedPage),
});
