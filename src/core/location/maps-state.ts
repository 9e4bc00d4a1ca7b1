import { atom } from 'nanostores';
import { shared } from '../platform/registry.ts';

/**
 * Google Maps for this page: 'none' when the vendor has no `google_map_key`,
 * 'failed' with the reason when Google could not load or refused the key.
 */
export type MapsState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready' }
  | { status: 'failed'; reason: string };

export const $mapsState = shared('maps.state', () => atom<MapsState>({ status: 'none' }));
