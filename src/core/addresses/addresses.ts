import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { atom, computed } from 'nanostores';
import { callApi } from '../api/client.ts';
import { addressFromWire, type Address } from './address.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { shared } from '../platform/registry.ts';
import { $isSignedIn } from '../session/session-state.ts';

/** The address saved, updated and deleted toasts last 2000 ms. */
export const ADDRESS_TOAST_MS = 2000;
/** A guest on the address form goes to sign-in after about 0.5 s. */
export const SIGN_IN_REDIRECT_MS = 500;

export type AddressListState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; addresses: Address[] }
  | { status: 'failed'; message: string };

/** The signed-in customer's saved addresses. */
export const $addresses = shared('addresses.list', () => atom<AddressListState>({ status: 'idle' }));
/** The saved address last chosen (or reported primary by the server). */
export const $primaryAddressId = shared('addresses.primary', () => atom<number | null>(null));

export const $primaryAddress = shared('addresses.primaryAddress', () =>
  computed([$addresses, $primaryAddressId], (state, id) => {
    if (state.status !== 'ready') return null;
    return state.addresses.find((address) => address.id === id) ?? state.addresses.find((address) => address.isPrimary) ?? null;
  }),
);

/** The address tags' labels: a home, not the home screen (the screen's "Home" is another word in Arabic and German). */
const TAG_LABELS = {
  Home: msg({ message: 'Home', context: 'address tag' }),
  Office: msg`Office`,
  Other: msg`Other`,
} satisfies Record<string, MessageDescriptor>;

/** The translated label of a tag (the API's adress_clarification). */
export function tagLabel(tag: string | undefined): string {
  return say(tag === 'Office' || tag === 'Other' ? TAG_LABELS[tag] : TAG_LABELS.Home);
}

let latestList = 0;
let listing: Promise<Address[]> | null = null;

/**
 * list_shiping_address: code 101 means none found and is accepted. Islands asking at the
 * same time (the location picker and the checkout on one page) share one request; after a change to the
 * addresses, `fresh` asks again.
 */
export function loadAddresses(options: { fresh?: boolean } = {}): Promise<Address[]> {
  if (!$isSignedIn.get()) {
    $addresses.set({ status: 'ready', addresses: [] });
    return Promise.resolve([]);
  }
  if (listing && !options.fresh) return listing;
  const current = requestAddresses().finally(() => {
    if (listing === current) listing = null;
  });
  listing = current;
  return current;
}

async function requestAddresses(): Promise<Address[]> {
  const request = ++latestList;
  if ($addresses.get().status !== 'ready') $addresses.set({ status: 'loading' });
  try {
    const response = await callApi('list_shiping_address', {
      devicetoken: '', devicetype: 'web', uniqueid: '', type: 'customer',
    });
    const addresses = response.code === 200 ? (response.Result ?? []).map(addressFromWire) : [];
    if (response.code !== 200 && response.code !== 101) throw new Error(response.msg ?? say(MESSAGES.somethingWentWrong));
    if (request === latestList) {
      $addresses.set({ status: 'ready', addresses });
      const primary = addresses.find((address) => address.isPrimary);
      if (primary && $primaryAddressId.get() === null) $primaryAddressId.set(primary.id);
    }
    return addresses;
  } catch (error) {
    if (request === latestList) $addresses.set({ status: 'failed', message: (error as Error).message });
    return [];
  }
}

/** get_user_primary_address: the customer's primary address, or null. */
export async function loadPrimaryAddress(): Promise<Address | null> {
  if (!$isSignedIn.get()) return null;
  try {
    const response = await callApi('get_user_primary_address', {});
    const saved = response.code === 200 && response.Result && typeof response.Result === 'object' && 'shiping_id' in response.Result ? response.Result : null;
    const address = saved && addressFromWire(saved);
    if (address) $primaryAddressId.set(address.id);
    return address;
  } catch {
    return null;
  }
}

/** The saved address whose place is the one stored (the trigger shows its label). */
export function addressAt(addresses: readonly Address[], latitude: number | null, longitude: number | null): Address | null {
  if (latitude === null || longitude === null) return null;
  const near = (a: number, b: number) => Math.abs(Number(a) - b) < 1e-6;
  return addresses.find((address) => near(address.latitude, latitude) && near(address.longitude, longitude)) ?? null;
}
