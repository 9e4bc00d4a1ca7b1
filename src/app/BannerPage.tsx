import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { say } from '../core/i18n/messages.ts';
import { LOCATION_MESSAGES } from '../core/location/location-messages.ts';
import { $latitude, $longitude } from '../core/location/location.ts';
import { $bannerStores, loadBannerStores } from '../core/store-directory/banner-stores.ts';
import { $banners, loadBanners } from '../core/store-directory/discovery.ts';
import { StoreCardGrid } from '../features/store-list/StoreCardView.tsx';
import { StoreListSkeleton } from '../features/store-list/StoreList.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';

/** The banner-items/{banner_id} route: the stores a banner points to that serve the customer. */
export function BannerPage({ bannerId }: { bannerId: number }) {
  const state = useStore($bannerStores);
  const banners = useStore($banners);
  const latitude = useStore($latitude);
  const longitude = useStore($longitude);

  useEffect(() => {
    void loadBannerStores(bannerId);
    if ($banners.get().status === 'idle') void loadBanners();
  }, [bannerId, latitude, longitude]);

  const title = banners.status === 'ready' ? banners.value.find((banner) => banner.banner_id === bannerId)?.title : undefined;
  const mine = state.bannerId === bannerId;
  return (
    <div part="banner-stores" className="flex flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold">{title ?? <Trans>Offers and news</Trans>}</h1>
      {mine && state.status === 'failed' && <LoadFailed onRetry={() => void loadBannerStores(bannerId)} />}
      {mine && state.status === 'ready' && <StoreCardGrid stores={state.value} empty={say(LOCATION_MESSAGES.serviceNotAvailable)} />}
      {(!mine || state.status === 'loading') && <StoreListSkeleton />}
    </div>
  );
}
