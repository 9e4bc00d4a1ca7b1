import type { NewAddressRequest, SavedAddress } from '../../../contract/api/addresses.ts';
import type { AddressTag } from '../../../contract/constants.ts';
import type { Envelope } from '../../../contract/api/common.ts';
import { ApiError, callApi } from '../api/client.ts';
import { addressFromWire, deliveryAddress, type Address } from './address.ts';
import { $addresses, $primaryAddressId, loadAddresses } from './addresses.ts';
import { encodeId } from '../platform/ids.ts';
import { $restaurantId } from '../location/location.ts';
import { $user } from '../session/session-state.ts';
import { applyPlace } from '../location/geolocation.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { $settings } from '../settings/settings.ts';
import { showError } from '../platform/toast.ts';

/*
 * Changing the customer's addresses: the new-address form, saving, updating, deleting, and choosing one
 * as the primary address. The saved list itself and its labels are in addresses.ts (the location link
 * shows them on every page; these load with the forms and modals that change them).
 */

/** What the new-address form holds while the customer fills it in. */
export interface AddressForm {
  address: string;
  house_name: string;
  flat_no: string;
  landmark: string;
  address_clarification: AddressTag;
  latitude: number | null;
  longitude: number | null;
  city: string;
  state: string;
  zip_code: string;
  /** A location was picked from the search, the map or the device position. */
  located: boolean;
}

export function emptyAddressForm(): AddressForm {
  return {
    address: '', house_name: '', flat_no: '', landmark: '', address_clarification: 'Home',
    latitude: null, longitude: null, city: '', state: '', zip_code: '', located: false,
  };
}

export function formOf(address: Address): AddressForm {
  return {
    address: address.addressLine, house_name: address.houseName, flat_no: address.flatNo, landmark: address.landmark,
    address_clarification: address.label,
    latitude: address.latitude, longitude: address.longitude, city: address.city, state: address.state, zip_code: address.zipCode,
    located: true,
  };
}

export type AddressFieldError = 'address-required' | 'flat-number';

export interface AddressValidation {
  errors: Partial<Record<'address' | 'flat_no', AddressFieldError>>;
  /** 'Enter House/Building Name' is shown, never enforced. */
  houseNameHint: boolean;
  valid: boolean;
}

/** Address required; a flat number must contain a digit; house name only hinted. */
export function validateAddress(form: AddressForm): AddressValidation {
  const errors: AddressValidation['errors'] = {};
  if (!form.address.trim()) errors.address = 'address-required';
  if (form.flat_no.trim() && !/\d/.test(form.flat_no)) errors.flat_no = 'flat-number';
  return { errors, houseNameHint: !form.house_name.trim(), valid: Object.keys(errors).length === 0 };
}

/** Save stays disabled until a location was picked. */
export function canSave(form: AddressForm): boolean {
  return form.located && form.latitude !== null && form.longitude !== null;
}

export function requestOf(form: AddressForm): NewAddressRequest {
  return {
    city: form.city,
    address_clarification: form.address_clarification,
    landmark: form.landmark.trim(),
    address: form.address.trim(),
    state: form.state,
    vendor_id: $settings.get()?.vendor_id ?? '',
    flat_no: form.flat_no.trim(),
    house_name: form.house_name.trim(),
    latitude: form.latitude ?? '',
    longitude: form.longitude ?? '',
    zip_code: form.zip_code,
  };
}

export type SaveResult =
  | { ok: true; address: Address | null }
  | { ok: false; message: string; /** The server's field errors (422), field name to first message. */ fieldErrors?: Record<string, string> };

/** The saved address: the server's answer, with what the form sent for anything the answer leaves out. */
function savedFrom(form: AddressForm, result: Partial<SavedAddress> | undefined, id?: number): Address | null {
  const latitude = Number(result?.latitude ?? form.latitude);
  const longitude = Number(result?.longitude ?? form.longitude);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return addressFromWire({
    shiping_id: Number(result?.shiping_id ?? id ?? 0),
    adress_clarification: result?.adress_clarification ?? form.address_clarification,
    flat_no: result?.flat_no ?? form.flat_no.trim(),
    house_name: result?.house_name ?? form.house_name.trim(),
    Shiping_address: result?.Shiping_address ?? form.address.trim(),
    landmark: result?.landmark ?? form.landmark.trim(),
    latitude,
    longitude,
    city: result?.city ?? form.city,
    state: result?.state ?? form.state,
    zip_code: result?.zip_code ?? form.zip_code,
    is_primary: result?.is_primary ?? 0,
  });
}

async function save(send: () => Promise<Envelope<SavedAddress>>, form: AddressForm, id?: number): Promise<SaveResult> {
  try {
    const response = await send();
    if (response.code !== 200) {
      const message = response.msg || say(MESSAGES.somethingWentWrong);
      showError(message); // a refused save shows the server's message
      return { ok: false, message };
    }
    const address = savedFrom(form, response.Result, id);
    void loadAddresses({ fresh: true });
    return { ok: true, address };
  } catch (error) {
    const fieldErrors = error instanceof ApiError && error.status === 422
      ? Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, messages[0] ?? ''])) : undefined;
    return { ok: false, message: (error as Error).message, ...(fieldErrors ? { fieldErrors } : {}) };
  }
}

/** The customer's place becomes the address (it is where the order goes). */
function placeAt(address: Address, origin?: EventTarget | null): void {
  applyPlace({ latitude: address.latitude, longitude: address.longitude, address: deliveryAddress(address), city: address.city, state: address.state }, origin);
}

/** add_shiping_address; the returned Result latitude and longitude are stored locally. */
export async function addAddress(form: AddressForm, origin?: EventTarget | null): Promise<SaveResult> {
  const result = await save(() => callApi('add_shiping_address', requestOf(form)), form);
  if (result.ok && result.address) {
    placeAt(result.address, origin);
    if (result.address.id) $primaryAddressId.set(result.address.id);
  }
  return result;
}

/** update_shiping_address. */
export async function updateAddress(id: number, form: AddressForm, origin?: EventTarget | null): Promise<SaveResult> {
  const result = await save(() => callApi('update_shiping_address', { ...requestOf(form), shiping_id: id }), form, id);
  if (result.ok && result.address && $primaryAddressId.get() === id) {
    placeAt(result.address, origin);
  }
  return result;
}

/** delete_shiping_address. */
export async function deleteAddress(id: number): Promise<boolean> {
  try {
    const response = await callApi('delete_shiping_address', { shiping_id: id });
    if (response.code !== 200) {
      showError(response.msg || say(MESSAGES.somethingWentWrong));
      return false;
    }
    if ($primaryAddressId.get() === id) $primaryAddressId.set(null);
    const state = $addresses.get();
    if (state.status === 'ready') $addresses.set({ status: 'ready', addresses: state.addresses.filter((address) => address.id !== id) });
    void loadAddresses({ fresh: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Choosing a saved address sets it primary (set_primary_address) and
 * stores its location; Result.restaurant_id is stored base64-encoded.
 */
export async function chooseAddress(address: Address, origin?: EventTarget | null): Promise<boolean> {
  try {
    const response = await callApi('set_primary_address', {
      user_id: $user.get()?.user_id ?? '',
      address_id: address.id,
      vendor_id: $settings.get()?.vendor_id ?? '',
    });
    if (response.code !== 200) {
      showError(response.msg || say(MESSAGES.somethingWentWrong));
      return false;
    }
    placeAt(address, origin);
    const restaurantId = response.Result?.restaurant_id;
    if (restaurantId !== null && restaurantId !== undefined && restaurantId !== 0) $restaurantId.set(encodeId(restaurantId));
    $primaryAddressId.set(address.id);
    const state = $addresses.get();
    if (state.status === 'ready') {
      $addresses.set({ status: 'ready', addresses: state.addresses.map((item) => ({ ...item, isPrimary: item.id === address.id })) });
    }
    return true;
  } catch {
    return false;
  }
}
