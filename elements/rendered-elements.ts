import { FAQ_ROUTE, servedFaq } from '../src/app/served-faq.ts';
import { servedStoreList } from '../src/app/served-home.ts';
import { menuRoute, servedMenu } from '../src/app/served-menu.ts';
import type { ServedKind } from '../src/app/served-screen.ts';
import { HOME_ROUTE } from '../src/core/platform/router.ts';
import type { Route } from '../src/core/platform/routes.ts';

/** An element the server's render endpoint draws: the attributes it takes, the kind of screen it shows and its route. */
export interface RenderedElement {
  attributes: readonly string[];
  kind: ServedKind;
  /** The route the element shows, from its attributes (`attribute(name)`: the attribute's text, if any). */
  route: (attribute: (name: string) => string | null | undefined) => Route;
}

/**
 * The elements the render endpoint draws (`/render/<element>`): the server draws them from this table
 * (server-render.tsx), and the element in the browser takes its drawing over by it (served-element.ts).
 */
const RENDERED: Record<string, RenderedElement> = {
  'sf-menu': { attributes: ['store', 'slug'], kind: servedMenu, route: (attribute) => menuRoute(attribute('store'), attribute('slug')) },
  'sf-faq': { attributes: [], kind: servedFaq, route: () => FAQ_ROUTE },
  // Home's first page of stores.
  'sf-store-list': { attributes: ['layout', 'store-href', 'filters'], kind: servedStoreList, route: () => HOME_ROUTE },
};

/** The element of that name the endpoint draws (a name from a request or a page: only the table's own, never an inherited property). */
export const renderedElement = (tag: string): RenderedElement | undefined => (Object.hasOwn(RENDERED, tag) ? RENDERED[tag] : undefined);

/** The names of the elements the endpoint draws. */
export const RENDERED_TAGS = Object.keys(RENDERED);
