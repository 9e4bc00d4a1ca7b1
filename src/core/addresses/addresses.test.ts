import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedAddress } from '../../../contract/api/addresses.ts';
import { apiStub } from '../api/client-stub.test-helpers.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());

const { calls } = apiStub;
const { activateLocale } = await import('../i18n/i18n.ts');
const { ApiError } = await import('../api/client.ts');
const { $addresses, $primaryAddress, addressAt, loadAddresses, loadPrimaryAddress, tagLabel } = await import('./addresses.ts');
const { addAddress, canSave, chooseAddress, deleteAddress, emptyAddressForm, formOf, updateAddress, validateAddress } = await import('./address-changes.ts');
const { addressFromWire, deliveryAddress } = await import('./address.ts');
const { $address, $latitude, $longitude, $restaurantId } = await import('../location/location.ts');
const { $token, $user } = await import('../session/session-state.ts');
const { $toasts } = await import('../platform/toast.ts');

/** A saved address as the API sends it. */
function saved(overrides: Partial<SavedAddress> = {}): SavedAddress {
  return {
    shiping_id: 7, adress_clarification: 'Office', flat_no: '12B', house_name: 'Harbor Tower', Shiping_address: '1 Market St, San Francisco',
    landmark: '', latitude: 37.7936, longitude: -122.3951, city: 'San Francisco', state: 'CA', zip_code: '94105', is_primary: 0, ...overrides,
  };
}

/** The same address as the storefront keeps it. */
const kept = (overrides: Partial<SavedAddress> = {}) => addressFromWire(saved(overrides));

function signIn() {
  $token.set('token-123');
  $user.set({ user_id: 5, user_name: 'Ann', mobile_number: '4155550100', country_code: '1', email: '', wallet_amount: 0, created_at: '' });
}

beforeAll(() => activateLocale('en'));
beforeEach(() => {
  apiStub.reset();
  $addresses.set({ status: 'idle' });
  $latitude.set(null);
  $longitude.set(null);
  $restaurantId.set('');
  $toasts.set([]);
  signIn();
});

describe('deliveryAddress and labels', () => {
  it('joins flat, house name and address, skipping empty parts', () => {
    expect(deliveryAddress(kept())).toBe('12B, Harbor Tower, 1 Market St, San Francisco');
    expect(deliveryAddress(kept({ flat_no: '', house_name: ' ' }))).toBe('1 Market St, San Francisco');
  });

  it('labels the tags Home, Office and Other', () => {
    expect([tagLabel('Home'), tagLabel('Office'), tagLabel('Other'), tagLabel(undefined)]).toEqual(['Home', 'Office', 'Other', 'Home']);
  });

  it('finds the saved address at the stored place', () => {
    expect(addressAt([kept()], 37.7936, -122.3951)?.id).toBe(7);
    expect(addressAt([kept()], 1, 2)).toBe(null);
    expect(addressAt([kept()], null, null)).toBe(null);
  });
});

describe('address form rules', () => {
  it('requires the address; hints but does not enforce the house name', () => {
    const result = validateAddress(emptyAddressForm());
    expect(result.errors.address).toBe('address-required');
    expect(result.houseNameHint).toBe(true);
    const ok = validateAddress({ ...emptyAddressForm(), address: '1 Market St' });
    expect(ok.valid).toBe(true);
    expect(ok.houseNameHint).toBe(true);
  });

  it('wants a digit in a flat number, when there is one', () => {
    expect(validateAddress({ ...emptyAddressForm(), address: 'x', flat_no: 'top floor' }).errors.flat_no).toBe('flat-number');
    expect(validateAddress({ ...emptyAddressForm(), address: 'x', flat_no: '4th floor' }).valid).toBe(true);
  });

  it('keeps save disabled until a location was picked', () => {
    expect(canSave({ ...emptyAddressForm(), address: 'typed' })).toBe(false);
    expect(canSave({ ...emptyAddressForm(), latitude: 1, longitude: 2, located: true })).toBe(true);
    expect(emptyAddressForm().address_clarification).toBe('Home');
  });

  it('fills the form from a saved address for an update', () => {
    expect(formOf(kept())).toMatchObject({ address: '1 Market St, San Francisco', flat_no: '12B', address_clarification: 'Office', located: true });
  });
});

describe('the address store', () => {
  it('lists the saved addresses and accepts code 101 as none found', async () => {
    apiStub.answer = () => ({ code: 200, Result: [saved({ is_primary: 1 })] });
    expect(await loadAddresses()).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: 'list_shiping_address', body: { type: 'customer' } });
    expect($primaryAddress.get()?.id).toBe(7);
    apiStub.answer = () => ({ code: 101, msg: 'No Address Found' });
    expect(await loadAddresses()).toEqual([]);
    expect($addresses.get()).toEqual({ status: 'ready', addresses: [] });
  });

  it('is one request for islands asking at the same time; fresh asks again', async () => {
    apiStub.answer = () => ({ code: 200, Result: [saved()] });
    const before = calls.length;
    const [a, b] = await Promise.all([loadAddresses(), loadAddresses()]);
    expect(b).toBe(a);
    expect(calls.length - before).toBe(1);
    await Promise.all([loadAddresses(), loadAddresses({ fresh: true })]);
    expect(calls.length - before).toBe(3);
  });

  it('asks nothing for a guest', async () => {
    $token.set('');
    $user.set(null);
    expect(await loadAddresses()).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('adds an address and stores the returned coordinates', async () => {
    apiStub.answer = ({ name }) => (name === 'add_shiping_address' ? { code: 200, msg: 'Address added', Result: saved({ shiping_id: 9, latitude: 37.8, longitude: -122.4 }) } : { code: 200, Result: [] });
    const form = { ...emptyAddressForm(), address: ' 1 Market St, San Francisco ', flat_no: '12B', house_name: 'Harbor Tower', latitude: 37.79, longitude: -122.39, located: true };
    const result = await addAddress(form);
    expect(result.ok).toBe(true);
    expect(calls[0]).toMatchObject({ name: 'add_shiping_address', body: { address: '1 Market St, San Francisco', address_clarification: 'Home', latitude: 37.79, flat_no: '12B' } });
    expect($latitude.get()).toBe(37.8);
    expect($longitude.get()).toBe(-122.4);
    expect($address.get()).toBe('12B, Harbor Tower, 1 Market St, San Francisco');
  });

  it("shows the server's message when a save is refused", async () => {
    apiStub.answer = () => ({ code: 101, msg: 'Your location is out of reach' });
    const result = await addAddress({ ...emptyAddressForm(), address: 'x', latitude: 1, longitude: 2, located: true });
    expect(result).toEqual({ ok: false, message: 'Your location is out of reach' });
    expect($toasts.get().map((toast) => toast.text)).toContain('Your location is out of reach');
    expect($latitude.get()).toBe(null);
  });

  it("hands the server's field errors (422) back to the form", async () => {
    apiStub.answer = () => {
      throw new ApiError(422, 422, 'Flat number may only contain letters, digits, spaces, - and /', { flat_no: ['Flat number may only contain letters, digits, spaces, - and /'] });
    };
    const result = await addAddress({ ...emptyAddressForm(), address: 'x', flat_no: '#4', latitude: 1, longitude: 2, located: true });
    expect(result).toMatchObject({ ok: false, fieldErrors: { flat_no: 'Flat number may only contain letters, digits, spaces, - and /' } });
  });

  it('updates and deletes by shiping_id', async () => {
    apiStub.answer = ({ name }) => (name === 'list_shiping_address' ? { code: 200, Result: [saved()] } : { code: 200, Result: saved({ Shiping_address: 'new' }) });
    await loadAddresses();
    expect((await updateAddress(7, formOf(kept()))).ok).toBe(true);
    expect(calls.find((call) => call.name === 'update_shiping_address')?.body).toMatchObject({ shiping_id: 7, address: '1 Market St, San Francisco' });
    expect(await deleteAddress(7)).toBe(true);
    expect(calls.find((call) => call.name === 'delete_shiping_address')?.body).toEqual({ shiping_id: 7 });
  });

  it('chooses a saved address: sets it primary, stores its place and the base64 store id', async () => {
    apiStub.answer = ({ name }) => (name === 'set_primary_address' ? { code: 200, Result: { restaurant_id: 3 } } : { code: 200, Result: [saved(), saved({ shiping_id: 8, is_primary: 1 })] });
    await loadAddresses();
    expect(await chooseAddress(kept())).toBe(true);
    expect(calls.find((call) => call.name === 'set_primary_address')?.body).toMatchObject({ user_id: 5, address_id: 7 });
    expect($latitude.get()).toBe(37.7936);
    expect($address.get()).toBe('12B, Harbor Tower, 1 Market St, San Francisco');
    expect($restaurantId.get()).toBe(btoa('3'));
    expect($primaryAddress.get()?.id).toBe(7);
    const state = $addresses.get();
    expect(state.status === 'ready' && state.addresses.map((address) => address.isPrimary)).toEqual([true, false]);
  });

  it('leaves restaurantId alone when no store serves the chosen address', async () => {
    $restaurantId.set('Mg==');
    apiStub.answer = () => ({ code: 200, Result: { restaurant_id: null } });
    await chooseAddress(kept());
    expect($restaurantId.get()).toBe('Mg==');
  });

  it('reads the primary address', async () => {
    apiStub.answer = () => ({ code: 200, Result: saved() });
    expect((await loadPrimaryAddress())?.id).toBe(7);
    apiStub.answer = () => ({ code: 101 });
    expect(await loadPrimaryAddress()).toBe(null);
  });
});
