import type { VendorSettings } from '../../../contract/api/settings.ts';
import { emitHostEvent } from '../platform/host-events.ts';
import { setPlace, type Place } from './location.ts';

/** The map centre when the vendor has no usable coordinates. */
export const DEFAULT_CENTRE: Coordinates = { latitude: 23, longitude: 72 };

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The vendor's own coordinates (the fallback when no place is known), else the default centre 23, 72. */
export function systemCoordinates(settings: Pick<VendorSettings, 'system_latitude' | 'system_longitude'> | null | undefined): Coordinates {
  const latitude = Number(settings?.system_latitude);
  const longitude = Number(settings?.system_longitude);
  const usable = settings && settings.system_latitude !== null && settings.system_longitude !== null
    && Number.isFinite(latitude) && Number.isFinite(longitude) && !(latitude === 0 && longitude === 0);
  return usable ? { latitude, longitude } : { ...DEFAULT_CENTRE };
}

/** Stores the customer's place and tells the host page (`sf-location-change`). */
export function applyPlace(place: Place, origin?: EventTarget | null): void {
  setPlace(place);
  emitHostEvent('sf-location-change', { latitude: place.latitude, longitude: place.longitude, address: place.address ?? '' }, origin);
}

export type InitialLocationAction = 'none' | 'system' | 'device' | 'open';

export interface InitialLocationInput {
  hasLocation: boolean;
  settings: Pick<VendorSettings, 'is_system_available' | 'product_type' | 'store_selection'> | null;
  /** The page URL's search part (`?preview=true`). */
  search: string;
  /** The element asks to open the modal when no place is stored. */
  autoOpen: boolean;
}

/**
 * When no place is stored and the system is available: preview=true
 * uses the system coordinates; product type 2 with store_selection 0 asks the
 * device; otherwise the location modal opens (here: when `auto-open` is set).
 */
export function initialLocationAction({ hasLocation, settings, search, autoOpen }: InitialLocationInput): InitialLocationAction {
  if (hasLocation || !settings || settings.is_system_available !== 1) return 'none';
  if (new URLSearchParams(search).get('preview') === 'true') return 'system';
  if (settings.product_type?.id === 2 && settings.store_selection === 0) return 'device';
  return autoOpen ? 'open' : 'none';
}
