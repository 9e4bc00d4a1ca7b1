import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { sendKeys } from '@web/test-runner-commands';
import '/dist/storefront.standalone.js';
import { fakeGeolocation, installFakeGoogleMaps, withMapsKey } from '../tests/helpers/location-fakes.ts';
import { addAddressByApi, api, signInByApi, signOutLocally } from '../tests/helpers/element-api.ts';
import { button, byLabel, part, root, shadowText, toasts } from '../tests/helpers/element-dom.ts';
import { type } from '../tests/helpers/element-input.ts';
import { sharedStore } from '../tests/helpers/element-state.ts';

const DENIED = 'Location access denied. Please enable location permissions in your browser settings.';
const SF = { latitude: 37.7936, longitude: -122.3951 };

describe('<sf-address-form>', () => {
  let backs = 0;
  const realBack = history.back.bind(history);
  before(() => {
    history.back = () => void backs++;
  });
  after(() => {
    history.back = realBack;
  });

  it('sends a guest to sign in after about half a second', async () => {
    signOutLocally();
    let required: CustomEvent | undefined;
    document.addEventListener('sf-sign-in-required', (event) => (required = event as CustomEvent), { once: true });
    const started = Date.now();
    const form = await fixture(html`<sf-address-form></sf-address-form>`);
    await waitUntil(() => required, 'no sf-sign-in-required', { timeout: 15_000 });
    expect(Date.now() - started).to.be.greaterThan(400);
    expect(required!.detail.reason).to.equal('address');
    await waitUntil(() => part(form, 'sign-in-prompt'), 'no sign-in prompt');
    expect(byLabel(form, 'Address')).to.equal(null);
  });

  it('works without a maps key: says the map is missing, falls back to the vendor coordinates when the device refuses, validates, saves', async () => {
    await signInByApi();
    const calls = fakeGeolocation({ code: 1 });
    const form = await fixture(html`<sf-address-form></sf-address-form>`);
    await waitUntil(() => byLabel(form, 'Address'), 'form not rendered', { timeout: 15_000 });
    expect(shadowText(form)).to.contain('Map unavailable: type your address and use your current location');
    await waitUntil(() => shadowText(form).includes(DENIED), 'denied message not shown');
    expect(calls[0]?.timeout).to.equal(20_000);
    expect(part(form, 'map')).to.equal(null);
    // House name hint shown, not enforced.
    expect(shadowText(form)).to.contain('Enter House/Building Name');
    // The vendor's coordinates stand in for the location, so save is possible.
    const save = button(form, 'Save address')!;
    await waitUntil(() => !save.disabled, 'save stays disabled with the fallback coordinates');
    save.click();
    await waitUntil(() => shadowText(form).includes('Please enter address'), 'address not required');
    await type(byLabel(form, 'Address')!, '500 Howard St, San Francisco');
    await type(byLabel(form, 'Flat/Floor')!, 'top');
    button(form, 'Save address')!.click();
    await waitUntil(() => shadowText(form).includes('Flat number must be a number'), 'flat number not checked');
    await type(byLabel(form, 'Flat/Floor')!, '4B');
    await type(byLabel(form, 'House/Building name')!, 'Foundry Square');
    (root(form).querySelector('input[type="radio"][value="Office"]') as HTMLInputElement).click();
    const changes: CustomEvent[] = [];
    document.addEventListener('sf-location-change', (event) => changes.push(event as CustomEvent));
    backs = 0;
    button(form, 'Save address')!.click();
    await waitUntil(() => toasts().includes('Address saved'), 'no success toast', { timeout: 10_000 });
    await waitUntil(() => backs === 1, 'page mode did not go back');
    expect(localStorage.getItem('latitude')).to.equal('37.7749'); // Harbor Eats' system coordinates
    expect(localStorage.getItem('address')).to.equal('"4B, Foundry Square, 500 Howard St, San Francisco"');
    expect(changes.at(-1)?.detail).to.deep.equal({ latitude: 37.7749, longitude: -122.4194, address: '4B, Foundry Square, 500 Howard St, San Francisco' });
  });

  it('with Google Maps: sets the map up after 500 ms at zoom 18 on the device position; save waits for a picked location; search and map fill the address', async () => {
    const fake = installFakeGoogleMaps();
    await withMapsKey();
    fakeGeolocation('never');
    const form = await fixture(html`<sf-address-form></sf-address-form>`);
    await waitUntil(() => part(form, 'search'), 'no search box', { timeout: 15_000 });
    expect(part(form, 'map-note')).to.equal(null);
    const save = button(form, 'Save address')!;
    expect(save.disabled).to.equal(true);
    await waitUntil(() => fake.maps.length === 1, 'map not created', { timeout: 3_000 });
    expect(fake.maps[0]!.options.zoom).to.equal(18);
    expect(fake.maps[0]!.element.getAttribute('part')).to.equal('map');

    const search = root(form).querySelector('[role="combobox"]') as HTMLInputElement;
    expect(byLabel(form, 'Search for your area or street')).to.equal(search);
    await type(search, 'Market');
    await waitUntil(() => root(form).querySelector('[role="option"]'), 'no suggestions', { timeout: 3_000 });
    (root(form).querySelector('[role="option"]') as HTMLElement).click();
    await waitUntil(() => byLabel(form, 'Address')!.value === 'Market Plaza, San Francisco, CA', 'search did not fill the address');
    await waitUntil(() => !button(form, 'Save address')!.disabled, 'save still disabled after a search pick');

    fake.clickMap(37.79, -122.4);
    await waitUntil(() => byLabel(form, 'Address')!.value.startsWith('Pinned 37.7900'), 'map click did not reverse-geocode');
  });

  it('edits a saved address by address-id and deletes it after confirmation', async () => {
    const token = localStorage.getItem('token')!;
    const added = await addAddressByApi(token, { address: '1 Ferry Building, San Francisco', latitude: SF.latitude, longitude: SF.longitude, flat_no: '2' });
    expect(added.code).to.equal(200);
    const id = added.Result.shiping_id;
    const form = await fixture(html`<sf-address-form address-id=${id}></sf-address-form>`);
    await waitUntil(() => byLabel(form, 'Address')?.value === '1 Ferry Building, San Francisco', 'address not loaded', { timeout: 15_000 });
    await type(byLabel(form, 'Landmark')!, 'Clock tower');
    backs = 0;
    button(form, 'Save address')!.click();
    await waitUntil(() => toasts().includes('Address updated'), 'no update toast');
    await waitUntil(() => backs === 1, 'did not go back');

    button(form, 'Delete')!.click();
    const dialog = part(form, 'confirm-dialog') as HTMLDialogElement;
    await waitUntil(() => dialog.open, 'no confirmation');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog.open, 'Escape did not close the confirmation');
    button(form, 'Delete')!.click();
    await waitUntil(() => dialog.open, 'no confirmation');
    button(form, 'Yes, delete')!.click();
    await waitUntil(() => toasts().includes('Address deleted'), 'no delete toast');
    const list = await api<{ Result?: Array<{ shiping_id: number }> }>('list_shiping_address', {}, token);
    expect((list.Result ?? []).map((address) => address.shiping_id)).not.to.include(id);
  });

  it('mode="modal": a button opens the form in a dialog; Escape closes it; saving closes and resets it', async () => {
    fakeGeolocation(SF);
    sharedStore<Record<string, unknown>>('settings').set({ ...sharedStore<Record<string, unknown>>('settings').get(), google_map_key: '' });
    const element = await fixture(html`<sf-address-form mode="modal"></sf-address-form>`);
    await waitUntil(() => button(element, 'Add New Address'), 'no open button', { timeout: 15_000 });
    button(element, 'Add New Address')!.click();
    const dialog = part(element, 'address-dialog') as HTMLDialogElement;
    await waitUntil(() => dialog.open && byLabel(element, 'Address'), 'dialog not open');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog.open, 'Escape did not close');

    button(element, 'Add New Address')!.click();
    await waitUntil(() => dialog.open && byLabel(element, 'Address'), 'dialog not open again');
    await waitUntil(() => !button(element, 'Save address')!.disabled, 'device position not used');
    await type(byLabel(element, 'Address')!, '1 Market St, San Francisco');
    backs = 0;
    button(element, 'Save address')!.click();
    await waitUntil(() => !dialog.open, 'modal did not close after saving', { timeout: 10_000 });
    expect(backs).to.equal(0);
    expect(localStorage.getItem('latitude')).to.equal(String(SF.latitude));
    button(element, 'Add New Address')!.click();
    await waitUntil(() => dialog.open && byLabel(element, 'Address'), 'dialog not open a third time');
    expect(byLabel(element, 'Address')!.value).to.equal('');
  });
});
