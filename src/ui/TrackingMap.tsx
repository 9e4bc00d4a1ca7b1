import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef } from 'react';
import type { OrderTracking } from '../../contract/api/tracking.ts';
import type { GeoPoint } from '../../contract/rules/geo.ts';
import { loadDirections, TRACKING_MAP_ZOOM, TRACKING_TRAVEL_MODE, type GoogleMap, type GoogleMarker, type MapsLibraries } from '../core/location/maps.ts';
import { fitMap } from '../core/tracking/map-view.ts';
import { formatDistance } from '../core/tracking/live-tracking.ts';
import { $locale } from '../core/i18n/locale.ts';
import { useStore } from '@nanostores/react';
import { useMaps } from './useMaps.ts';

/**
 * The trip on a map: the store, the door, the route between and the driver on it. With the vendor's
 * Google Maps key, Google's map at zoom 15 with driving directions; without one (or when Google cannot
 * load), a map drawn here to scale on a plain background, no tiles needed. North is up in every
 * language: a map is not mirrored. The words beside it (the trip summary) are its text alternative.
 */
export function TrackingMap({ tracking, describedBy }: { tracking: OrderTracking; describedBy?: string }) {
  const { libraries } = useMaps();
  return libraries
    ? <GoogleTrackingMap libraries={libraries} tracking={tracking} describedBy={describedBy} />
    : <DrawnTrackingMap tracking={tracking} describedBy={describedBy} />;
}

const WIDTH = 400;
const HEIGHT = 260;
const MARGIN = 28;

const at = (point: GeoPoint) => ({ lat: point.latitude, lng: point.longitude });

function DrawnTrackingMap({ tracking, describedBy }: { tracking: OrderTracking; describedBy?: string | undefined }) {
  const { t } = useLingui();
  const locale = useStore($locale);
  const { route, store, destination, position } = tracking;
  // Fitted to the route and the driver, fixed while the driver stays inside.
  const view = useMemo(
    () => fitMap([store, ...route, ...(destination ? [destination] : []), ...(position ? [position] : [])], WIDTH, HEIGHT, MARGIN),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refit only when the trip itself changes
    [store.latitude, store.longitude, destination?.latitude, destination?.longitude, route.length],
  );
  const line = route.map((point) => view.project(point)).map(({ x, y }) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const shop = view.project(store);
  const door = destination ? view.project(destination) : null;
  const driver = position ? view.project(position) : null;
  const scalePercent = (view.scale.length / WIDTH) * 100;
  const metres = view.scale.metres;
  const scaleLabel = formatDistance(metres / 1000, locale);
  return (
    <figure part="map" className="m-0 flex flex-col gap-1">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t`Map of the delivery: the store, the delivery point and the driver`}
        aria-describedby={describedBy}
        className="block h-auto w-full rounded-sf"
        data-map="drawn"
      >
        <rect width={WIDTH} height={HEIGHT} fill="currentColor" className="text-slider" />
        {/* A faint street grid, so movement reads as movement. */}
        <g stroke="currentColor" className="text-black/10" strokeWidth="1">
          {Array.from({ length: Math.floor(WIDTH / 40) }, (_, i) => <line key={`v${i}`} x1={(i + 1) * 40} y1={0} x2={(i + 1) * 40} y2={HEIGHT} />)}
          {Array.from({ length: Math.floor(HEIGHT / 40) }, (_, i) => <line key={`h${i}`} x1={0} y1={(i + 1) * 40} x2={WIDTH} y2={(i + 1) * 40} />)}
        </g>
        {line && <polyline part="map-route" points={line} fill="none" stroke="currentColor" strokeWidth="5" strokeLinejoin="round" strokeLinecap="round" className="text-primary" />}
        <g part="map-store" data-x={shop.x.toFixed(1)} data-y={shop.y.toFixed(1)}>
          <rect x={shop.x - 11} y={shop.y - 11} width="22" height="22" rx="5" fill="currentColor" className="text-ink" />
          <path d={`M${shop.x - 6} ${shop.y - 1}h12v7h-12z M${shop.x - 7} ${shop.y - 2}l2-5h10l2 5z`} fill="#fff" />
        </g>
        {door && (
          <g part="map-destination" data-x={door.x.toFixed(1)} data-y={door.y.toFixed(1)}>
            <circle cx={door.x} cy={door.y} r="12" fill="currentColor" className="text-primary" />
            <path d={`M${door.x} ${door.y - 7}l7 6h-2v6h-10v-6h-2z`} fill="#fff" />
          </g>
        )}
        {driver && (
          <g part="map-driver" data-x={driver.x.toFixed(1)} data-y={driver.y.toFixed(1)}
            style={{ transform: `translate(${driver.x}px, ${driver.y}px)` }}
            className="transition-transform duration-1000 ease-linear motion-reduce:transition-none">
            <circle r="13" fill="#fff" stroke="currentColor" strokeWidth="3" className="text-primary" />
            <path d="M0 -8 L6 6 L0 3 L-6 6 Z" fill="currentColor" className="text-primary" transform={`rotate(${position?.heading ?? 0})`} />
          </g>
        )}
      </svg>
      <div part="map-scale" aria-hidden="true" className="flex items-center gap-2 text-xs text-muted" dir="ltr">
        <span className="block h-1 rounded bg-muted" style={{ width: `${scalePercent}%` }} />
        <span>{scaleLabel}</span>
      </div>
    </figure>
  );
}

function GoogleTrackingMap({ libraries, tracking, describedBy }: { libraries: MapsLibraries; tracking: OrderTracking; describedBy?: string | undefined }) {
  const { t } = useLingui();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<{ map: GoogleMap; driver: GoogleMarker | null } | null>(null);
  const { store, destination, position } = tracking;

  useEffect(() => {
    if (!element.current || map.current) return;
    const centre = position ?? destination ?? store;
    const created = new libraries.Map(element.current, { center: at(centre), zoom: TRACKING_MAP_ZOOM, streetViewControl: false, mapTypeControl: false });
    new libraries.Marker({ map: created, position: at(store), title: store.name });
    if (destination) new libraries.Marker({ map: created, position: at(destination) });
    map.current = { map: created, driver: null };
    if (destination) {
      void loadDirections().then(async (directions) => {
        if (!directions) return;
        const renderer = new directions.DirectionsRenderer({ map: created, suppressMarkers: true, preserveViewport: true });
        try {
          renderer.setDirections(await new directions.DirectionsService().route({ origin: at(store), destination: at(destination), travelMode: TRACKING_TRAVEL_MODE }));
        } catch {
          renderer.setMap(null); // no directions: the markers stay
        }
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is made once; the driver moves below
  }, [libraries]);

  useEffect(() => {
    const current = map.current;
    if (!current || !position) return;
    if (!current.driver) current.driver = new libraries.Marker({ map: current.map, position: at(position) });
    else current.driver.setPosition(at(position));
    current.map.setCenter(at(position));
  }, [libraries, position?.latitude, position?.longitude]);

  return (
    <div
      ref={element}
      part="map"
      role="region"
      aria-label={t`Map of the delivery: the store, the delivery point and the driver`}
      aria-describedby={describedBy}
      data-map="google"
      className="h-64 w-full rounded-sf bg-slider"
    />
  );
}
