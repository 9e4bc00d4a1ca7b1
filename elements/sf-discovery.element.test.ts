import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import '/dist/storefront.standalone.js';
import { parts, query } from '../tests/helpers/element-dom.ts';

describe('discovery elements', () => {
  before(() => {
    localStorage.setItem('latitude', '37.7749');
    localStorage.setItem('longitude', '-122.4194');
  });

  it("<sf-banners> writes each banner's words over its picture as text: headline, line and call to action", async () => {
    const banners = await fixture(html`<sf-banners></sf-banners>`);
    await waitUntil(() => parts<HTMLAnchorElement>(banners, 'banner').length > 0, 'no banners', { timeout: 15_000 });
    for (const link of parts<HTMLAnchorElement>(banners, 'banner')) {
      // The picture is decoration: the words are the link's name.
      expect(link.querySelector('img')!.alt).to.equal('');
      expect(link.querySelector('[part~="banner-title"]')!.textContent).not.to.equal('');
      expect(link.querySelector('[part~="banner-action"]')!.textContent).not.to.equal('');
      expect(link.getAttribute('href')).to.match(/^\/(restaurant|banner-items)\//);
    }
    const pizza = parts<HTMLAnchorElement>(banners, 'banner').find((link) => link.textContent?.includes('Pizza night, 20% off'))!;
    expect(pizza.querySelector('[part~="banner-subtitle"]')!.textContent).to.equal('On orders above $30 at Golden Gate Pizzeria.');
    expect(pizza.querySelector('[part~="banner-action"]')!.textContent!.trim()).to.equal('Order pizza');
    expect(pizza.querySelector('img')!.getAttribute('src')).to.match(/\/media\/banner\/harbor-eats\/pizza\/pizza-night\.png$/);
    expect(query(banners, 'section')!.getAttribute('aria-label')).to.equal('Offers and news');
  });

  it('<sf-brands> links each brand to its stores, with a custom link template', async () => {
    const brands = await fixture(html`<sf-brands brand-href="/our-brands?brand={id}"></sf-brands>`);
    await waitUntil(() => parts<HTMLAnchorElement>(brands, 'brand').length > 0, 'no brands', { timeout: 15_000 });
    expect(parts<HTMLAnchorElement>(brands, 'brand')[0]!.getAttribute('href')).to.match(/^\/our-brands\?brand=\d+$/);
  });

  it('<sf-tag-lists> groups items near the customer by tag, each naming its store and price', async () => {
    const lists = await fixture(html`<sf-tag-lists></sf-tag-lists>`);
    await waitUntil(() => parts<HTMLAnchorElement>(lists, 'tag-item').length > 0, 'no tagged items', { timeout: 15_000 });
    // Named by what it shows (label in name): the item, its store and its price.
    const item = parts<HTMLAnchorElement>(lists, 'tag-item')[0]!;
    expect(item.hasAttribute('aria-label')).to.equal(false);
    expect([...item.querySelectorAll('span')].map((span) => span.textContent)).to.have.length(3);
    expect(item.textContent).to.match(/\$\d+\.\d\d$/);
    expect(query(lists, 'h2')!.textContent).to.match(/Bestseller|New|Spicy/);
  });
});
