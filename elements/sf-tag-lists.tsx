import { TagLists } from '../src/features/discovery/TagLists.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * Items near the customer grouped by tag (Bestseller, New, Spicy, …), each linking to its store's menu.
 *
 * @tag sf-tag-lists
 * @attr {string} store-href - Link template; `{id}` is replaced (base64 store id for stores, the brand id for brands).
 * @csspart base - The island's root.
 * @csspart tag-list - The section.
 * @csspart tag-item - Each entry (a link).
 */
export interface SfTagListsAttributes {
  storeHref?: string;
}

defineIsland<SfTagListsAttributes>({
  tag: 'sf-tag-lists',
  attributes: { storeHref: 'string' },
  render: ({ storeHref }) => <TagLists {...(storeHref ? { storeHref } : {})} />,
});
