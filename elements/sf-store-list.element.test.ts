import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import '/dist/storefront.standalone.js';
import { parts, shadowText } from '../tests/helpers/element-dom.ts';

const cards = (element: Element) => parts<HTMLAnchorElement>(element, 'card');

async function storesShown(element: Element) {
  await waitUntil(() => cards(element).length > 0, 'no store cards rendered', { timeout: 15_000 });
}

describe('<sf-store-list>', () => {
  it("shows the default vendor's stores from the server, linked by base64 id", async () => {
    const list = await fixture(html`<sf-store-list></sf-store-list>`);
    await storesShown(list);
    expect(list.shadowRoot!.mode).to.equal('open');
    expect(shadowText(list)).to.contain('Golden Gate Pizzeria');
    const link = cards(list)[0]!;
    expect(link.getAttribute('href')).to.match(/^\/restaurant\/[A-Za-z0-9+/=%]+$/);
    expect(list.getAttribute('dir')).to.equal('ltr');
    expect(list.shadowRoot!.querySelector('[part="base"]')!.getAttribute('dir')).to.equal('ltr');
  });

  it('themes itself from the vendor settings through --sf-* custom properties', async () => {
    const list = await fixture(html`<sf-store-list></sf-store-list>`);
    await storesShown(list);
    const primary = getComputedStyle(document.documentElement).getPropertyValue('--sf-color-primary').trim();
    expect(primary).to.match(/^#[0-9a-f]{6}$/i);
    expect(primary.toLowerCase()).not.to.equal('#00000e'); // the vendor's colour, not the default
  });

  it('switches between list and grid, and back to the default when the attribute is removed', async () => {
    const list = await fixture(html`<sf-store-list layout="2"></sf-store-list>`);
    await storesShown(list);
    const grid = () => list.shadowRoot!.querySelector('ul')!.dataset.layout === 'grid';
    expect(grid()).to.equal(true);
    list.removeAttribute('layout');
    await waitUntil(() => !grid(), 'layout stayed a grid after the attribute was removed');
    list.setAttribute('layout', '2');
    await waitUntil(() => grid(), 'layout did not become a grid');
  });

  it('cuts no store name or offer, on a list in a phone\'s width and on a grid: a long name takes two lines', async () => {
    for (const [layout, width] of [['1', 320], ['2', 560]] as const) {
      const list = await fixture(html`<div style=${`width: ${width}px`}><sf-store-list layout=${layout}></sf-store-list></div>`);
      const element = list.querySelector('sf-store-list')!;
      await storesShown(element);
      const names = parts(element, 'card-name');
      expect(names.map((name) => name.textContent)).to.include('Spice Route Indian Kitchen');
      // Every line of every card's words is inside its card, and no name or offer is cut short.
      for (const card of cards(element)) {
        const bottom = card.getBoundingClientRect().bottom;
        for (const words of card.querySelectorAll<HTMLElement>('h2, h3, p')) {
          expect(words.getBoundingClientRect().bottom, `${layout}: ${words.textContent}`).to.be.at.most(bottom);
        }
        for (const cut of card.querySelectorAll<HTMLElement>('[part~="card-name"], [part~="card-discount"]')) {
          if (cut.matches('[part~="card-discount"]') && layout === '1') continue;
          expect(cut.scrollHeight, `${layout}: ${cut.textContent}`).to.be.at.most(cut.clientHeight + 1);
        }
      }
      const spice = names.find((name) => name.textContent === 'Spice Route Indian Kitchen')!;
      expect(spice.getClientRects().length).to.equal(1);
      expect(spice.getBoundingClientRect().height, `${layout}: the long name on two lines`).to.be.greaterThan(30);
    }
  });

  it('renders again after being moved in the page', async () => {
    const list = await fixture(html`<sf-store-list></sf-store-list>`);
    await storesShown(list);
    const elsewhere = document.createElement('section');
    document.body.append(elsewhere);
    elsewhere.append(list);
    await storesShown(list);
    elsewhere.remove();
  });

  it('a host page can restyle parts and custom properties', async () => {
    const style = document.createElement('style');
    style.textContent = 'sf-store-list.themed { --sf-color-primary: rgb(1, 2, 3); } sf-store-list.themed::part(card) { border-color: rgb(4, 5, 6); }';
    document.head.append(style);
    const list = await fixture(html`<sf-store-list class="themed"></sf-store-list>`);
    await storesShown(list);
    expect(getComputedStyle(cards(list)[0]!).borderTopColor).to.equal('rgb(4, 5, 6)');
    expect(getComputedStyle(list).getPropertyValue('--sf-color-primary').trim()).to.equal('rgb(1, 2, 3)');
    style.remove();
  });
});
