import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $mapsState, loadMaps, type MapsLibraries, type MapsState } from '../core/location/maps.ts';
import { $settings } from '../core/vendor/settings.ts';

/** Google Maps for a component: loads it when the vendor has a key; null without. */
export function useMaps(): { libraries: MapsLibraries | null; state: MapsState } {
  const settings = useStore($settings);
  const state = useStore($mapsState);
  const [libraries, setLibraries] = useState<MapsLibraries | null>(null);
  const key = settings?.google_map_key ?? '';
  useEffect(() => {
    let live = true;
    void loadMaps(key).then((loaded) => live && setLibraries(loaded));
    return () => {
      live = false;
    };
  }, [key]);
  return { libraries: state.status === 'failed' ? null : libraries, state };
}
