import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { api, json, signInByApi, signOutLocally, stubApi } from '../tests/helpers/element-api.ts';
import { part, root } from '../tests/helpers/element-dom.ts';
import { sharedStore } from '../tests/helpers/element-state.ts';
import '/dist/storefront.standalone.js';

interface Item { item_id: number; name: string; is_subscribable: 0 | 1 }

/** Green Leaf Vegan's subscribable latte and an item that is not subscribable. */
async function greenLeaf(): Promise<{ storeId: number; latte: Item; other: Item }> {
  const store = await api<{ Result: { restaurant_id: number } }>('get_restaurant_detail_by_slug', { slug: 'green-leaf-vegan' });
  const menu = await api<{ Result: Array<{ items: Item[] }> }>('restaurantCategoryWithMenu', { restaurant_id: store.Result.restaurant_id });
  const items = menu.Result.flatMap((category) => category.items);
  return { storeId: store.Result.restaurant_id, latte: items.find((item) => item.name === 'Cold Brew Oat Latte')!, other: items.find((item) => !item.is_subscribable)! };
}

/** The demo vendor has subscriptions off: turned on in the page's settings once they are in. */
async function subscriptionsOn(): Promise<void> {
  const settings = sharedStore<Record<string, unknown> | null>('settings');
  await waitUntil(() => settings.get(), 'settings not loaded', { timeout: 15_000 });
  settings.set({ ...settings.get(), subscription_status: 1 });
}

describe('<sf-subscribe>', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    localStorage.removeItem('subscriptionCart');
  });

  it('shows nothing for an item the store does not offer by subscription', async () => {
    await signInByApi('Subscribe Other');
    const { storeId, latte, other } = await greenLeaf();
    const yes = await fixture(html`<sf-subscribe restaurant-id=${storeId} item-id=${latte.item_id}></sf-subscribe>`);
    const no = await fixture(html`<sf-subscribe restaurant-id=${storeId} item-id=${other.item_id}></sf-subscribe>`);
    await subscriptionsOn();
    await waitUntil(() => part(yes, 'subscribe-button'), 'no Subscribe', { timeout: 15_000 });
    expect(part(no, 'subscribe-button')).to.equal(null);
    expect(part(yes, 'subscribe-button')!.getAttribute('aria-label')).to.equal('Subscribe to Cold Brew Oat Latte');
  });

  it('asks a guest to sign in', async () => {
    signOutLocally();
    const { storeId, latte } = await greenLeaf();
    const element = await fixture(html`<sf-subscribe restaurant-id=${storeId} item-id=${latte.item_id}></sf-subscribe>`);
    await subscriptionsOn();
    await waitUntil(() => part(element, 'subscribe-button'), 'no Subscribe', { timeout: 15_000 });
    let required: CustomEvent | undefined;
    document.addEventListener('sf-sign-in-required', (event) => (required = event as CustomEvent), { once: true });
    part(element, 'subscribe-button')!.click();
    await waitUntil(() => required, 'no sf-sign-in-required');
    expect(required!.detail).to.deep.equal({ reason: 'subscribe' });
  });

  it('takes a customer through the cart and the review in a dialog to sf-subscribed', async () => {
    await signInByApi('Subscribe Dialog');
    const { storeId, latte } = await greenLeaf();
    const sent: Array<{ name: string; body: Record<string, unknown> }> = [];
    restore = stubApi(({ name, body }) => {
      if (name === 'check_subscription_item_promocode') {
        sent.push({ name, body });
        return json({ code: 200, Result: {
          delivery: { lines: [], item_total: 11, tax: 0.55, tax_name: 'Sales tax', packaging_charge: 0, delivery_charge: 0, discount: 0, coupon_code: '', coupon_refusal: '', total: 11.55, wallet_amount: 40 },
          first_period_deliveries: 9, first_period_total: 103.95, first_date: String(body.start_date), first_cutoff_at: '2026-12-01T04:00:00Z',
        } });
      }
      if (name === 'subscription') {
        sent.push({ name, body });
        return json({ code: 200, Result: { subscription_id: 77, next_date: String(body.start_date) } });
      }
      return undefined;
    });
    const element = await fixture(html`<sf-subscribe restaurant-id=${storeId} item-id=${latte.item_id}></sf-subscribe>`);
    await subscriptionsOn();
    await waitUntil(() => part(element, 'subscribe-button'), 'no Subscribe', { timeout: 15_000 });
    part(element, 'subscribe-button')!.click();
    await waitUntil(() => part(element, 'subscription-cart'), 'no cart', { timeout: 15_000 });
    const dialog = part<HTMLDialogElement>(element, 'subscribe-dialog')!;
    expect(dialog.open).to.equal(true);
    // Pickup, Mondays and Thursdays, two each time.
    const radio = (name: string) => [...root(element).querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((input) => input.parentElement?.textContent?.trim() === name)!;
    radio('Pickup').click();
    radio('Custom').click();
    await waitUntil(() => part(element, 'weekdays'), 'no weekdays');
    for (const day of ['Monday', 'Thursday']) {
      [...root(element).querySelectorAll<HTMLInputElement>('[part~="weekdays"] input')].find((input) => input.parentElement?.textContent?.trim() === day)!.click();
    }
    [...root(element).querySelectorAll<HTMLButtonElement>('[part~="quantity-field"] button')].find((button) => button.getAttribute('aria-label') === 'Increase quantity')!.click();
    await waitUntil(() => part(element, 'quantity')?.textContent === '2', 'quantity not 2');
    part(element, 'review-button')!.click();
    await waitUntil(() => part(element, 'per-delivery'), 'no review', { timeout: 15_000 });
    expect(sent[0]!.body).to.include({ restaurant_id: storeId, item_id: latte.item_id, quantity: 2, order_mode: 'pickup', frequency: 'custom', slot: '08:00' });
    expect(sent[0]!.body.weekdays).to.deep.equal([1, 4]);
    let made: CustomEvent | undefined;
    element.addEventListener('sf-subscribed', (event) => (made = event as CustomEvent), { once: true });
    part(element, 'subscribe')!.click();
    await waitUntil(() => made, 'no sf-subscribed', { timeout: 15_000 });
    expect(made!.detail).to.deep.equal({ subscription_id: 77 });
    // The event is sent as the dialog is told to close; React closes it on its next render.
    await waitUntil(() => !dialog.open, 'the dialog stayed open');
    expect(typeof sent[1]!.body.idempotency_key).to.equal('string');
  });
});
