import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { encodeId } from '../../core/ids.ts';
import { $latitude, $longitude } from '../../core/location.ts';
import { $pickupDeliveryFlag } from '../../core/order-mode.ts';
import { isRouterActive, navigate } from '../../core/router.ts';
import { $moneyFormat, $settings, $settingsStatus } from '../../core/settings.ts';
import { layoutOf } from '../../core/store-card.ts';
import { $storeList, loadStores } from '../../core/stores.ts';
import { Button } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { StoreCardView } from './StoreCardView.tsx';

export interface StoreListProps {
  /** '1' list (default) or '2' grid. */
  layout?: string;
  /** Link for a store; `{id}` is the base64 store id, `{slug}` its slug. */
  storeHref?: string;
}

export const DEFAULT_STORE_HREF = '/restaurant/{id}';

export function StoreListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="grid gap-3" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className="h-28 w-full" />
      ))}
    </div>
  );
}

export function StoreList({ layout, storeHref = DEFAULT_STORE_HREF }: StoreListProps) {
  const { t } = useLingui();
  const state = useStore($storeList);
  const settings = useStore($settings);
  const settingsStatus = useStore($settingsStatus);
  const money = useStore($moneyFormat);
  const latitude = useStore($latitude);
  const longitude = useStore($longitude);
  const mode = useStore($pickupDeliveryFlag);
  const shape = layoutOf(layout);

  useEffect(() => {
    if (settings) void loadStores();
  }, [settings, latitude, longitude, mode]);

  if (settingsStatus === 'empty') {
    return <p className="m-0 p-4 text-muted"><Trans>Store not found</Trans></p>;
  }
  if (settingsStatus === 'failed' || state.status === 'failed') {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 p-4">
        <p className="m-0"><Trans>Something went wrong, Please try again.</Trans></p>
        <Button onClick={() => void loadStores()}><Trans>Retry</Trans></Button>
      </div>
    );
  }
  if (state.status === 'empty') {
    return (
      <p part="empty" className="m-0 p-4 text-muted">
        <Trans>Service not available in this area. Please change location and try again.</Trans>
      </p>
    );
  }
  if (state.status !== 'ready') return <StoreListSkeleton />;

  const scheduleAfterHours = settings?.is_enable_schedule_order_after_business_hours === 1;
  return (
    <section aria-label={t`Stores`} part="list">
      <ul className={`m-0 grid list-none gap-4 p-0 ${shape === 'grid' ? 'grid-cols-[repeat(auto-fill,minmax(15rem,1fr))]' : 'grid-cols-1'}`}>
        {state.stores.map((store) => {
          const href = storeHref.replace('{id}', encodeURIComponent(encodeId(store.restaurant_id))).replace('{slug}', encodeURIComponent(store.slug));
          return (
            <li key={store.restaurant_id}>
              <StoreCardView
                store={store}
                layout={shape}
                href={href}
                money={money}
                scheduleAfterHours={scheduleAfterHours}
                onOpen={(event) => {
                  if (!isRouterActive()) return;
                  event.preventDefault();
                  navigate(href);
                }}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
