import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import '/dist/storefront.js';

const line = (item_id: number, quantity: number) => ({
  restaurant_id: 1, item_id, name: `Item ${item_id}`, price: 5, selected_type: [], quantity, itemTotalQuantity: 10,
  selectCustoizeID: [], selectCustoizePrice: [], itemQuntity: 1, item_type: 0, item_price: 5, image: '', saveprice: 0,
  item_tax: 0, mrp: 5, packaging_charge: 0,
});

const badge = (element: Element) => element.shadowRoot?.querySelector('[part~="badge"]')?.textContent ?? '';

describe('<sf-cart-button>', () => {
  it('shows the summed quantities of a cart written in another tab, and tells the host page', async () => {
    const button = await fixture(html`<sf-cart-button></sf-cart-button>`);
    await waitUntil(() => button.shadowRoot?.querySelector('button'), 'button not rendered', { timeout: 15_000 });
    let heard: CustomEvent | undefined;
    document.addEventListener('sf-cart-change', (event) => (heard = event as CustomEvent), { once: true });
    const cart = JSON.stringify([line(1, 2), line(2, 3)]);
    localStorage.setItem('cart', cart);
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: cart, storageArea: localStorage }));
    await waitUntil(() => badge(button) === '5', `badge shows "${badge(button)}"`);
    expect(heard?.detail.count).to.equal(5);
    expect(button.shadowRoot!.querySelector('button')!.getAttribute('aria-label')).to.contain('5');
  });

  it('emits a composed sf-cart-open event when pressed', async () => {
    const button = await fixture(html`<sf-cart-button></sf-cart-button>`);
    await waitUntil(() => button.shadowRoot?.querySelector('button'), 'button not rendered', { timeout: 15_000 });
    let opened = false;
    document.addEventListener('sf-cart-open', () => (opened = true), { once: true });
    button.shadowRoot!.querySelector('button')!.click();
    expect(opened).to.equal(true);
  });

  it('loading the bundle a second time is harmless and shares one state', async () => {
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    await import('/dist/storefront.js?copy=2' as string);
    window.removeEventListener('error', onError);
    expect(errors).to.deep.equal([]);
    const button = await fixture(html`<sf-cart-button></sf-cart-button>`);
    await waitUntil(() => badge(button) === '5', 'the second copy does not see the same cart');
  });
});
