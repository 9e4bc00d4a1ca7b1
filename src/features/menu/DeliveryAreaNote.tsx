import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useMemo } from 'react';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import { ORDER_MESSAGES } from '../../core/cart/order-messages.ts';
import { say } from '../../core/i18n/messages.ts';
import { formatNumber, type MoneyFormat } from '../../core/i18n/money.ts';
import { $latitude, $longitude } from '../../core/location/location.ts';
import { deliveryAreaState, loadDeliveryArea, type DeliveryArea } from '../../core/menu/delivery-area.ts';
import { $settings } from '../../core/settings/settings.ts';

const NO_AREA = atom<DeliveryArea>(undefined);

/**
 * Where the store delivers, for a customer who has told us their place: how far it delivers and how far
 * they are; and, when they are outside its area, that it cannot deliver to them (and that pickup can).
 */
export function DeliveryAreaNote({ store, money }: { store: RestaurantDetail; money: MoneyFormat }) {
  const { t } = useLingui();
  const latitude = useStore($latitude);
  const longitude = useStore($longitude);
  const settings = useStore($settings);
  const $area = useMemo(
    () => (latitude === null || longitude === null ? NO_AREA : deliveryAreaState(store.restaurant_id, { latitude, longitude })),
    [store.restaurant_id, latitude, longitude],
  );
  const area = useStore($area);
  useEffect(() => {
    if (latitude !== null && longitude !== null) void loadDeliveryArea(store.restaurant_id, { latitude, longitude });
  }, [store.restaurant_id, latitude, longitude]);
  if (!area) return null;
  const km = (value: number) => formatNumber(value, money.locale, 0, 1);
  const reach = area.kind === 'radius' ? t`Delivers within ${km(area.radius_km)} km` : t`Delivers within its own area`;
  const distance = area.distance_km === null ? '' : t`${km(area.distance_km)} km from you`;
  return (
    <>
      <span part="delivery-area">{distance ? `${reach} · ${distance}` : reach}</span>
      {area.delivers_here === false && (
        <span part="out-of-area" role="status" className="basis-full font-medium text-red-800">
          {say(ORDER_MESSAGES.locationOutOfReach)}
          {settings?.is_pickup_enable === 'true' && (
            <>
              {' '}
              <Trans>You can still order for pickup.</Trans>
            </>
          )}
        </span>
      )}
    </>
  );
}
