import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { assetUrl } from '../../core/platform/config.ts';
import { $brands, loadBrands } from '../../core/store-directory/discovery.ts';
import { followLink } from '../../ui/links.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';

/** The vendor's brands; each opens the stores of that brand (route brand-items/{brand_id}). */
export function Brands({ brandHref = '/brand-items/{id}' }: { brandHref?: string }) {
  const { t } = useLingui();
  const state = useStore($brands);

  useEffect(() => {
    if (state.status === 'idle') void loadBrands();
  }, [state.status]);

  // While loading, the section's room (heading and a row of logos) is kept so the page below stays put.
  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <div className="mb-6">
        <Skeleton label={t`Brands`} className="mb-3 h-7 w-24" />
        <Skeleton label={false} className="h-[92px] w-full" />
      </div>
    );
  }
  if (state.status !== 'ready' || state.value.length === 0) return null;
  return (
    <section aria-label={t`Brands`} part="brands" className="mb-6">
      <h2 className="m-0 mb-3 text-lg font-semibold"><Trans>Brands</Trans></h2>
      <ul className="m-0 flex list-none gap-4 overflow-x-auto p-0">
        {state.value.map((brand) => {
          const href = brandHref.replace('{id}', String(brand.brand_id));
          return (
            <li key={brand.brand_id} className="shrink-0">
              <a href={href} onClick={(event) => followLink(event, href)} part="brand" className="flex w-24 flex-col items-center gap-2 text-center text-sm text-ink no-underline">
                <img src={assetUrl(brand.image)} alt="" className="h-16 w-16 rounded-full bg-white object-contain ring-1 ring-black/10" decoding="async" />
                <span>{brand.name}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
