import type { VendorSettings } from '../../../contract/api/settings.ts';
import { say } from '../i18n/messages.ts';
import { persistentAtom } from '../platform/storage.ts';
import { systemCoordinates, type Coordinates } from './geolocation.ts';
import { LOCATION_MESSAGES } from './location-messages.ts';

/**
 * The device's position (the browser's geolocation): asked for when the customer taps Detect current
 * location or adds an address, so pages load it then (the location picker imports it on demand).
 */

/** How long the device position is waited for (add-address, Detect current location). */
export const DEVICE_LOCATION_TIMEOUT_MS = 20_000;

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
    ? { reason: 'denied', message: say(LOCATION_MESSAGES.locationDenied) }
    : { reason: 'unavailable', message: say(LOCATION_MESSAGES.locationUnavailable) };
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
