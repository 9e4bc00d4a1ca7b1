import { StaticPage } from '../src/features/static-page/StaticPage.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * One of the vendor's static pages, looked up by its slug in the settings' static_pages: the page's
 * name as a heading, then the page. A page on the storefront's own site is shown in a sandboxed,
 * titled frame (an origin of its own, no access to the storefront; its links open in a new tab) with a skeleton until it loads, and an
 * 'Open in a new tab' link; a page on another website is not framed and is offered as that link.
 * An unknown slug logs a warning and shows 'Page not found' with a link to the store's pages.
 *
 * @tag sf-page
 * @attr {string} slug - The static page's slug (as in pages/{page}), e.g. `about-us`.
 * @csspart base - The island's root (a page found).
 * @csspart heading - The page's name (an h2).
 * @csspart frame - The frame showing a page of this site.
 * @csspart skeleton - The placeholder until the page loads.
 * @csspart outside - The note for a page on another website.
 * @csspart open-outside - The 'Open in a new tab' link.
 * @csspart not-found - The message for an unknown slug.
 * @cssprop --sf-color-primary - Links.
 * @cssprop --sf-radius - The frame's corner radius.
 */
export interface SfPageAttributes {
  slug?: string;
}

defineIsland<SfPageAttributes>({
  tag: 'sf-page',
  display: 'block',
  attributes: { slug: 'string' },
  render: ({ slug }) => <StaticPage slug={slug ?? ''} key={slug ?? ''} />,
});
