import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $brands, $brandStores, loadBrands, loadBrandStores } from '../core/store-directory/discovery.ts';
import { say } from '../core/i18n/messages.ts';
import { LOCATION_MESSAGES } from '../core/location/location-messages.ts';
import { $moneyFormat, $settings } from '../core/settings/settings.ts';
import { StoreCardView } from '../features/store-list/StoreCardView.tsx';
import { StoreListSkeleton } from '../features/store-list/StoreList.tsx';
import { followLink, storeLink } from '../ui/links.ts';
import { LoadFailed } from '../ui/LoadFailed.tsx';

/** The brand-items/{brand_id} route: the stores of one brand that serve the customer. */
export function BrandPage({ brandId }: { brandId: number }) {
  const state = useStore($brandStores);
  const brands = useStore($brands);
  const money = useStore($moneyFormat);
  const settings = useStore($settings);

  useEffect(() => {
    void loadBrandStores(brandId);
    if ($brands.get().status === 'idle') void loadBrands();
  }, [brandId]);

  const name = brands.status === 'ready' ? brands.value.find((brand) => brand.brand_id === brandId)?.name : undefined;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold">{name ?? <Trans>Brand</Trans>}</h1>
      {state.status === 'failed' && <LoadFailed onRetry={() => void loadBrandStores(brandId)} />}
      {state.status === 'ready' && state.brandId === brandId && state.value.length === 0 && <p className="m-0 text-muted">{say(LOCATION_MESSAGES.serviceNotAvailable)}</p>}
      {state.status === 'ready' && state.brandId === brandId && state.value.length > 0 && (
        <ul className="m-0 grid list-none grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4 p-0">
          {state.value.map((store) => (
            <li key={store.restaurant_id}>
              <StoreCardView
                store={store}
                layout="grid"
                href={storeLink('/restaurant/{id}', store.restaurant_id)}
                money={money}
                scheduleAfterHours={settings?.is_enable_schedule_order_after_business_hours === 1}
                onOpen={followLink}
              />
            </li>
          ))}
        </ul>
      )}
      {(state.status === 'idle' || state.status === 'loading') && <StoreListSkeleton />}
    </div>
  );
}
