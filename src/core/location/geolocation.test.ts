// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../i18n/i18n.ts';
import { $userCurrentLatitude, DEVICE_LOCATION_TIMEOUT_MS, getDevicePosition, positionOrFallback } from './device-position.ts';
import { applyPlace, DEFAULT_CENTRE, initialLocationAction, systemCoordinates } from './geolocation.ts';

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number; message: string }) => void;

/** A fake navigator.geolocation answering with a position or an error code. */
function fakeGeolocation(answer: { latitude: number; longitude: number } | { code: number } | 'never') {
  const calls: Array<PositionOptions | undefined> = [];
  return {
    calls,
    getCurrentPosition(success: Success, failure: Failure, options?: PositionOptions) {
      calls.push(options);
      if (answer === 'never') return;
      setTimeout(() => ('code' in answer ? failure({ code: answer.code, message: '' }) : success({ coords: answer })), 1);
    },
  } as unknown as Geolocation & { calls: Array<PositionOptions | undefined> };
}

const DENIED = 'Location access denied. Please enable location permissions in your browser settings.';
const UNAVAILABLE = 'Location information is unavailable.';

describe('device position', () => {
  beforeAll(async () => {
    await activateLocale('en');
    expect(i18n.locale).toBe('en');
  });

  it('answers the device coordinates and remembers them (userCurrentlatitude)', async () => {
    const geolocation = fakeGeolocation({ latitude: 37.78, longitude: -122.41 });
    const result = await getDevicePosition({ geolocation });
    expect(result).toEqual({ ok: true, latitude: 37.78, longitude: -122.41 });
    expect(geolocation.calls[0]?.timeout).toBe(DEVICE_LOCATION_TIMEOUT_MS);
    expect(DEVICE_LOCATION_TIMEOUT_MS).toBe(20_000);
    expect($userCurrentLatitude.get()).toBe(37.78);
    expect(localStorage.getItem('userCurrentlatitude')).toBe('37.78');
  });

  it('maps PERMISSION_DENIED to the denied message', async () => {
    const result = await getDevicePosition({ geolocation: fakeGeolocation({ code: 1 }) });
    expect(result).toEqual({ ok: false, reason: 'denied', message: DENIED });
  });

  it('maps POSITION_UNAVAILABLE and TIMEOUT to the unavailable message', async () => {
    expect(await getDevicePosition({ geolocation: fakeGeolocation({ code: 2 }) })).toEqual({ ok: false, reason: 'unavailable', message: UNAVAILABLE });
    expect(await getDevicePosition({ geolocation: fakeGeolocation({ code: 3 }) })).toEqual({ ok: false, reason: 'unavailable', message: UNAVAILABLE });
  });

  it('treats a browser without geolocation as unavailable', async () => {
    expect(await getDevicePosition({ geolocation: undefined })).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('gives up when the browser never answers (a prompt left open)', async () => {
    vi.useFakeTimers();
    try {
      const pending = getDevicePosition({ geolocation: fakeGeolocation('never'), timeoutMs: 100 });
      await vi.advanceTimersByTimeAsync(1200);
      expect(await pending).toMatchObject({ ok: false, reason: 'unavailable' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('fallback coordinates', () => {
  it("uses the vendor's system coordinates", () => {
    expect(systemCoordinates({ system_latitude: 25.2, system_longitude: 55.27 })).toEqual({ latitude: 25.2, longitude: 55.27 });
  });

  it('uses 23, 72 without settings or coordinates', () => {
    expect(DEFAULT_CENTRE).toEqual({ latitude: 23, longitude: 72 });
    expect(systemCoordinates(null)).toEqual({ latitude: 23, longitude: 72 });
    expect(systemCoordinates({ system_latitude: 0, system_longitude: 0 })).toEqual({ latitude: 23, longitude: 72 });
    expect(systemCoordinates({ system_latitude: Number.NaN, system_longitude: 5 })).toEqual({ latitude: 23, longitude: 72 });
  });

  it('falls back to the system coordinates with the reason when the device fails', async () => {
    const settings = { system_latitude: 37.77, system_longitude: -122.42 };
    expect(await positionOrFallback(settings, { geolocation: fakeGeolocation({ code: 1 }) }))
      .toEqual({ latitude: 37.77, longitude: -122.42, source: 'system', error: DENIED });
    expect(await positionOrFallback(settings, { geolocation: fakeGeolocation({ latitude: 1, longitude: 2 }) }))
      .toEqual({ latitude: 1, longitude: 2, source: 'device' });
  });
});

describe('what happens when no place is stored', () => {
  const food = { is_system_available: 1, product_type: { id: 1, name: 'Food' }, store_selection: 1 };
  const grocery = { is_system_available: 1, product_type: { id: 2, name: 'Grocery' }, store_selection: 0 };
  it('does nothing when a place is stored or the system is unavailable', () => {
    expect(initialLocationAction({ hasLocation: true, settings: grocery, search: '', autoOpen: true })).toBe('none');
    expect(initialLocationAction({ hasLocation: false, settings: { ...food, is_system_available: 0 }, search: '', autoOpen: true })).toBe('none');
  });
  it('uses the system coordinates with preview=true', () => {
    expect(initialLocationAction({ hasLocation: false, settings: grocery, search: '?x=1&preview=true', autoOpen: true })).toBe('system');
  });
  it('asks the device for product type 2 with store_selection 0', () => {
    expect(initialLocationAction({ hasLocation: false, settings: grocery, search: '', autoOpen: false })).toBe('device');
  });
  it('opens the modal only when auto-open is set', () => {
    expect(initialLocationAction({ hasLocation: false, settings: food, search: '', autoOpen: true })).toBe('open');
    expect(initialLocationAction({ hasLocation: false, settings: food, search: '', autoOpen: false })).toBe('none');
  });
  it('applyPlace stores the place and tells the host page', () => {
    const seen: unknown[] = [];
    document.addEventListener('sf-location-change', (event) => seen.push((event as CustomEvent).detail), { once: true });
    applyPlace({ latitude: 1.5, longitude: 2.5, address: 'Here' });
    expect(seen).toEqual([{ latitude: 1.5, longitude: 2.5, address: 'Here' }]);
    expect(localStorage.getItem('latitude')).toBe('1.5');
  });
});
