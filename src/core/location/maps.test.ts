// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../i18n/i18n.ts';
import { loadMaps, resetMapsForTests, resolvePrediction, reverseGeocode, suggestPlaces, type MapsLibraries } from './maps.ts';
import { $mapsState } from './maps-state.ts';

const latLng = (lat: number, lng: number) => ({ lat: () => lat, lng: () => lng });

/** Fake Maps libraries: what `google.maps.importLibrary` resolves in tests (nothing reaches the internet). */
function fakeGoogle() {
  const geocodeCalls: Array<Record<string, unknown>> = [];
  class Geocoder {
    async geocode(request: Record<string, unknown>) {
      geocodeCalls.push(request);
      return {
        results: [{
          formatted_address: '1 Market St, San Francisco, CA 94105, USA',
          geometry: { location: latLng(37.7936, -122.3951) },
          address_components: [
            { long_name: 'San Francisco', short_name: 'SF', types: ['locality'] },
            { long_name: 'California', short_name: 'CA', types: ['administrative_area_level_1'] },
            { long_name: '94105', short_name: '94105', types: ['postal_code'] },
          ],
        }],
      };
    }
  }
  class AutocompleteService {
    async getPlacePredictions({ input }: { input: string }) {
      return { predictions: [{ description: `${input} Street, San Francisco`, place_id: 'p1' }] };
    }
  }
  class Map {}
  class Marker {}
  const importLibrary = vi.fn(async (name: string) => ({ maps: { Map }, places: { AutocompleteService }, geocoding: { Geocoder }, marker: { Marker } })[name]);
  (globalThis as unknown as { google: unknown }).google = { maps: { importLibrary } };
  return { importLibrary, geocodeCalls };
}

describe('Google Maps loading', () => {
  beforeAll(() => activateLocale('en'));
  afterEach(() => {
    resetMapsForTests();
    delete (globalThis as unknown as { google?: unknown }).google;
  });

  it("stays 'none' and loads nothing without a maps key", async () => {
    const { importLibrary } = fakeGoogle();
    expect(await loadMaps('')).toBe(null);
    expect($mapsState.get()).toEqual({ status: 'none' });
    expect(importLibrary).not.toHaveBeenCalled();
    expect(document.querySelector('script[src*="maps.googleapis.com"]')).toBe(null);
  });

  it("loads the four libraries once through importLibrary and becomes 'ready'", async () => {
    const { importLibrary } = fakeGoogle();
    const loading = loadMaps('test-key');
    expect($mapsState.get()).toEqual({ status: 'loading' });
    const libraries = await loading;
    expect(libraries?.Geocoder).toBeTypeOf('function');
    expect($mapsState.get()).toEqual({ status: 'ready' });
    expect(importLibrary.mock.calls.map(([name]) => name).sort()).toEqual(['geocoding', 'maps', 'marker', 'places']);
    await loadMaps('test-key');
    expect(importLibrary).toHaveBeenCalledTimes(4);
    expect(document.querySelector('script[src*="maps.googleapis.com"]')).toBe(null);
  });

  it("fails with 'API key not valid…' when Google refuses the key", async () => {
    fakeGoogle();
    await loadMaps('bad-key');
    (globalThis as unknown as { gm_authFailure: () => void }).gm_authFailure();
    expect($mapsState.get()).toEqual({ status: 'failed', reason: 'API key not valid. Please pass a valid API key.' });
  });

  it("fails with the reason when a library cannot load", async () => {
    (globalThis as unknown as { google: unknown }).google = {
      maps: { importLibrary: () => Promise.reject(new Error('The Google Maps JavaScript API could not load.')) },
    };
    expect(await loadMaps('key')).toBe(null);
    expect($mapsState.get()).toEqual({ status: 'failed', reason: 'The Google Maps JavaScript API could not load.' });
  });

  it('suggests places, resolves a suggestion and reverse-geocodes a point', async () => {
    const { geocodeCalls } = fakeGoogle();
    const libraries = (await loadMaps('key')) as MapsLibraries;
    expect(await suggestPlaces('M', libraries)).toEqual([]); // too short
    const [prediction] = await suggestPlaces('Market', libraries);
    expect(prediction).toEqual({ description: 'Market Street, San Francisco', place_id: 'p1' });
    expect(await resolvePrediction(prediction!, libraries)).toEqual({
      latitude: 37.7936, longitude: -122.3951, address: 'Market Street, San Francisco', city: 'San Francisco', state: 'California', zip_code: '94105',
    });
    expect(geocodeCalls[0]).toEqual({ placeId: 'p1' });
    const place = await reverseGeocode({ latitude: 37.79, longitude: -122.39 }, libraries);
    expect(place).toMatchObject({ latitude: 37.79, longitude: -122.39, address: '1 Market St, San Francisco, CA 94105, USA' });
    expect(geocodeCalls[1]).toEqual({ location: { lat: 37.79, lng: -122.39 } });
    expect(await reverseGeocode({ latitude: 1, longitude: 2 }, null)).toBe(null);
    expect(await suggestPlaces('Market', null)).toEqual([]);
  });
});
