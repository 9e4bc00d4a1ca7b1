import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { sendKeys } from '@web/test-runner-commands';
import '/dist/storefront.standalone.js';
import { addAddressByApi, signInByApi } from '../tests/helpers/element-api.ts';
import { button, byLabel, part, parts, root, shadowText, toasts } from '../tests/helpers/element-dom.ts';
import { type } from '../tests/helpers/element-input.ts';
import { sharedStore } from '../tests/helpers/element-state.ts';
import { fakeGeolocation, installFakeGoogleMaps, withMapsKey } from '../tests/helpers/location-fakes.ts';

const dialogOf = (element: Element) => part<HTMLDialogElement>(element, 'location-dialog')!;

async function openModal(element: Element) {
  await waitUntil(() => part(element, 'trigger'), 'no trigger', { timeout: 15_000 });
  part(element, 'trigger')!.click();
  await waitUntil(() => dialogOf(element)?.open && button(element, 'Detect current location'), 'modal not open');
}

async function detect(element: Element) {
  await waitUntil(() => button(element, 'Detect current location'), 'still locating');
  button(element, 'Detect current location')!.click();
}

const DENIED = 'Location access denied. Please enable location permissions in your browser settings.';
const UNAVAILABLE = 'Location information is unavailable.';

describe('<sf-location>', () => {
  it('a guest: auto-open shows the modal; closing without a place falls back to the vendor coordinates', async () => {
    localStorage.clear();
    const changes: CustomEvent[] = [];
    document.addEventListener('sf-location-change', (event) => changes.push(event as CustomEvent));
    const element = await fixture(html`<sf-location auto-open></sf-location>`);
    await waitUntil(() => dialogOf(element)?.open, 'modal did not open by itself', { timeout: 15_000 });
    expect(part(element, 'trigger')!.textContent).to.contain('Set Location');
    expect(shadowText(element)).to.contain('Detect current location');
    expect(shadowText(element)).not.to.contain('OR'); // no maps key: no search, no divider
    expect(part(element, 'saved')).to.equal(null); // guests have no saved addresses
    expect(button(element, 'Add New Address')).to.be.ok;
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialogOf(element).open, 'Escape did not close');
    expect(localStorage.getItem('latitude')).to.equal('37.7749');
    expect(localStorage.getItem('longitude')).to.equal('-122.4194');
    expect(changes.at(-1)?.detail).to.deep.equal({ latitude: 37.7749, longitude: -122.4194, address: '' });
  });

  it("shows the location messages when the device refuses or cannot tell, and uses the device position when it can", async () => {
    const element = await fixture(html`<sf-location></sf-location>`);
    await openModal(element);
    fakeGeolocation({ code: 1 });
    await detect(element);
    await waitUntil(() => part(element, 'location-error')?.textContent === DENIED, 'no denied alert');
    expect(part(element, 'location-error')!.getAttribute('role')).to.equal('alert');
    await waitUntil(() => toasts().includes(DENIED), 'no denied toast');
    fakeGeolocation({ code: 2 });
    await detect(element);
    await waitUntil(() => part(element, 'location-error')?.textContent === UNAVAILABLE, 'no unavailable alert');
    fakeGeolocation({ code: 3 });
    await detect(element);
    await waitUntil(() => part(element, 'location-error')?.textContent === UNAVAILABLE, 'timeout not mapped');

    let change: CustomEvent | undefined;
    element.addEventListener('sf-location-change', (event) => (change = event as CustomEvent), { once: true });
    fakeGeolocation({ latitude: 37.8003, longitude: -122.4102 });
    await detect(element);
    await waitUntil(() => !dialogOf(element).open, 'modal stayed open');
    expect(change?.detail).to.deep.equal({ latitude: 37.8003, longitude: -122.4102, address: '' });
    expect(localStorage.getItem('latitude')).to.equal('37.8003');
    expect(part(element, 'trigger')!.textContent).to.contain('Current location');
  });

  it('with a maps key: OR divider and a place search whose suggestion sets the place', async () => {
    installFakeGoogleMaps();
    await withMapsKey();
    const element = await fixture(html`<sf-location></sf-location>`);
    await openModal(element);
    await waitUntil(() => part(element, 'search'), 'no search box', { timeout: 5_000 });
    expect(part(element, 'divider')!.textContent).to.contain('OR');
    const search = byLabel(element, 'Search for your area or street')!;
    await type(search, 'Market');
    await waitUntil(() => root(element).querySelector('[role="option"]'), 'no suggestions', { timeout: 3_000 });
    expect(search.getAttribute('aria-expanded')).to.equal('true');
    (root(element).querySelector('[role="option"]') as HTMLElement).click();
    await waitUntil(() => !dialogOf(element).open, 'modal stayed open after a pick');
    expect(localStorage.getItem('address')).to.equal('"Market Plaza, San Francisco, CA"');
    expect(part(element, 'trigger')!.textContent).to.contain('Market Plaza, San Francisco, CA');
    const settings = sharedStore<Record<string, unknown>>('settings');
    settings.set({ ...settings.get(), google_map_key: '' });
  });

  it('a signed-in customer: No Address Found, adds an address from the modal, then chooses between saved addresses', async () => {
    const token = await signInByApi('Saved Addresses');
    const element = await fixture(html`<sf-location></sf-location>`);
    await openModal(element);
    await waitUntil(() => shadowText(element).includes('Saved Address'), 'no saved section');
    await waitUntil(() => shadowText(element).includes('No Address Found'), 'no empty text');

    fakeGeolocation({ latitude: 37.7853, longitude: -122.4294 });
    button(element, 'Add New Address')!.click();
    // The form's code comes when it is first wanted.
    await waitUntil(() => part<HTMLDialogElement>(element, 'address-dialog')?.open && byLabel(element, 'Address'), 'add-address dialog not open');
    const addDialog = part<HTMLDialogElement>(element, 'address-dialog')!;
    await waitUntil(() => !button(element, 'Save address')!.disabled, 'device position not used');
    await type(byLabel(element, 'Address')!, '1 Japantown Plaza, San Francisco');
    await type(byLabel(element, 'Flat/Floor')!, '3');
    button(element, 'Save address')!.click();
    await waitUntil(() => !addDialog.open, 'add-address dialog did not close', { timeout: 10_000 });
    await waitUntil(() => !dialogOf(element).open, 'location modal did not close after the save');
    await waitUntil(() => part(element, 'trigger-label')?.textContent === 'Home', 'trigger shows no label');
    expect(part(element, 'trigger')!.textContent).to.contain('3, 1 Japantown Plaza, San Francisco');

    const second = await addAddressByApi(token, { address: '600 Montgomery St, San Francisco', latitude: 37.7952, longitude: -122.4028, address_clarification: 'Office', house_name: 'Pyramid' });
    expect(second.code).to.equal(200);
    await openModal(element);
    await waitUntil(() => parts(element, 'saved-address').length === 2, 'saved addresses not listed', { timeout: 10_000 });
    const [first, office] = [parts(element, 'saved-address').find((node) => node.textContent!.includes('Japantown'))!, parts(element, 'saved-address').find((node) => node.textContent!.includes('Montgomery'))!];
    expect(first.textContent).to.contain('CURRENTLY SELECTED');
    expect(first.getAttribute('aria-current')).to.equal('true');
    expect(office.textContent).to.contain('Office');
    expect(office.textContent).to.contain('Pyramid');
    expect(office.textContent).not.to.contain('CURRENTLY SELECTED');

    let change: CustomEvent | undefined;
    element.addEventListener('sf-location-change', (event) => (change = event as CustomEvent), { once: true });
    office.click();
    await waitUntil(() => !dialogOf(element).open, 'modal did not close after choosing');
    expect(change?.detail).to.deep.equal({ latitude: 37.7952, longitude: -122.4028, address: 'Pyramid, 600 Montgomery St, San Francisco' });
    expect(localStorage.getItem('latitude')).to.equal('37.7952');
    expect(atob(JSON.parse(localStorage.getItem('restaurantId') ?? '""') as string)).to.match(/^\d+$/);
    await waitUntil(() => part(element, 'trigger-label')?.textContent === 'Office', 'label did not follow');

    await openModal(element);
    await waitUntil(() => parts(element, 'saved-address').find((node) => node.textContent!.includes('Montgomery'))?.textContent?.includes('CURRENTLY SELECTED'), 'marker did not move');
    // Focus stays inside the modal.
    for (let i = 0; i < 8; i++) await sendKeys({ press: 'Tab' });
    expect(dialogOf(element).contains(root(element).activeElement)).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialogOf(element).open, 'Escape did not close');
  });
});
