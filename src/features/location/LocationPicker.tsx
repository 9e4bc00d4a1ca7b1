import { useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { $addresses, $primaryAddress, addressAt, loadAddresses, tagLabel } from '../../core/addresses/addresses.ts';
import type { PositionResult } from '../../core/location/device-position.ts';
import { applyPlace, initialLocationAction, systemCoordinates } from '../../core/location/geolocation.ts';
import { $address, $latitude, $longitude, currentPlace } from '../../core/location/location.ts';
import { MESSAGES, say } from '../../core/i18n/messages.ts';
import { loadChunk } from '../../core/platform/chunks.ts';
import { shared } from '../../core/platform/registry.ts';
import { $isSignedIn } from '../../core/session/session-state.ts';
import { $settings } from '../../core/settings/settings.ts';
import { showError } from '../../core/platform/toast.ts';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { useMaps } from '../../ui/useMaps.ts';

export interface LocationPickerProps {
  host: HTMLElement;
  /** Open the modal by itself when no place is stored. */
  autoOpen?: boolean;
  /** Where the page is (the full page's route path): with autoOpen, each new value checks again for a stored place. */
  checkKey?: string;
  /** The add-address form in a dialog (composed by the element). */
  renderAddressForm: (props: { open: boolean; onClose: () => void }) => ReactNode;
}

/** The modal's content, fetched when it first opens. */
const LocationDialog = lazyPart('location-dialog', () => import('./LocationDialog.tsx').then((module) => module.LocationDialog));

/** The first-visit decision (initialLocationAction) runs once per page, however many pickers there are. */
const startup = shared('location.startup', () => ({ done: false }));

/** The location link and the location modal. */
export function LocationPicker({ host, autoOpen = false, checkKey, renderAddressForm }: LocationPickerProps) {
  const { t } = useLingui();
  const settings = useStore($settings);
  const latitude = useStore($latitude);
  const longitude = useStore($longitude);
  const address = useStore($address);
  const signedIn = useStore($isSignedIn);
  const list = useStore($addresses);
  const primary = useStore($primaryAddress);
  const { libraries } = useMaps();
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState('');
  const placeWhenAdding = useRef('');
  const placeKey = () => `${$latitude.get()},${$longitude.get()}`;

  const addresses = list.status === 'ready' ? list.addresses : [];
  const hasPlace = latitude !== null && longitude !== null;
  const shownAddress = signedIn ? addressAt(addresses, latitude, longitude) : null;
  const selectedId = shownAddress?.id ?? (primary && addressAt([primary], latitude, longitude) ? primary.id : null);

  // Checkout asks for the modal to change the delivery address (sf-location-open); the detail says it was heard.
  useEffect(() => {
    const onOpen = (event: Event) => {
      (event as CustomEvent<{ handled?: boolean }>).detail.handled = true;
      setOpen(true);
    };
    document.addEventListener('sf-location-open', onOpen);
    return () => document.removeEventListener('sf-location-open', onOpen);
  }, []);

  // The label on the link needs the list; opening the modal (not closing it) refreshes it.
  useEffect(() => {
    if (signedIn) void loadAddresses();
  }, [signedIn]);
  useEffect(() => {
    if (open && $isSignedIn.get()) void loadAddresses();
  }, [open]);

  const detect = async (origin: 'modal' | 'auto') => {
    setLocating(true);
    setError('');
    // The device position's code comes when it is first asked for; a page that cannot fetch it fails as the device would.
    const result: PositionResult = await loadChunk('device-position', () => import('../../core/location/device-position.ts'))
      .then(({ getDevicePosition }) => getDevicePosition())
      .catch(() => ({ ok: false, reason: 'unavailable', message: say(MESSAGES.somethingWentWrongTryAgain) }));
    setLocating(false);
    if (!result.ok) {
      showError(result.message);
      if (origin === 'modal') setError(result.message);
      else applyPlace({ ...systemCoordinates($settings.get()) }, host);
      return;
    }
    const point = { latitude: result.latitude, longitude: result.longitude };
    // Google's libraries are here only once the maps code has loaded (useMaps).
    const place = libraries ? await (await import('../../core/location/maps.ts')).reverseGeocode(point, libraries) : null;
    applyPlace(place ? { ...point, address: place.address, city: place.city, state: place.state } : point, host);
    setOpen(false);
  };

  // When no place is stored: the system coordinates for preview=true, the device, or the modal.
  // The system coordinates and the device are tried once per page; the modal opens whenever a picker that may
  // open it (autoOpen) finds no place stored: on the first visit, and again on a later page that asks for one.
  useEffect(() => {
    if (!settings) return;
    const action = initialLocationAction({ hasLocation: currentPlace() !== null, settings, search: location.search, autoOpen });
    if (action === 'open') {
      startup.done = true;
      setOpen(true);
      return;
    }
    if (action === 'none' || startup.done) return;
    startup.done = true;
    if (action === 'system') applyPlace(systemCoordinates(settings), host);
    else void detect('auto');
  }, [settings, autoOpen, checkKey]);

  /** Closing without any place falls back to the system coordinates. */
  const close = () => {
    setOpen(false);
    setError('');
    if (currentPlace() === null) applyPlace(systemCoordinates($settings.get()), host);
  };

  const label = shownAddress ? tagLabel(shownAddress.label) : null;
  const triggerText = !hasPlace ? t`Set Location` : address || t`Current location`;

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        part="trigger"
        className="inline-flex max-w-full items-center gap-2 rounded-sf border border-black/20 bg-white px-3 py-2 font-medium text-ink hover:bg-black/5"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
          <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
        </svg>
        {label && <span className="font-semibold" part="trigger-label">{label}</span>}
        <span className="min-w-0 truncate" part="trigger-address">{triggerText}</span>
      </button>
      <LocationDialog
        wanted={open}
        open={open}
        onClose={close}
        error={error}
        locating={locating}
        onDetect={() => void detect('modal')}
        libraries={libraries}
        onPick={(place) => {
          applyPlace({ latitude: place.latitude, longitude: place.longitude, address: place.address, city: place.city, state: place.state }, host);
          setOpen(false);
        }}
        signedIn={signedIn}
        list={list}
        selectedId={selectedId}
        host={host}
        onChosen={() => setOpen(false)}
        onAdd={() => {
          placeWhenAdding.current = placeKey();
          setAdding(true);
        }}
      />
      {renderAddressForm({
        open: adding,
        onClose: () => {
          setAdding(false);
          // A saved address is the chosen place now: the location modal has done its work.
          if (currentPlace() !== null && placeKey() !== placeWhenAdding.current) setOpen(false);
        },
      })}
    </>
  );
}
