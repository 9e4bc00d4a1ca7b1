import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { Coordinates } from '../core/location/geolocation.ts';
import { ADDRESS_MAP_ZOOM, MAP_SETUP_DELAY_MS, type GoogleMap, type GoogleMarker, type MapsLibraries } from '../core/location/maps.ts';

/** The map with a draggable marker; clicking the map moves it too. */
export function AddressMap({ libraries, centre, onPick }: { libraries: MapsLibraries; centre: Coordinates; onPick: (point: Coordinates) => void }) {
  const { t } = useLingui();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<{ map: GoogleMap; marker: GoogleMarker } | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    // The map is set up 500 ms after the form opens.
    const timer = setTimeout(() => {
      if (!element.current || map.current) return;
      const position = { lat: centre.latitude, lng: centre.longitude };
      const created = new libraries.Map(element.current, { center: position, zoom: ADDRESS_MAP_ZOOM, streetViewControl: false, mapTypeControl: false });
      const marker = new libraries.Marker({ map: created, position, draggable: true });
      marker.addListener('dragend', () => {
        const at = marker.getPosition();
        if (at) pick.current({ latitude: at.lat(), longitude: at.lng() });
      });
      created.addListener('click', (event) => {
        if (!event.latLng) return;
        marker.setPosition({ lat: event.latLng.lat(), lng: event.latLng.lng() });
        pick.current({ latitude: event.latLng.lat(), longitude: event.latLng.lng() });
      });
      map.current = { map: created, marker };
    }, MAP_SETUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [libraries]);

  useEffect(() => {
    const position = { lat: centre.latitude, lng: centre.longitude };
    map.current?.map.setCenter(position);
    map.current?.marker.setPosition(position);
  }, [centre.latitude, centre.longitude]);

  return <div ref={element} part="map" role="application" aria-label={t`Map: click or drag the pin to your address`} className="h-64 w-full rounded-sf bg-slider" data-centre={`${centre.latitude},${centre.longitude}`} />;
}

