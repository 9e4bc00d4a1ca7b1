import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import '/dist/storefront.standalone.js';
import { partText } from '../tests/helpers/element-dom.ts';
import { itemLine, writeCart } from '../tests/helpers/element-state.ts';

describe('<sf-cart-button>', () => {
  it('shows the summed quantities of a cart written in another tab, and tells the host page', async () => {
    const button = await fixture(html`<sf-cart-button></sf-cart-button>`);
    await waitUntil(() => button.shadowRoot?.querySelector('button'), 'button not rendered', { timeout: 15_000 });
    let heard: CustomEvent | undefined;
    document.addEventListener('sf-cart-change', (event) => (heard = event as CustomEvent), { once: true });
    writeCart([itemLine(1, 2), itemLine(2, 3)]); // as another tab would
    await waitUntil(() => partText(button, 'badge') === '5', `badge shows "${partText(button, 'badge')}"`);
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
    await import('/dist/storefront.standalone.js?copy=2' as string);
    window.removeEventListener('error', onError);
    expect(errors).to.deep.equal([]);
    const button = await fixture(html`<sf-cart-button></sf-cart-button>`);
    await waitUntil(() => partText(button, 'badge') === '5', 'the second copy does not see the same cart');
  });
});
