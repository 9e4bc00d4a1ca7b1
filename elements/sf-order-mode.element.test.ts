import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import '/dist/storefront.standalone.js';
import { queryAll } from '../tests/helpers/element-dom.ts';
import { writeStored } from '../tests/helpers/element-state.ts';

const radios = (element: Element) => queryAll<HTMLButtonElement>(element, '[role="radio"]');

describe('<sf-order-mode>', () => {
  it('switches between delivery and pickup, clearing the saved promo code, and ignores the current mode', async () => {
    // As if another tab had applied a promo code.
    writeStored('promocode', 'WELCOME10');
    writeStored('promoDiscount', 5);
    const modeSwitch = await fixture(html`<sf-order-mode></sf-order-mode>`);
    await waitUntil(() => radios(modeSwitch).length === 2, 'switch not rendered (Harbor Eats enables pickup)', { timeout: 15_000 });
    const [delivery, pickup] = radios(modeSwitch);
    expect(delivery!.getAttribute('aria-checked')).to.equal('true');
    // The vendor's terminology names the takeaway mode.
    expect(pickup!.textContent).to.equal('Pickup');

    const heard: string[] = [];
    document.addEventListener('sf-order-mode-change', (event) => heard.push((event as CustomEvent).detail.mode));
    delivery!.click();
    expect(heard).to.deep.equal([]);
    pickup!.click();
    await waitUntil(() => pickup!.getAttribute('aria-checked') === 'true', 'pickup not chosen');
    expect(heard).to.deep.equal(['pickup']);
    expect(localStorage.getItem('pickupDeliveryFlag')).to.equal('0');
    expect(localStorage.getItem('promocode')).to.equal(null);
    expect(localStorage.getItem('promoDiscount')).to.equal(null);
  });
});
