import { Search } from '../src/features/search/Search.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * Search over the stores and items that serve the customer's place, as they type.
 *
 * @tag sf-search
 * @attr {string} store-href - Link of a result; `{id}` is the base64 store id, `{slug}` its slug. Default `/restaurant/{id}`.
 * @csspart base - The island's root.
 * @csspart search - The search box and results.
 * @csspart input - The search box.
 * @csspart result - A store or item result (a link).
 * @cssprop --sf-color-primary - Focus colour.
 */
export interface SfSearchAttributes {
  storeHref?: string;
}

defineIsland<SfSearchAttributes>({
  tag: 'sf-search',
  attributes: { storeHref: 'string' },
  render: ({ storeHref }) => <Search {...(storeHref ? { storeHref } : {})} />,
});
