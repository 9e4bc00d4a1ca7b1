/**
 * Fakes for the location and tracking element tests (browser side): a controllable
 * navigator.geolocation and a Google Maps stand-in behind
 * `google.maps.importLibrary` (no script is added, nothing reaches Google).
 */
import { waitUntil } from '@open-wc/testing';
import { sharedStore } from './element-state.ts';

export type GeoAnswer = { latitude: number; longitude: number } | { code: 1 | 2 | 3 } | 'never';

/** Makes navigator.geolocation answer `answer` from now on; returns the calls' options. */
export function fakeGeolocation(answer: GeoAnswer): Array<PositionOptions | undefined> {
  const calls: Array<PositionOptions | undefined> = [];
  Object.defineProperty(navigator.geolocation, 'getCurrentPosition', {
    configurable: true,
    writable: true,
    value: (success: PositionCallback, failure: PositionErrorCallback, options?: PositionOptions) => {
      calls.push(options);
      if (answer === 'never') return;
      setTimeout(() => {
        if ('code' in answer) failure({ code: answer.code, message: 'fake' } as GeolocationPositionError);
        else success({ coords: { latitude: answer.latitude, longitude: answer.longitude } } as GeolocationPosition);
      }, 5);
    },
  });
  return calls;
}

const latLng = (lat: number, lng: number) => ({ lat: () => lat, lng: () => lng });

export interface FakeMaps {
  maps: Array<{ element: HTMLElement; options: Record<string, unknown>; centre: { lat: number; lng: number } }>;
  markers: Array<{ options: Record<string, unknown>; position: { lat: number; lng: number } }>;
  /** The directions asked for (the tracking map). */
  directions: Array<Record<string, unknown>>;
  clickMap(lat: number, lng: number): void;
  importLibrary: (name: string) => Promise<unknown>;
}

/** Installs a fake `google.maps.importLibrary` with Map, Marker, AutocompleteService and Geocoder. */
export function installFakeGoogleMaps(): FakeMaps {
  const fake: FakeMaps = { maps: [], markers: [], directions: [], clickMap: () => {}, importLibrary: async () => ({}) };
  class Map {
    centre: { lat: number; lng: number };
    listeners: Record<string, (event: { latLng?: ReturnType<typeof latLng> }) => void> = {};
    constructor(element: HTMLElement, options: Record<string, unknown>) {
      this.centre = options.center as { lat: number; lng: number };
      fake.maps.push({ element, options, centre: this.centre });
      element.setAttribute('data-fake-map', 'true');
      fake.clickMap = (lat, lng) => this.listeners.click?.({ latLng: latLng(lat, lng) });
    }
    setCenter(centre: { lat: number; lng: number }) {
      fake.maps[fake.maps.length - 1]!.centre = centre;
    }
    addListener(event: string, handler: (event: { latLng?: ReturnType<typeof latLng> }) => void) {
      this.listeners[event] = handler;
      return { remove() {} };
    }
  }
  class Marker {
    position: { lat: number; lng: number };
    record: { options: Record<string, unknown>; position: { lat: number; lng: number } };
    constructor(options: Record<string, unknown>) {
      this.position = options.position as { lat: number; lng: number };
      this.record = { options, position: this.position };
      fake.markers.push(this.record);
    }
    setPosition(position: { lat: number; lng: number }) {
      this.position = position;
      this.record.position = position;
    }
    getPosition() {
      return latLng(this.position.lat, this.position.lng);
    }
    addListener() {
      return { remove() {} };
    }
  }
  class AutocompleteService {
    async getPlacePredictions({ input }: { input: string }) {
      return { predictions: [{ description: `${input} Plaza, San Francisco, CA`, place_id: 'fake-place' }] };
    }
  }
  class Geocoder {
    async geocode(request: { placeId?: string; location?: { lat: number; lng: number } }) {
      const at = request.location ?? { lat: 37.7936, lng: -122.3951 };
      return {
        results: [{
          formatted_address: request.placeId ? 'Market Plaza, San Francisco, CA' : `Pinned ${at.lat.toFixed(4)}, ${at.lng.toFixed(4)}, San Francisco`,
          geometry: { location: latLng(at.lat, at.lng) },
          address_components: [
            { long_name: 'San Francisco', short_name: 'SF', types: ['locality'] },
            { long_name: 'California', short_name: 'CA', types: ['administrative_area_level_1'] },
          ],
        }],
      };
    }
  }
  class DirectionsService {
    async route(request: Record<string, unknown>) {
      fake.directions.push(request);
      return { routes: [] };
    }
  }
  class DirectionsRenderer {
    setDirections() {}
    setMap() {}
  }
  const libraries: Record<string, unknown> = {
    maps: { Map }, marker: { Marker }, places: { AutocompleteService }, geocoding: { Geocoder }, routes: { DirectionsService, DirectionsRenderer },
  };
  fake.importLibrary = async (name: string) => libraries[name];
  (window as unknown as { google: unknown }).google = { maps: { importLibrary: fake.importLibrary } };
  return fake;
}

/** Gives the vendor a maps key in this page's settings (the demo vendors have none). */
export async function withMapsKey(key = 'test-key'): Promise<void> {
  const settings = sharedStore<Record<string, unknown> | null>('settings');
  await waitUntil(() => settings.get() !== null, 'settings never loaded', { timeout: 15_000 });
  settings.set({ ...settings.get()!, google_map_key: key });
}
