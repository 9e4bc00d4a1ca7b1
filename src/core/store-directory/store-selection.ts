import type { VendorSettings } from '../../../contract/api/settings.ts';
import { decodeId, encodeId } from '../platform/ids.ts';
import { $restaurantId } from '../location/location.ts';

type SelectionSettings = Pick<VendorSettings, 'product_type' | 'store_selection' | 'active_restaurant'>;

/** The store modal: product type 2 with store_selection 0 makes the customer pick one store. */
export function storeChoiceRequired(settings: SelectionSettings | null): boolean {
  return !!settings && settings.product_type?.id === 2 && settings.store_selection === 0;
}

/** The forced modal opens until a store is chosen. */
export function mustChooseStore(settings: SelectionSettings | null, restaurantId: string): boolean {
  return storeChoiceRequired(settings) && decodeId(restaurantId) === null;
}

/** The header's Select store link, when the choice is required and more than one store is active. */
export function showsSelectStoreLink(settings: SelectionSettings | null): boolean {
  return storeChoiceRequired(settings) && (settings?.active_restaurant ?? 0) > 1;
}

/** Stores the chosen store base64-encoded (localStorage restaurantId). */
export function chooseStore(restaurantId: number): string {
  const encoded = encodeId(restaurantId);
  $restaurantId.set(encoded);
  return encoded;
}

export function chosenStoreId(): number | null {
  return decodeId($restaurantId.get());
}
