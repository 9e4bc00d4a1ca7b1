import { atom, type WritableAtom } from 'nanostores';
import type { DeliveryZoneSetting } from '../../../contract/api/stores.ts';
import { callApi } from '../api/client.ts';
import { shared } from '../platform/registry.ts';

/** Where a store delivers, for the customer's place (get-delivery-zone-setting); undefined until known. */
export type DeliveryArea = DeliveryZoneSetting | undefined;

const areas = shared('menu.deliveryAreas', () => new Map<string, WritableAtom<DeliveryArea>>());

const keyOf = (restaurantId: number, point: { latitude: number; longitude: number }) =>
  `${restaurantId}@${point.latitude.toFixed(5)},${point.longitude.toFixed(5)}`;

/** The delivery area of a store for a place (the same atom for every island asking). */
export function deliveryAreaState(restaurantId: number, point: { latitude: number; longitude: number }): WritableAtom<DeliveryArea> {
  const key = keyOf(restaurantId, point);
  let found = areas.get(key);
  if (!found) {
    found = atom<DeliveryArea>(undefined);
    areas.set(key, found);
  }
  return found;
}

const asking = shared('menu.deliveryAreasAsking', () => new Map<string, Promise<void>>());

/** Asks once (one request at a time, however many islands ask) whether the store delivers to the place; a failure leaves it unknown (nothing is said). */
export function loadDeliveryArea(restaurantId: number, point: { latitude: number; longitude: number }): Promise<void> {
  const $area = deliveryAreaState(restaurantId, point);
  const key = keyOf(restaurantId, point);
  if ($area.get() !== undefined) return Promise.resolve();
  const running = asking.get(key);
  if (running) return running;
  const ask = callApi('get-delivery-zone-setting', { restaurant_id: restaurantId, ...point })
    .then((answer) => {
      if (answer.code === 200 && answer.Result) $area.set(answer.Result);
    })
    // Unknown: the store's page says nothing of its area.
    .catch(() => undefined)
    .finally(() => asking.delete(key));
  asking.set(key, ask);
  return ask;
}
