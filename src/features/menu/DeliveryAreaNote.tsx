import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useMemo } from 'react';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import { ORDER_MESSAGES } from '../../core/cart/order-messages.ts';
import { say } from '../../core/i18n/messages.ts';
import { $latitude, $longitude } from '../../core/location/location.ts';
import { deliveryAreaState, loadDeliveryArea, type DeliveryArea } from '../../core/menu/delivery-area.ts';
import { $settings } from '../../core/settings/settings.ts';

const NO_AREA = atom<DeliveryArea>(undefined);

/**
 * For a customer who has told us their place, outside the store's delivery area (get-delivery-zone-setting):
 * that it cannot deliver to them, and that pickup can, where the vendor offers it. Nothing otherwise.
 */
export function DeliveryAreaNote({ store }: { store: RestaurantDetail }) {
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
  if (area?.delivers_here !== false) return null;
  return (
    <p part="out-of-area" role="status" className="m-0 mt-2 rounded-sf bg-red-50 px-3 py-2 text-red-800">
      {say(ORDER_MESSAGES.locationOutOfReach)}
      {settings?.is_pickup_enable === 'true' && (
        <>
          {' '}
          <Trans>You can still order for pickup.</Trans>
        </>
      )}
    </p>
  );
}
