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

/** Asks once whether the store delivers to the place and how far it is; a failure leaves it unknown (nothing is said). */
export async function loadDeliveryArea(restaurantId: number, point: { latitude: number; longitude: number }): Promise<void> {
  const $area = deliveryAreaState(restaurantId, point);
  if ($area.get() !== undefined) return;
  try {
    const answer = await callApi('get-delivery-zone-setting', { restaurant_id: restaurantId, ...point });
    if (answer.code === 200 && answer.Result) $area.set(answer.Result);
  } catch {
    // Unknown: the store's page says nothing of its area.
  }
}
