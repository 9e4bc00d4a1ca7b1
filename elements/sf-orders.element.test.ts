import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { signOutLocally } from '../tests/helpers/element-api.ts';
import { part, parts, queryAll, root } from '../tests/helpers/element-dom.ts';
import { customer, placeOrder } from './sf-order.test-helpers.ts';
import '/dist/storefront.standalone.js';

const tabs = (element: Element) => queryAll<HTMLButtonElement>(element, '[role="tab"]');
const visiblePanel = (element: Element) => queryAll(element, '[role="tabpanel"]').find((panel) => !panel.hidden)!;

describe('<sf-orders>', () => {
  it('asks a guest to sign in', async () => {
    signOutLocally();
    const orders = await fixture(html`<sf-orders></sf-orders>`);
    await waitUntil(() => part(orders, 'sign-in-prompt'), 'no sign-in prompt', { timeout: 15_000 });
    expect(part(orders, 'tabs')).to.equal(null);
    let required: CustomEvent | undefined;
    document.addEventListener('sf-sign-in-required', (event) => (required = event as CustomEvent), { once: true });
    part(orders, 'sign-in')!.click();
    await waitUntil(() => required, 'no sf-sign-in-required');
    expect(required!.detail).to.deep.equal({ reason: 'orders' });
  });

  it('shows Ongoing and Past as accessible tabs, empty for a new customer, moved by the arrow keys', async () => {
    await customer();
    const orders = await fixture(html`<sf-orders></sf-orders>`);
    await waitUntil(() => part(orders, 'empty'), 'no empty state', { timeout: 15_000 });
    const [ongoing, past] = tabs(orders);
    expect(part(orders, 'tabs')!.getAttribute('role')).to.equal('tablist');
    expect([ongoing!.textContent, past!.textContent]).to.deep.equal(['Ongoing', 'Past']);
    expect(ongoing!.getAttribute('aria-selected')).to.equal('true');
    expect(past!.getAttribute('aria-selected')).to.equal('false');
    expect(past!.tabIndex).to.equal(-1);
    const panel = visiblePanel(orders);
    expect(panel.getAttribute('aria-labelledby')).to.equal(ongoing!.id);
    expect(ongoing!.getAttribute('aria-controls')).to.equal(panel.id);
    expect(panel.textContent).to.equal('You have no ongoing orders.');

    ongoing!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => past!.getAttribute('aria-selected') === 'true', 'ArrowRight did not choose Past');
    expect(root(orders).activeElement).to.equal(past);
    await waitUntil(() => visiblePanel(orders).textContent === 'You have no past orders yet.', 'Past panel not shown');
    await sendKeys({ press: 'Home' });
    await waitUntil(() => ongoing!.getAttribute('aria-selected') === 'true', 'Home did not choose Ongoing');
  });

  it('lists a placed order under Ongoing with store, items, total, date and status, linking to it', async () => {
    const placed = await placeOrder({ mode: 'delivery', quantity: 2 });
    const orders = await fixture(html`<sf-orders order-href="/my/orders/{id}"></sf-orders>`);
    await waitUntil(() => parts(orders, 'order').length > 0, 'the order is not listed', { timeout: 15_000 });
    const card = parts(orders, 'order')[0]!;
    const text = (name: string) => card.querySelector(`[part~="${name}"]`)?.textContent?.trim() ?? '';
    expect(text('order-link')).to.equal('Golden Gate Pizzeria');
    expect(card.querySelector('[part~="order-link"]')!.getAttribute('href')).to.equal(`/my/orders/${placed.order_id}`);
    expect(text('order-items')).to.contain(placed.item);
    expect(text('order-total')).to.equal(`$${placed.total.toFixed(2)}`);
    expect(card.querySelector('time')!.getAttribute('datetime')).to.match(/^\d{4}-\d{2}-\d{2}T/);
    expect(text('order-date')).to.match(/\d{4}/);
    // Whatever step the order is at, it is an ongoing state's label.
    expect(['Schedule', 'Order Placed', 'Order Confirmed', 'Preparing Your Food', 'Waiting', 'On The Way', 'Arrived']).to.include(text('order-status'));
    expect(card.querySelector('[part~="track-link"]')!.getAttribute('href')).to.equal(`/order-status/${placed.order_id}`);
    expect(tabs(orders)[0]!.textContent).to.equal('Ongoing1');
  });
});
