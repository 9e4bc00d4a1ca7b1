import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $brands, $brandStores, loadBrands, loadBrandStores } from '../core/store-directory/discovery.ts';
import { say } from '../core/i18n/messages.ts';
import { LOCATION_MESSAGES } from '../core/location/location-messages.ts';
import { StoreCardGrid } from '../features/store-list/StoreCardView.tsx';
import { StoreListSkeleton } from '../features/store-list/StoreList.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';

/** The brand-items/{brand_id} route: the stores of one brand that serve the customer. */
export function BrandPage({ brandId }: { brandId: number }) {
  const state = useStore($brandStores);
  const brands = useStore($brands);

  useEffect(() => {
    void loadBrandStores(brandId);
    if ($brands.get().status === 'idle') void loadBrands();
  }, [brandId]);

  const name = brands.status === 'ready' ? brands.value.find((brand) => brand.brand_id === brandId)?.name : undefined;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold">{name ?? <Trans>Brand</Trans>}</h1>
      {state.status === 'failed' && <LoadFailed onRetry={() => void loadBrandStores(brandId)} />}
      {state.status === 'ready' && state.brandId === brandId && <StoreCardGrid stores={state.value} empty={say(LOCATION_MESSAGES.serviceNotAvailable)} />}
      {(state.status === 'idle' || state.status === 'loading') && <StoreListSkeleton />}
    </div>
  );
}
