import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ADDRESS_TAGS, type AddressTag } from '../../../contract/constants.ts';
import { ADDRESS_TOAST_MS, loadAddresses, tagLabel } from '../../core/addresses/addresses.ts';
import {
  addAddress, canSave, deleteAddress, emptyAddressForm, formOf, updateAddress, validateAddress, type AddressForm as FormState,
} from '../../core/addresses/address-changes.ts';
import { DEVICE_LOCATION_TIMEOUT_MS, positionOrFallback } from '../../core/location/device-position.ts';
import { systemCoordinates, type Coordinates } from '../../core/location/geolocation.ts';
import { reverseGeocode, type ResolvedPlace } from '../../core/location/maps.ts';
import { say } from '../../core/i18n/messages.ts';
import { LOCATION_MESSAGES } from '../../core/location/location-messages.ts';
import { $settings } from '../../core/settings/settings.ts';
import { showToast } from '../../core/platform/toast.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { AddressMap } from '../../ui/AddressMap.tsx';
import { Field, INPUT_CLASS } from '../../ui/Field.tsx';
import { PlaceSearch } from '../../ui/PlaceSearch.tsx';
import { useMaps } from '../../ui/useMaps.ts';
import { SignInGate } from './SignInGate.tsx';
import { ScreenHeading } from '../../ui/headings.tsx';

export interface AddressFormProps {
  host: HTMLElement;
  /** 'page': a screen of its own (goes back after saving); 'modal': inside a dialog (closes and resets). */
  mode: 'page' | 'modal';
  /** Update mode: the saved address to edit. */
  addressId?: number | undefined;
  /** Called after a save or delete (the modal closes). */
  onDone?: () => void;
}

/** The add-address screen: search, map, house/building, flat/floor, landmark, tag; update and delete in update mode. Guests are sent to sign in. */
export function AddressForm(props: AddressFormProps) {
  return (
    <SignInGate host={props.host} mode={props.mode}>
      <AddressFormBody {...props} />
    </SignInGate>
  );
}

function AddressFormBody({ host, mode, addressId, onDone }: AddressFormProps) {
  const { t } = useLingui();
  const ids = useId();
  const settings = useStore($settings);
  const { libraries, state: mapsState } = useMaps();
  const [form, setForm] = useState<FormState>(emptyAddressForm);
  const [centre, setCentre] = useState<Coordinates>(() => systemCoordinates(settings));
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof validateAddress>['errors']>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [missing, setMissing] = useState(false);
  const updating = addressId !== undefined;
  const mapsUsable = libraries !== null;
  const mapsRef = useRef(libraries);
  mapsRef.current = libraries;

  const patch = (changes: Partial<FormState>) => setForm((current) => ({ ...current, ...changes }));

  const placeFromMaps = (place: ResolvedPlace | null, point: Coordinates) => {
    patch({
      latitude: point.latitude, longitude: point.longitude, located: true,
      ...(place ? { address: place.address, city: place.city, state: place.state, zip_code: place.zip_code } : {}),
    });
  };

  const pickPoint = async (point: Coordinates) => {
    setCentre(point);
    patch({ latitude: point.latitude, longitude: point.longitude, located: true });
    const place = await reverseGeocode(point, mapsRef.current);
    if (place) placeFromMaps(place, point);
  };

  /** The device position (waited for up to 20 s), else the vendor's system coordinates and the reason. */
  const locate = async () => {
    setLocating(true);
    setLocationError('');
    const located = await positionOrFallback($settings.get(), { timeoutMs: DEVICE_LOCATION_TIMEOUT_MS });
    setLocating(false);
    const point = { latitude: located.latitude, longitude: located.longitude };
    if (located.source === 'device') {
      await pickPoint(point);
      return;
    }
    setLocationError(located.error ?? '');
    const fallback = point;
    setCentre(fallback);
    // Without a map nothing else can give a point: the vendor's coordinates stand in.
    if (!mapsRef.current) patch({ latitude: fallback.latitude, longitude: fallback.longitude, located: true });
  };

  // Update mode fills the form from a fresh list; a new address starts from the device position.
  useEffect(() => {
    if (!updating) {
      void locate();
      return;
    }
    let live = true;
    void loadAddresses().then((addresses) => {
      if (!live) return;
      const found = addresses.find((address) => address.id === addressId);
      if (!found) {
        console.warn(`[storefront] ${t`Page not found`}: address ${addressId}`); // logged; the form says 'Page not found'
        setMissing(true);
        return;
      }
      setForm(formOf(found));
      setCentre({ latitude: Number(found.latitude), longitude: Number(found.longitude) });
    });
    return () => {
      live = false;
    };
  }, [updating, addressId]);

  const finish = () => {
    if (mode === 'page') history.back();
    else {
      setForm(emptyAddressForm());
      onDone?.();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const validation = validateAddress(form);
    setErrors(validation.errors);
    setServerErrors({});
    if (!validation.valid || !canSave(form)) return;
    setBusy(true);
    const result = updating ? await updateAddress(addressId, form, host) : await addAddress(form, host);
    setBusy(false);
    if (!result.ok) {
      setServerErrors(result.fieldErrors ?? {});
      return;
    }
    showToast(updating ? t`Address updated` : t`Address saved`, { kind: 'success', durationMs: ADDRESS_TOAST_MS });
    finish();
  };

  const remove = async () => {
    setConfirmDelete(false);
    if (addressId === undefined) return;
    setBusy(true);
    const removed = await deleteAddress(addressId);
    setBusy(false);
    if (!removed) return;
    showToast(t`Address deleted`, { kind: 'success', durationMs: ADDRESS_TOAST_MS });
    finish();
  };

  if (missing) return <div role="alert"><ScreenHeading className="m-0 text-xl font-semibold">{t`Page not found`}</ScreenHeading></div>;

  const errorText = (key: 'address' | 'flat_no') =>
    errors[key] === 'address-required' ? say(LOCATION_MESSAGES.enterAddress) : errors[key] === 'flat-number' ? t`Flat number must be a number` : (serverErrors[key] || null);
  const mapNote = t`Map unavailable: type your address and use your current location`;
  const mapFailure = mapsState.status === 'failed' ? mapsState.reason : '';

  return (
    <form className="flex flex-col gap-4" part="form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy || undefined}>
      {mode === 'page' && (
        <ScreenHeading className="m-0 text-xl font-semibold">{updating ? <Trans>Update address</Trans> : say(LOCATION_MESSAGES.addNewAddress)}</ScreenHeading>
      )}
      {libraries && (
        <PlaceSearch
          libraries={libraries}
          label={<Trans>Search for your area or street</Trans>}
          listLabel={t`Suggested places`}
          onPick={(place) => {
            setCentre(place);
            placeFromMaps(place, place);
          }}
        />
      )}
      {!mapsUsable && mapsState.status !== 'loading' && (
        <p part="map-note" role="note" className="m-0 flex flex-col gap-1 rounded-sf bg-black/5 p-3 text-sm">
          <span>{mapNote}</span>
          {mapFailure && <span part="map-failure">{mapFailure}</span>}
        </p>
      )}
      {libraries && <AddressMap libraries={libraries} centre={centre} onPick={(point) => void pickPoint(point)} />}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void locate()} disabled={locating} part="locate">
          {locating ? <Trans>Finding your location…</Trans> : <Trans>Use my current location</Trans>}
        </Button>
        {form.located && (
          <span className="text-sm text-muted" part="located">
            <Trans>Location picked</Trans>
          </span>
        )}
      </div>
      {locationError && <p role="alert" part="location-error" className="m-0 text-sm text-red-700">{locationError}</p>}
      {/* The customer's own address, one line a field (1.3.5): browsers fill them from a saved address. */}
      <Field id={`${ids}-address`} label={<Trans>Address</Trans>} error={errorText('address')}>
        <input
          id={`${ids}-address`}
          className={INPUT_CLASS}
          autoComplete="address-line1"
          required
          aria-invalid={errorText('address') ? true : undefined}
          aria-describedby={errorText('address') ? `${ids}-address-error` : undefined}
          value={form.address}
          onChange={(event) => patch({ address: event.target.value })}
        />
      </Field>
      <Field id={`${ids}-house`} label={<Trans>House/Building name</Trans>} hint={form.house_name.trim() ? null : t`Enter House/Building Name`}>
        <input
          id={`${ids}-house`}
          className={INPUT_CLASS}
          autoComplete="address-line2"
          aria-describedby={form.house_name.trim() ? undefined : `${ids}-house-hint`}
          value={form.house_name}
          onChange={(event) => patch({ house_name: event.target.value })}
        />
      </Field>
      <Field id={`${ids}-flat`} label={<Trans>Flat/Floor</Trans>} error={errorText('flat_no')}>
        <input
          id={`${ids}-flat`}
          className={INPUT_CLASS}
          autoComplete="address-line3"
          aria-invalid={errorText('flat_no') ? true : undefined}
          aria-describedby={errorText('flat_no') ? `${ids}-flat-error` : undefined}
          value={form.flat_no}
          onChange={(event) => patch({ flat_no: event.target.value })}
        />
      </Field>
      <Field id={`${ids}-landmark`} label={<Trans>Landmark</Trans>}>
        <input id={`${ids}-landmark`} className={INPUT_CLASS} value={form.landmark} onChange={(event) => patch({ landmark: event.target.value })} />
      </Field>
      <fieldset className="m-0 flex flex-wrap gap-4 border-0 p-0" part="tags">
        <legend className="mb-1 p-0 text-sm font-medium"><Trans>Save as</Trans></legend>
        {ADDRESS_TAGS.map((tag: AddressTag) => (
          <label key={tag} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={`${ids}-tag`}
              value={tag}
              checked={form.address_clarification === tag}
              onChange={() => patch({ address_clarification: tag })}
            />
            {tagLabel(tag)}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        {updating && (
          <Button variant="danger" onClick={() => setConfirmDelete(true)} disabled={busy} part="delete">
            <Trans>Delete</Trans>
          </Button>
        )}
        <Button type="submit" disabled={busy || !canSave(form)} part="save">
          <Trans>Save address</Trans>
        </Button>
      </div>
      {!canSave(form) && !locating && (
        <p className="m-0 text-sm text-muted" part="save-hint">
          <Trans>Pick your location on the map, from the search or with your current location to save.</Trans>
        </p>
      )}
      <Dialog open={confirmDelete} title={<Trans>Delete address</Trans>} onClose={() => setConfirmDelete(false)} part="confirm-dialog">
        <p className="m-0"><Trans>Are you sure you want to delete this address?</Trans></p>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirmDelete(false)}><Trans>Cancel</Trans></Button>
          <Button variant="danger" onClick={() => void remove()}><Trans>Yes, delete</Trans></Button>
        </div>
      </Dialog>
    </form>
  );
}
