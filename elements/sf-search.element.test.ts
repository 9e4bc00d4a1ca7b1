import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import '/dist/storefront.standalone.js';
import { parts } from '../tests/helpers/element-dom.ts';
import { type } from '../tests/helpers/element-input.ts';

const results = (element: Element) => parts<HTMLAnchorElement>(element, 'result');

describe('<sf-search>', () => {
  it('finds stores and items near the customer as they type, linking to the store', async () => {
    localStorage.setItem('latitude', '37.7749');
    localStorage.setItem('longitude', '-122.4194');
    const search = await fixture(html`<sf-search></sf-search>`);
    await waitUntil(() => search.shadowRoot?.querySelector('input'), 'search box not rendered', { timeout: 15_000 });
    const input = search.shadowRoot!.querySelector('input')!;
    expect(search.shadowRoot!.querySelector(`label[for="${input.id}"]`)?.textContent).to.equal('Search stores and items');
    await type(input, 'pizza');
    await waitUntil(() => results(search).length > 0, 'no results for pizza', { timeout: 10_000 });
    expect(search.shadowRoot!.textContent).to.contain('Golden Gate Pizzeria');
    expect(results(search)[0]!.getAttribute('href')).to.match(/^\/restaurant\//);
  });

  it('says when nothing matches', async () => {
    const search = await fixture(html`<sf-search></sf-search>`);
    await waitUntil(() => search.shadowRoot?.querySelector('input'), 'search box not rendered', { timeout: 15_000 });
    await type(search.shadowRoot!.querySelector('input')!, 'zzqqxx');
    await waitUntil(() => search.shadowRoot!.textContent!.includes('Nothing found for “zzqqxx”.'), 'no empty message', { timeout: 10_000 });
  });
});
