import type { Coordinates } from './geolocation.ts';
import { $mapsState } from './maps-state.ts';
import { $locale } from '../i18n/locale.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { LOCATION_MESSAGES } from './location-messages.ts';
import { shared } from '../platform/registry.ts';
import { $settings } from '../settings/settings.ts';

/** Zoom of the address map. */
export const ADDRESS_MAP_ZOOM = 18;
/** The map is set up this long after the form opens. */
export const MAP_SETUP_DELAY_MS = 500;



/* The few parts of the Maps JavaScript API used here (the real API has many more). */
export interface LatLngLike { lat(): number; lng(): number }
export interface MapsEventListener { remove(): void }
export interface GoogleMap {
  setCenter(centre: { lat: number; lng: number }): void;
  addListener(event: string, handler: (event: { latLng?: LatLngLike | null }) => void): MapsEventListener;
}
export interface GoogleMarker {
  setPosition(position: { lat: number; lng: number }): void;
  getPosition(): LatLngLike | null | undefined;
  addListener(event: string, handler: () => void): MapsEventListener;
  setMap?(map: GoogleMap | null): void;
}
export interface Prediction { description: string; place_id: string }
interface AddressComponent { long_name: string; short_name: string; types: string[] }
interface GeocoderResult { formatted_address: string; geometry: { location: LatLngLike }; address_components?: AddressComponent[] }

export interface MapsLibraries {
  Map: new (element: HTMLElement, options: Record<string, unknown>) => GoogleMap;
  Marker: new (options: Record<string, unknown>) => GoogleMarker;
  AutocompleteService: new () => { getPlacePredictions(request: { input: string }): Promise<{ predictions: Prediction[] }> };
  Geocoder: new () => { geocode(request: Record<string, unknown>): Promise<{ results: GeocoderResult[] }> };
}

/** A place resolved by the maps service. */
export interface ResolvedPlace extends Coordinates {
  address: string;
  city: string;
  state: string;
  zip_code: string;
}

const loader = shared('maps.loader', () => ({ key: '', optionsSet: false, promise: null as Promise<MapsLibraries | null> | null }));

interface GoogleGlobal { google?: { maps?: { importLibrary?: unknown } }; gm_authFailure?: () => void }

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return /api ?key|InvalidKey|RefererNotAllowed/i.test(text) ? say(LOCATION_MESSAGES.apiKeyNotValid) : text || say(MESSAGES.somethingWentWrong);
}

async function load(key: string): Promise<MapsLibraries | null> {
  $mapsState.set({ status: 'loading' });
  const global = globalThis as unknown as GoogleGlobal;
  // Google calls this global when it refuses the key (the libraries still resolve).
  global.gm_authFailure = () => $mapsState.set({ status: 'failed', reason: say(LOCATION_MESSAGES.apiKeyNotValid) });
  try {
    // Google's loader is fetched only for a vendor with a key; it takes its options once per page.
    const { importLibrary, setOptions } = await import('@googlemaps/js-api-loader');
    if (!loader.optionsSet) setOptions({ key, v: 'weekly', language: $locale.get() });
    loader.optionsSet = true;
    const [maps, places, geocoding, marker] = await Promise.all([
      importLibrary('maps'), importLibrary('places'), importLibrary('geocoding'), importLibrary('marker'),
    ]) as unknown as [Partial<MapsLibraries>, Partial<MapsLibraries>, Partial<MapsLibraries>, Partial<MapsLibraries>];
    const libraries = { Map: maps.Map, Marker: marker.Marker, AutocompleteService: places.AutocompleteService, Geocoder: geocoding.Geocoder };
    if (!libraries.Map || !libraries.Marker || !libraries.AutocompleteService || !libraries.Geocoder) throw new Error('Google Maps libraries incomplete');
    if ($mapsState.get().status === 'loading') $mapsState.set({ status: 'ready' });
    return libraries as MapsLibraries;
  } catch (error) {
    $mapsState.set({ status: 'failed', reason: reasonOf(error) });
    loader.promise = null; // a later call may try again
    return null;
  }
}

/**
 * Loads Google Maps when the vendor has a `google_map_key`; resolves null (and
 * leaves the state 'none') without one, or null with state 'failed'.
 */
export function loadMaps(key = $settings.get()?.google_map_key ?? ''): Promise<MapsLibraries | null> {
  if (!key) {
    if ($mapsState.get().status !== 'failed') $mapsState.set({ status: 'none' });
    return Promise.resolve(null);
  }
  if (!loader.promise || loader.key !== key) {
    loader.key = key;
    loader.promise = load(key);
  }
  return loader.promise;
}

function component(components: AddressComponent[] | undefined, type: string): string {
  return components?.find((part) => part.types.includes(type))?.long_name ?? '';
}

function placeOf(result: GeocoderResult | undefined): ResolvedPlace | null {
  if (!result) return null;
  const components = result.address_components;
  return {
    latitude: result.geometry.location.lat(),
    longitude: result.geometry.location.lng(),
    address: result.formatted_address,
    city: component(components, 'locality') || component(components, 'administrative_area_level_2'),
    state: component(components, 'administrative_area_level_1'),
    zip_code: component(components, 'postal_code'),
  };
}

/** Place suggestions for typed text (the search box); [] without maps or on failure. */
export async function suggestPlaces(input: string, libraries: MapsLibraries | null): Promise<Prediction[]> {
  if (!libraries || input.trim().length < 2) return [];
  try {
    const { predictions } = await new libraries.AutocompleteService().getPlacePredictions({ input: input.trim() });
    return predictions ?? [];
  } catch {
    return []; // ZERO_RESULTS rejects in the real API
  }
}

/** A suggestion's coordinates and address parts. */
export async function resolvePrediction(prediction: Prediction, libraries: MapsLibraries): Promise<ResolvedPlace | null> {
  try {
    const { results } = await new libraries.Geocoder().geocode({ placeId: prediction.place_id });
    const place = placeOf(results[0]);
    return place ? { ...place, address: prediction.description || place.address } : null;
  } catch {
    return null;
  }
}

/** Reverse geocoding: the address at a point, or null. */
export async function reverseGeocode(point: Coordinates, libraries: MapsLibraries | null): Promise<ResolvedPlace | null> {
  if (!libraries) return null;
  try {
    const { results } = await new libraries.Geocoder().geocode({ location: { lat: point.latitude, lng: point.longitude } });
    const place = placeOf(results[0]);
    return place ? { ...place, latitude: point.latitude, longitude: point.longitude } : null;
  } catch {
    return null;
  }
}

/** Zoom of the order-tracking map, and its travel mode. */
export const TRACKING_MAP_ZOOM = 15;
export const TRACKING_TRAVEL_MODE = 'DRIVING';

/** The part of the Directions API the tracking map uses. */
export interface DirectionsLibraries {
  DirectionsService: new () => { route(request: Record<string, unknown>): Promise<unknown> };
  DirectionsRenderer: new (options: Record<string, unknown>) => { setDirections(result: unknown): void; setMap(map: GoogleMap | null): void };
}

/** The Directions library, once the maps are loaded (loadMaps); null when it cannot be had. */
export async function loadDirections(): Promise<DirectionsLibraries | null> {
  if (!loader.optionsSet) return null;
  try {
    const { importLibrary } = await import('@googlemaps/js-api-loader');
    const routes = (await importLibrary('routes')) as unknown as Partial<DirectionsLibraries>;
    return routes.DirectionsService && routes.DirectionsRenderer ? (routes as DirectionsLibraries) : null;
  } catch {
    return null;
  }
}

/** Forgets the loaded libraries (tests only). */
export function resetMapsForTests(): void {
  loader.promise = null;
  loader.key = '';
  $mapsState.set({ status: 'none' });
}
