import { persistentAtom } from '../platform/storage.ts';

const isText = (value: unknown): value is string => typeof value === 'string';
const isCoordinate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The customer's chosen place (localStorage latitude, longitude, address, city, state). */
export const $latitude = persistentAtom<number | null>('latitude', null, { isValid: (v): v is number | null => v === null || isCoordinate(v) });
export const $longitude = persistentAtom<number | null>('longitude', null, { isValid: (v): v is number | null => v === null || isCoordinate(v) });
export const $address = persistentAtom<string>('address', '', { isValid: isText });
export const $city = persistentAtom<string>('city', '', { isValid: isText });
export const $state = persistentAtom<string>('state', '', { isValid: isText });
/** The base64-encoded store id chosen in the store modal. */
export const $restaurantId = persistentAtom<string>('restaurantId', '', { isValid: isText });

export interface Place {
  latitude: number;
  longitude: number;
  address?: string;
  city?: string;
  state?: string;
}

export function setPlace(place: Place): void {
  $latitude.set(place.latitude);
  $longitude.set(place.longitude);
  $address.set(place.address ?? '');
  $city.set(place.city ?? '');
  $state.set(place.state ?? '');
}

/** The chosen point as the API takes it: '' for each coordinate while none is chosen. */
export function pointOrBlank(): { latitude: number | ''; longitude: number | '' } {
  return { latitude: $latitude.get() ?? '', longitude: $longitude.get() ?? '' };
}

export function currentPlace(): Place | null {
  const latitude = $latitude.get();
  const longitude = $longitude.get();
  return latitude === null || longitude === null ? null : { latitude, longitude, address: $address.get(), city: $city.get(), state: $state.get() };
}
