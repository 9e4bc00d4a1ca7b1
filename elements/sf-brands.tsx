import { Brands } from '../src/features/discovery/Brands.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The vendor's brands; each links to the stores of that brand (`brand-href`, default `/brand-items/{id}`).
 *
 * @tag sf-brands
 * @attr {string} brand-href - Link template; `{id}` is replaced (base64 store id for stores, the brand id for brands).
 * @csspart base - The island's root.
 * @csspart brands - The section.
 * @csspart brand - Each entry (a link).
 */
export interface SfBrandsAttributes {
  brandHref?: string;
}

defineIsland<SfBrandsAttributes>({
  tag: 'sf-brands',
  attributes: { brandHref: 'string' },
  render: ({ brandHref }) => <Brands {...(brandHref ? { brandHref } : {})} />,
});
