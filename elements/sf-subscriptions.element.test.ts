import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { json, signInByApi, signOutLocally, stubApi } from '../tests/helpers/element-api.ts';
import { part, parts } from '../tests/helpers/element-dom.ts';
import { sharedStore } from '../tests/helpers/element-state.ts';
import '/dist/storefront.standalone.js';

const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** The demo vendor has subscriptions off: these tests turn them on in the page's settings once they are in. */
async function subscriptionsOn(): Promise<void> {
  const settings = sharedStore<Record<string, unknown> | null>('settings');
  await waitUntil(() => settings.get(), 'settings not loaded', { timeout: 15_000 });
  settings.set({ ...settings.get(), subscription_status: 1 });
}

const summary = {
  subscription_id: 7, restaurant_id: 1, restaurant_name: 'Green Leaf Vegan', item_id: 3, item_name: 'Cold Brew Oat Latte', item_image: '',
  options: [], quantity: 2, order_mode: 'pickup', frequency: 'custom', interval_days: null, weekdays: [1, 4], slot: '08:30',
  start_date: '2026-12-01', state: 'active', next_date: '2026-12-03', created_at: '2026-11-26T12:00:00Z',
};
const detail = {
  ...summary, delivery_address: '', coupon_code: '', pauses: [], next_cutoff_at: '2026-12-03T04:00:00Z', per_delivery: 11,
  upcoming: [{ date: '2026-12-03', status: 'planned', reason: '', order_id: null, delivered_on: '', quantity: 2, amount: 11 }],
  past: [
    { date: '2026-11-30', status: 'missed', reason: 'wallet', order_id: null, delivered_on: '', quantity: 2, amount: 0 },
    { date: '2026-11-26', status: 'ordered', reason: '', order_id: 41, delivered_on: '2026-11-26', quantity: 2, amount: 11 },
  ],
};

describe('<sf-subscriptions>', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    history.replaceState(null, '', location.pathname);
  });

  it('asks a guest to sign in', async () => {
    signOutLocally();
    const element = await fixture(html`<sf-subscriptions></sf-subscriptions>`);
    await waitUntil(() => part(element, 'sign-in-prompt'), 'no sign-in prompt', { timeout: 15_000 });
    expect(text(part(element, 'sign-in-prompt'))).to.contain('Sign in to see your subscriptions.');
    let required: CustomEvent | undefined;
    document.addEventListener('sf-sign-in-required', (event) => (required = event as CustomEvent), { once: true });
    part(element, 'sign-in')!.click();
    await waitUntil(() => required, 'no sf-sign-in-required');
    expect(required!.detail).to.deep.equal({ reason: 'subscriptions' });
  });

  it('says so where the vendor offers no subscriptions', async () => {
    await signInByApi('Subscriptions Off');
    const element = await fixture(html`<sf-subscriptions></sf-subscriptions>`);
    await waitUntil(() => part(element, 'unavailable'), 'no unavailable text', { timeout: 15_000 });
    expect(text(part(element, 'unavailable'))).to.equal('Subscriptions are not available');
  });

  it('lists the customer\'s subscriptions, each opening on this page, and shows one with its days and orders', async () => {
    await signInByApi('Subscriber');
    await subscriptionsOn();
    restore = stubApi(({ name, body }) => {
      if (name === 'subscription_list') return json({ code: 200, Result: [summary] });
      if (name === 'subscription_details') return json(body.subscription_id === 7 ? { code: 200, Result: detail } : { code: 101, msg: 'Subscription not found' });
      return undefined;
    });
    const list = await fixture(html`<sf-subscriptions></sf-subscriptions>`);
    await waitUntil(() => part(list, 'subscription'), 'no list', { timeout: 15_000 });
    expect(text(part(list, 'subscription'))).to.contain('2 × Cold Brew Oat Latte');
    expect(text(part(list, 'subscription'))).to.contain('Monday and Thursday');
    expect(text(part(list, 'state'))).to.equal('Active');
    expect(part(list, 'subscription')!.querySelector('a')!.getAttribute('href')).to.equal('?subscription=7');

    history.replaceState(null, '', `${location.pathname}?subscription=7`);
    const one = await fixture(html`<sf-subscriptions order-href="/account/orders/{id}"></sf-subscriptions>`);
    await waitUntil(() => part(one, 'subscription-status'), 'no subscription', { timeout: 15_000 });
    expect(parts(one, 'day').map((day) => day.getAttribute('part'))).to.deep.equal(['day day-planned', 'day day-missed', 'day day-ordered']);
    expect(text(parts(one, 'day')[1])).to.contain('Missed: Not enough money in the wallet');
    expect(parts(one, 'day')[2]!.querySelector('a')!.getAttribute('href')).to.equal('/account/orders/41');
    expect(part(one, 'pause')).to.exist;

    const missing = await fixture(html`<sf-subscriptions subscription-id="8"></sf-subscriptions>`);
    await waitUntil(() => (missing.shadowRoot?.textContent ?? '').includes('Subscription not found'), 'no not-found', { timeout: 15_000 });
  });
});
