import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { sendKeys } from '@web/test-runner-commands';

describe('<sf-store-picker>', () => {
  before(async () => {
    // The Arabic demo vendor sells groceries one store at a time (product type 2, store_selection 0).
    window.StorefrontElementsConfig = { host: 'souq.localhost' };
    await import('/dist/storefront.standalone.js' as string);
  });

  it('forces a store choice with a static backdrop and stores it base64-encoded', async () => {
    localStorage.removeItem('restaurantId');
    localStorage.setItem('latitude', '25.2048');
    localStorage.setItem('longitude', '55.2708');
    const picker = await fixture(html`<sf-store-picker variant="button"></sf-store-picker>`);
    const dialog = () => picker.shadowRoot?.querySelector('dialog');
    await waitUntil(() => dialog()?.open, 'the store modal did not open by itself', { timeout: 15_000 });
    await waitUntil(() => picker.shadowRoot!.querySelectorAll('[part~="store"]').length > 0, 'no stores listed');
    // Escape does not close a forced choice.
    await sendKeys({ press: 'Escape' });
    expect(dialog()!.open).to.equal(true);

    let chosen: string | undefined;
    document.addEventListener('sf-store-change', (event) => (chosen = (event as CustomEvent).detail.restaurantId), { once: true });
    (picker.shadowRoot!.querySelector('[part~="store"]') as HTMLButtonElement).click();
    await waitUntil(() => !dialog()!.open, 'the modal stayed open after a choice');
    expect(chosen).to.match(/^[A-Za-z0-9+/]+=*$/);
    expect(Number(atob(chosen!))).to.be.greaterThan(0);
    expect(JSON.parse(localStorage.getItem('restaurantId')!)).to.equal(chosen);

    // The Select store button reopens it, and now Escape closes it.
    (picker.shadowRoot!.querySelector('[part~="trigger"]') as HTMLButtonElement).click();
    await waitUntil(() => dialog()!.open, 'Select store did not reopen the modal');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog()!.open, 'Escape did not close the reopened modal');
  });
});

declare global {
  interface Window {
    StorefrontElementsConfig?: { host?: string };
  }
}
