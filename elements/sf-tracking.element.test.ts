import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { api, signOutLocally } from '../tests/helpers/element-api.ts';
import { part, partText, root } from '../tests/helpers/element-dom.ts';
import { installFakeGoogleMaps, withMapsKey } from '../tests/helpers/location-fakes.ts';
import { placeOrder, waitForStatus } from './sf-order.test-helpers.ts';
import '/dist/storefront.standalone.js';

const driverAt = (element: Element) => {
  const marker = part(element, 'map-driver');
  return marker ? `${marker.getAttribute('data-x')},${marker.getAttribute('data-y')}` : '';
};

describe('<sf-tracking>', () => {
  it('follows a delivery order live: the steps, then the driver moving on the drawn map with the distance and time left, to the door', async function () {
    this.timeout(180_000); // the simulator moves the order a step every few seconds, then drives it
    const placed = await placeOrder({ mode: 'delivery' });
    const changes: string[] = [];
    const listen = (event: Event) => changes.push((event as CustomEvent<{ status: string }>).detail.status);
    document.addEventListener('sf-order-status', listen);
    try {
      const tracking = await fixture(html`<sf-tracking order=${String(placed.order_id)}></sf-tracking>`);
      await waitUntil(() => part(tracking, 'steps'), 'no steps', { timeout: 15_000 });
      expect(root(tracking).querySelector('h2, h1')!.textContent).to.equal(`Track order #${placed.order_id}`);
      // The map is drawn without tiles: the route, the store and the door, to scale.
      expect(part(tracking, 'map')!.querySelector('svg')!.getAttribute('data-map')).to.equal('drawn');
      expect(part(tracking, 'map-route')!.getAttribute('points')!.split(' ')).to.have.length(4);
      expect(part(tracking, 'map-store')).to.not.equal(null);
      expect(part(tracking, 'map-destination')).to.not.equal(null);
      expect(part(tracking, 'map')!.querySelector('svg')!.getAttribute('aria-describedby')).to.equal(part(tracking, 'trip-summary')!.id);

      // On the way: a driver, a call link, and the driver moving.
      await waitUntil(() => part(tracking, 'driver') && driverAt(tracking), 'no driver on the map', { timeout: 90_000 });
      expect(['Jordan Lee', 'Maria Santos']).to.include(part(tracking, 'driver')!.querySelector('h2, h3')!.textContent);
      expect(part(tracking, 'call-driver')!.getAttribute('href')).to.match(/^tel:\+1415555014\d$/);
      expect(partText(tracking, 'trip-summary')).to.match(/ is [\d.,]+ (km|m) away, arriving in about \d+ minutes?$/);
      const first = driverAt(tracking);
      await waitUntil(() => driverAt(tracking) !== first || partText(tracking, 'current-status') !== 'On The Way', 'the driver did not move', { timeout: 15_000 });

      // Arrived and delivered: the view ends there, and told the host page of each change.
      await waitUntil(() => partText(tracking, 'current-status') === 'Delivered', 'not delivered', { timeout: 90_000 });
      expect(changes).to.include.members(['on_the_way', 'arrived', 'delivered']);
      expect(part(tracking, 'share')).to.equal(null);
    } finally {
      document.removeEventListener('sf-order-status', listen);
    }
  });

  it('follows an order by its tracking link without an account, and says when a link is wrong', async () => {
    const placed = await placeOrder({ mode: 'delivery' });
    const link = await api<{ Result: { token: string } }>('tracking_link', { order_id: placed.order_id }, placed.token);
    signOutLocally();
    const tracking = await fixture(html`<sf-tracking tracking=${link.Result.token}></sf-tracking>`);
    await waitUntil(() => part(tracking, 'steps'), 'no steps for the link', { timeout: 15_000 });
    expect(root(tracking).querySelector('h2, h1')!.textContent).to.equal(`Track order #${placed.order_id}`);
    expect(partText(tracking, 'map-legend')).to.contain('Delivery point');
    expect(part(tracking, 'share')).to.equal(null);

    const wrong = await fixture(html`<sf-tracking tracking=${`${link.Result.token.slice(0, -4)}AAAA`}></sf-tracking>`);
    await waitUntil(() => part(wrong, 'not-found'), 'no message for a wrong link', { timeout: 15_000 });
    expect(partText(wrong, 'not-found')).to.contain('This tracking link is not valid');

    const guest = await fixture(html`<sf-tracking order=${String(placed.order_id)}></sf-tracking>`);
    await waitUntil(() => part(guest, 'sign-in-prompt'), 'no sign-in prompt', { timeout: 15_000 });
    expect(partText(guest, 'sign-in-prompt')).to.contain('Sign in to follow your order.');
  });

  it('lets the customer share a tracking link to this page', async () => {
    const placed = await placeOrder({ mode: 'delivery' });
    const tracking = await fixture(html`<sf-tracking order=${String(placed.order_id)}></sf-tracking>`);
    await waitUntil(() => part(tracking, 'share-link'), 'no share button', { timeout: 15_000 });
    part<HTMLButtonElement>(tracking, 'share-link')!.click();
    await waitUntil(() => part(tracking, 'share-url'), 'no link shown', { timeout: 15_000 });
    const url = new URL(part<HTMLInputElement>(tracking, 'share-url')!.value);
    expect(url.pathname).to.equal(`/trackorder/${placed.order_id}`);
    expect(url.searchParams.get('t')).to.match(new RegExp(`^${placed.order_id}\\.\\d+\\.[A-Za-z0-9_-]{32}$`));
  });

  it('with the vendor\'s Google Maps key: Google\'s map at zoom 15, driving directions from the store to the door, the driver\'s marker moving', async function () {
    this.timeout(120_000);
    const fake = installFakeGoogleMaps();
    const placed = await placeOrder({ mode: 'delivery' });
    await withMapsKey();
    const tracking = await fixture(html`<sf-tracking order=${String(placed.order_id)}></sf-tracking>`);
    await waitUntil(() => part(tracking, 'map')?.getAttribute('data-map') === 'google', 'no Google map', { timeout: 15_000 });
    await waitUntil(() => fake.maps.length > 0 && fake.directions.length > 0, 'no map or no directions', { timeout: 15_000 });
    expect(fake.maps[0]!.options.zoom).to.equal(15);
    expect(fake.directions[0]!.travelMode).to.equal('DRIVING');
    expect(part(tracking, 'map')!.getAttribute('aria-describedby')).to.equal(part(tracking, 'trip-summary')!.id);
    // Store and door, then the driver once on the way, moving.
    expect(fake.markers).to.have.length(2);
    await waitForStatus(placed.token, placed.order_id, 'on_the_way');
    await waitUntil(() => fake.markers.length === 3, 'no driver marker', { timeout: 15_000 });
    const driver = fake.markers[2]!;
    const first = { ...driver.position };
    await waitUntil(() => driver.position.lat !== first.lat || driver.position.lng !== first.lng, 'the driver marker did not move', { timeout: 15_000 });
  });
});
