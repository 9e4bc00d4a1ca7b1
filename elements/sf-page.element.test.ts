import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { part } from '../tests/helpers/element-dom.ts';
import '/dist/storefront.standalone.js';

describe('<sf-page>', () => {
  it('shows a page of this site by its slug: the name, then the page in a titled, sandboxed frame', async () => {
    const page = await fixture(html`<sf-page slug="about-us"></sf-page>`);
    await waitUntil(() => part(page, 'frame') !== null, 'no frame', { timeout: 15_000 });
    expect(part(page, 'heading')!.tagName).to.equal('H2');
    expect(part(page, 'heading')!.textContent).to.equal('About us');
    const frame = part<HTMLIFrameElement>(page, 'frame')!;
    expect(frame.getAttribute('src')).to.equal('/demo/pages/about.html');
    expect(frame.title).to.equal('About us');
    expect(frame.getAttribute('sandbox')).to.contain('allow-popups');
    expect(frame.getAttribute('sandbox')).not.to.contain('allow-same-origin');
    // The skeleton stays until the frame has loaded.
    await waitUntil(() => part(page, 'skeleton') === null, 'the skeleton stayed after the page loaded');
    expect(part(page, 'open-outside')!.getAttribute('target')).to.equal('_blank');
  });

  it('offers a page on another website in a new tab instead of framing it', async () => {
    const page = await fixture(html`<sf-page slug="careers"></sf-page>`);
    await waitUntil(() => part(page, 'outside') !== null, 'no link out', { timeout: 15_000 });
    expect(part(page, 'frame')).to.equal(null);
    const link = part<HTMLAnchorElement>(page, 'open-outside')!;
    expect(link.getAttribute('href')).to.equal('https://harboreats.example/careers');
    expect(link.rel).to.contain('noopener');
  });

  it('tells the customer about an unknown slug, and logs a warning', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      const page = await fixture(html`<sf-page slug="no-such-page"></sf-page>`);
      await waitUntil(() => part(page, 'not-found') !== null, 'no not-found message', { timeout: 15_000 });
      expect(part(page, 'not-found')!.textContent).to.contain('Page not found');
      await waitUntil(() => warnings.some((text) => text.includes('no-such-page')), 'no warning logged');
    } finally {
      console.warn = warn;
    }
  });
});
