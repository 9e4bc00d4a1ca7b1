import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { json, stubApi } from '../tests/helpers/element-api.ts';
import { part, parts, toasts } from '../tests/helpers/element-dom.ts';
import { sharedStore, writeStored } from '../tests/helpers/element-state.ts';
import '/dist/storefront.standalone.js';

const codes = (element: Element) => parts(element, 'code').map((code) => code.textContent?.trim());
const offer = (element: Element, code: string) => parts(element, 'offer').find((node) => node.querySelector('[part~="code"]')?.textContent === code)!;

describe('<sf-offers>', () => {
  beforeEach(() => writeStored('pickupDeliveryFlag', 1));

  it('lists the delivery offers in the page with image, name, code, and More/Less past 54 characters', async () => {
    const offers = await fixture(html`<sf-offers inline></sf-offers>`);
    await waitUntil(() => parts(offers, 'offer').length > 0, 'no offers listed', { timeout: 15_000 });
    // Harbor Eats: delivery and 'Both' coupons, not the pickup one nor the expired one.
    expect(codes(offers)).to.include.members(['WELCOME10', 'FLAT5', 'FREEBITE']);
    expect(codes(offers)).not.to.include('PICKUP15');
    expect(codes(offers)).not.to.include('SUMMER30');
    expect(part(offers, 'trigger')).to.equal(null);

    const welcome = offer(offers, 'WELCOME10');
    expect(welcome.querySelector('[part~="offer-name"]')!.textContent).to.equal('10% off your first order');
    expect(welcome.querySelector('img[part~="offer-image"]')!.getAttribute('src')).to.match(/\/media\/coupon\/.+\.png$/);
    const description = welcome.querySelector<HTMLElement>('[part~="offer-description"]')!;
    const more = welcome.querySelector<HTMLButtonElement>('[part~="more"]')!;
    const full = 'Get 10% off your first Harbor Eats order, up to $5. Valid on delivery orders from every restaurant.';
    expect(description.textContent).to.contain(`${full.slice(0, 54).trimEnd()}…`);
    expect(description.textContent).not.to.contain('every restaurant');
    expect(more.textContent).to.equal('More');
    expect(more.getAttribute('aria-expanded')).to.equal('false');
    more.click();
    await waitUntil(() => description.textContent!.includes('every restaurant'), 'More did not show the whole description');
    expect(more.textContent).to.equal('Less');
    expect(more.getAttribute('aria-expanded')).to.equal('true');
    more.click();
    await waitUntil(() => !description.textContent!.includes('every restaurant'), 'Less did not cut it again');
    // A short description has no toggle.
    expect(offer(offers, 'FLAT5').querySelector('[part~="more"]')).to.equal(null);
  });

  it('copies a code with a toast and tells the host page', async () => {
    const written: string[] = [];
    const realClipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void written.push(text) } });
    try {
      const offers = await fixture(html`<sf-offers inline></sf-offers>`);
      await waitUntil(() => parts(offers, 'copy').length > 0, 'no Copy buttons', { timeout: 15_000 });
      let copied: CustomEvent | undefined;
      document.addEventListener('sf-promo-copy', (event) => (copied = event as CustomEvent), { once: true });
      const copy = offer(offers, 'FLAT5').querySelector<HTMLButtonElement>('[part~="copy"]')!;
      expect(copy.getAttribute('aria-label')).to.equal('Copy code FLAT5');
      copy.click();
      await waitUntil(() => toasts().includes('Promo code FLAT5 copied'), 'no copy toast');
      expect(written).to.deep.equal(['FLAT5']);
      expect(copied!.detail).to.deep.equal({ code: 'FLAT5' });
    } finally {
      delete (navigator as unknown as Record<string, unknown>).clipboard;
      if (realClipboard && !('clipboard' in navigator)) Object.defineProperty(Navigator.prototype, 'clipboard', realClipboard);
    }
  });

  it('opens the offers modal from its button; Apply sets the promo code, closes the modal and tells the host page', async () => {
    writeStored('promoDiscount', 3);
    const offers = await fixture(html`<sf-offers apply></sf-offers>`);
    await waitUntil(() => part(offers, 'trigger'), 'no Offers button', { timeout: 15_000 });
    const dialog = part<HTMLDialogElement>(offers, 'offers-dialog')!;
    expect(dialog.open).to.equal(false);
    part(offers, 'trigger')!.click();
    await waitUntil(() => dialog.open && parts(offers, 'apply').length > 0, 'modal with Apply buttons did not open');
    expect(dialog.className).to.contain('z-[9999]');
    let applied: CustomEvent | undefined;
    document.addEventListener('sf-promo-apply', (event) => (applied = event as CustomEvent), { once: true });
    offer(offers, 'FLAT5').querySelector<HTMLButtonElement>('[part~="apply"]')!.click();
    await waitUntil(() => !dialog.open, 'Apply did not close the modal');
    expect(applied!.detail).to.deep.equal({ code: 'FLAT5' });
    expect(sharedStore<string>('persistent:promocode').get()).to.equal('FLAT5');
    expect(localStorage.getItem('promocode')).to.equal('"FLAT5"');
    expect(localStorage.getItem('promoDiscount')).to.equal(null);
  });

  it('shows the pickup offers after switching to pickup', async () => {
    const offers = await fixture(html`<sf-offers inline></sf-offers>`);
    await waitUntil(() => codes(offers).includes('WELCOME10'), 'no delivery offers', { timeout: 15_000 });
    writeStored('pickupDeliveryFlag', 0);
    await waitUntil(() => codes(offers).includes('PICKUP15'), 'pickup offers not fetched after the switch');
    expect(codes(offers)).not.to.include('WELCOME10');
    expect(codes(offers)).to.include('FREEBITE');
  });

  it("says 'No Offers Available' when there are none", async () => {
    const restore = stubApi(({ name }) => (name === 'couponlisting' ? json({ code: 101, msg: 'No offers', Result: [] }) : undefined));
    try {
      // A store id of its own, so the list is not the one loaded by the other tests.
      const offers = await fixture(html`<sf-offers inline store="OTk5"></sf-offers>`);
      await waitUntil(() => part(offers, 'empty'), 'no empty state', { timeout: 15_000 });
      expect(part(offers, 'empty')!.textContent).to.equal('No Offers Available');
    } finally {
      restore();
    }
  });
});
