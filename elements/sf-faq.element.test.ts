import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { part, parts } from '../tests/helpers/element-dom.ts';
import '/dist/storefront.standalone.js';

describe('<sf-faq>', () => {
  it('lists the vendor\'s questions, narrows them as the customer types and opens an answer', async () => {
    const faq = await fixture(html`<sf-faq></sf-faq>`);
    await waitUntil(() => parts(faq, 'toggle').length > 0, 'no questions listed', { timeout: 15_000 });
    expect(part(faq, 'heading')!.tagName).to.equal('H2');
    expect(parts(faq, 'toggle').length).to.be.at.least(8);
    expect(part(faq, 'count')!.getAttribute('role')).to.equal('status');
    expect(part(faq, 'count')!.textContent).to.equal('');

    const search = part<HTMLInputElement>(faq, 'search')!;
    search.value = 'promo';
    search.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await waitUntil(() => parts(faq, 'toggle').length === 1, 'the search did not narrow the list');
    expect(part(faq, 'count')!.textContent).to.equal('1 question found');

    const toggle = part<HTMLButtonElement>(faq, 'toggle')!;
    expect(toggle.textContent).to.equal('How do I use a promo code?');
    const answer = faq.shadowRoot!.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(answer.hidden).to.equal(true);
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    toggle.click();
    await waitUntil(() => toggle.getAttribute('aria-expanded') === 'true', 'the question did not open');
    expect(answer.hidden).to.equal(false);
    expect(answer.textContent).to.contain('Promocode');

    search.value = 'zzzz';
    search.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await waitUntil(() => part(faq, 'no-match') !== null, 'no message for a search without matches');
    expect(part(faq, 'count')!.textContent).to.equal('0 questions found');
  });
});
