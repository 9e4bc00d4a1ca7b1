import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { MapsLibraries } from '../core/location/maps.ts';
import { $mapsState, type MapsState } from '../core/location/maps-state.ts';
import { $settings } from '../core/settings/settings.ts';

/**
 * Google Maps for a component: loads it when the vendor has a key; null without. The maps code itself
 * (and Google's loader) is fetched only for a vendor with a key.
 */
export function useMaps(): { libraries: MapsLibraries | null; state: MapsState } {
  const settings = useStore($settings);
  const state = useStore($mapsState);
  const [libraries, setLibraries] = useState<MapsLibraries | null>(null);
  const key = settings?.google_map_key ?? '';
  useEffect(() => {
    let live = true;
    if (key) void import('../core/location/maps.ts').then(({ loadMaps }) => loadMaps(key)).then((loaded) => live && setLibraries(loaded));
    else setLibraries(null);
    return () => {
      live = false;
    };
  }, [key]);
  return { libraries: state.status === 'failed' ? null : libraries, state };
}
