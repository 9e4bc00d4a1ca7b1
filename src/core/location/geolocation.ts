import type { VendorSettings } from '../../../contract/api/settings.ts';
import { emitHostEvent } from '../platform/host-events.ts';
import { setPlace, type Place } from './location.ts';
import { say } from '../i18n/messages.ts';
import { persistentAtom } from '../platform/storage.ts';

/** How long the device position is waited for (add-address, Detect current location). */
export const DEVICE_LOCATION_TIMEOUT_MS = 20_000;
/** The map centre when the vendor has no usable coordinates. */
export const DEFAULT_CENTRE: Coordinates = { latitude: 23, longitude: 72 };

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export type PositionFailure = 'denied' | 'unavailable';

export type PositionResult =
  | ({ ok: true } & Coordinates)
  | { ok: false; reason: PositionFailure; /** The customer-facing message, in the current language. */ message: string };

const isCoordinate = (value: unknown): value is number | null => value === null || (typeof value === 'number' && Number.isFinite(value));

/** The last device position, kept in localStorage (userCurrentlatitude, userCurrentlongitude). */
export const $userCurrentLatitude = persistentAtom<number | null>('userCurrentlatitude', null, { isValid: isCoordinate });
export const $userCurrentLongitude = persistentAtom<number | null>('userCurrentlongitude', null, { isValid: isCoordinate });

/** GeolocationPositionError codes (numbers, so a fake navigator needs no DOM class). */
const PERMISSION_DENIED = 1;

/** Denied → 'Location access denied…'; unavailable and timeout → 'Location information is unavailable.' */
export function failureOf(code: number | undefined): { reason: PositionFailure; message: string } {
  return code === PERMISSION_DENIED
    ? { reason: 'denied', message: say('locationDenied') }
    : { reason: 'unavailable', message: say('locationUnavailable') };
}

export interface PositionOptions {
  /** Default DEVICE_LOCATION_TIMEOUT_MS. */
  timeoutMs?: number;
  /** The browser's geolocation (tests pass a fake). */
  geolocation?: Pick<Geolocation, 'getCurrentPosition'> | undefined;
}

/**
 * The device position, never rejecting: a failure comes back with the customer-facing
 * message. A guard timer covers browsers that never answer (a prompt left open).
 */
export function getDevicePosition(options: PositionOptions = {}): Promise<PositionResult> {
  const timeoutMs = options.timeoutMs ?? DEVICE_LOCATION_TIMEOUT_MS;
  const geolocation = 'geolocation' in options ? options.geolocation : globalThis.navigator?.geolocation;
  return new Promise((resolve) => {
    if (!geolocation) {
      resolve({ ok: false, ...failureOf(undefined) });
      return;
    }
    let settled = false;
    const finish = (result: PositionResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      if (result.ok) {
        $userCurrentLatitude.set(result.latitude);
        $userCurrentLongitude.set(result.longitude);
      }
      resolve(result);
    };
    // The API's own timeout does not count the time a permission prompt is open.
    const guard = setTimeout(() => finish({ ok: false, ...failureOf(3) }), timeoutMs + 1000);
    try {
      geolocation.getCurrentPosition(
        (position) => finish({ ok: true, latitude: position.coords.latitude, longitude: position.coords.longitude }),
        (error) => finish({ ok: false, ...failureOf(error?.code) }),
        { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 },
      );
    } catch {
      finish({ ok: false, ...failureOf(undefined) });
    }
  });
}

/** The vendor's own coordinates (the fallback when no place is known), else the default centre 23, 72. */
export function systemCoordinates(settings: Pick<VendorSettings, 'system_latitude' | 'system_longitude'> | null | undefined): Coordinates {
  const latitude = Number(settings?.system_latitude);
  const longitude = Number(settings?.system_longitude);
  const usable = settings && settings.system_latitude !== null && settings.system_longitude !== null
    && Number.isFinite(latitude) && Number.isFinite(longitude) && !(latitude === 0 && longitude === 0);
  return usable ? { latitude, longitude } : { ...DEFAULT_CENTRE };
}

export interface Located extends Coordinates {
  source: 'device' | 'system';
  /** The message shown when the device position failed. */
  error?: string;
}

/** The device position, or on failure the system coordinates (with the message why). */
export async function positionOrFallback(
  settings: Pick<VendorSettings, 'system_latitude' | 'system_longitude'> | null | undefined,
  options: PositionOptions = {},
): Promise<Located> {
  const result = await getDevicePosition(options);
  if (result.ok) return { latitude: result.latitude, longitude: result.longitude, source: 'device' };
  return { ...systemCoordinates(settings), source: 'system', error: result.message };
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
