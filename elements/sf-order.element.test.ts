import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { api, stubApi } from '../tests/helpers/element-api.ts';
import { part, parts, partText, root } from '../tests/helpers/element-dom.ts';
import { itemLine, sharedStore } from '../tests/helpers/element-state.ts';
import { customer, placeOrder, waitForStatus } from './sf-order.test-helpers.ts';
import '/dist/storefront.standalone.js';

const money = (value: number) => `$${value.toFixed(2)}`;

interface Detail {
  item_total: number; tax: number; tax_name: string; delivery_charge: number; total: number; delivery_address: string;
}

describe('<sf-order>', () => {
  it('shows the details: lines, charges under the tax name, payment, and the address', async () => {
    const placed = await placeOrder({ mode: 'delivery', quantity: 2 });
    const detail = (await api<{ Result: Detail }>('view_order_details', { order_id: placed.order_id }, placed.token)).Result;
    const order = await fixture(html`<sf-order order-id=${String(placed.order_id)}></sf-order>`);
    await waitUntil(() => part(order, 'order-details'), 'details not shown', { timeout: 15_000 });
    expect(partText(order, 'line-name')).to.equal(`${placed.quantity} × ${placed.item}`);
    expect(partText(order, 'item-total')).to.contain(money(detail.item_total));
    expect(part(order, 'tax')!.querySelector('dt')!.textContent).to.equal(detail.tax_name);
    expect(partText(order, 'tax')).to.contain(money(detail.tax));
    expect(partText(order, 'delivery-charge')).to.contain(money(detail.delivery_charge));
    expect(partText(order, 'total')).to.contain(money(placed.total));
    expect(partText(order, 'payment-method')).to.equal('Cash on delivery');
    expect(partText(order, 'payment-status')).to.equal('To be paid in cash');
    expect(partText(order, 'address')).to.equal(detail.delivery_address);
    expect(partText(order, 'address')).to.contain('Stockton St');
    expect(part(order, 'track-link')!.getAttribute('href')).to.equal(`/order-status/${placed.order_id}`);
  });

  it('says the order is not found for an unknown or foreign id', async () => {
    await customer();
    const order = await fixture(html`<sf-order order-id="999999"></sf-order>`);
    await waitUntil(() => part(order, 'not-found'), 'no not-found', { timeout: 15_000 });
    expect(partText(order, 'not-found')).to.equal('Order not found');
  });

  it('follows the live status of a pickup order as a progress list, telling the host page of each change', async function () {
    this.timeout(120_000); // the order simulator moves the order a step every few seconds
    const placed = await placeOrder({ mode: 'pickup', quantity: 1 });
    const changes: Array<{ order_id: number; status: string }> = [];
    const listen = (event: Event) => changes.push((event as CustomEvent).detail);
    document.addEventListener('sf-order-status', listen);
    try {
      const order = await fixture(html`<sf-order order-id=${String(placed.order_id)} view="status"></sf-order>`);
      await waitUntil(() => parts(order, 'step').length > 0, 'no progress list', { timeout: 15_000 });
      const labels = parts(order, 'step-label').map((label) => label.textContent!.replace(/ \((done|current step)\)$/, ''));
      // Pickup skips the driver states.
      expect(labels).to.include.members(['Order Placed', 'Order Confirmed', 'Preparing Your Food', 'Waiting', 'Delivered']);
      expect(labels).not.to.include('On The Way');
      expect(labels).not.to.include('Arrived');
      const current = () => root(order).querySelector('[aria-current="step"]');
      expect(current()).not.to.equal(null);
      expect(part(order, 'steps')!.tagName).to.equal('OL');
      // The simulator moves the order; the view follows on its own, and says so.
      await waitUntil(() => changes.length > 0, 'no sf-order-status while the order moved', { timeout: 30_000 });
      expect(changes[0]!.order_id).to.equal(placed.order_id);
      await waitUntil(() => partText(order, 'current-status') === 'Delivered', 'the view did not reach Delivered', { timeout: 60_000 });
      expect(current()!.textContent).to.contain('Delivered');
      expect(changes.at(-1)).to.deep.equal({ order_id: placed.order_id, status: 'delivered' });
      // Delivered, the order is read again: rating it and ordering it again are offered.
      await waitUntil(() => part(order, 'rate-link'), 'no rating link once delivered', { timeout: 10_000 });
      expect(part(order, 'rate-link')!.getAttribute('href')).to.equal(`/rating/${placed.order_id}`);
      expect(part(order, 'reorder')).to.not.equal(null);
      expect(partText(order, 'line-name')).to.match(/^\d+ × Garlic Knots$/);
      // Closed: no more asking.
      const asked: string[] = [];
      const restore = stubApi(({ name }) => void asked.push(name));
      await new Promise((resolve) => setTimeout(resolve, 6000));
      restore();
      expect(asked.filter((name) => name === 'get_order_status')).to.deep.equal([]);
    } finally {
      document.removeEventListener('sf-order-status', listen);
    }
  });

  it('rates a delivered order once: stars as a radio group and a review, then a thank-you, then read-only', async function () {
    this.timeout(120_000); // the order simulator moves the order a step every few seconds
    const placed = await placeOrder({ mode: 'pickup', quantity: 1 });
    // Not delivered yet: nothing to rate.
    const early = await fixture(html`<sf-order order-id=${String(placed.order_id)} view="rating"></sf-order>`);
    await waitUntil(() => part(early, 'rating-not-yet'), 'no "once it is delivered" before delivery', { timeout: 15_000 });
    expect(partText(early, 'rating-not-yet')).to.equal('You can rate this order once it is delivered.');
    early.remove();
    await waitForStatus(placed.token, placed.order_id, 'delivered');
    const order = await fixture(html`<sf-order order-id=${String(placed.order_id)} view="rating"></sf-order>`);
    await waitUntil(() => part(order, 'stars-input'), 'no rating form', { timeout: 15_000 });
    const group = part(order, 'stars-input')!;
    expect(group.getAttribute('role')).to.equal('radiogroup');
    const legend = root(order).getElementById(group.getAttribute('aria-labelledby')!)!;
    expect(legend.textContent).to.equal('How was your order from Golden Gate Pizzeria?');
    const radios = [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((radio) => radio.closest('label')!.textContent!.replace(/[★☆]/, ''))).to.deep.equal(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    // Submitting without stars is refused before any call.
    part(order, 'submit-rating')!.click();
    await waitUntil(() => part(order, 'rating-error'), 'no error without stars');
    expect(partText(order, 'rating-error')).to.equal('Choose from 1 to 5 stars.');
    radios[3]!.click();
    const review = part<HTMLTextAreaElement>(order, 'review')!;
    expect(root(order).querySelector(`label[for="${review.id}"]`)!.textContent).to.equal('Review (optional)');
    review.value = 'Hot and on time';
    review.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    part(order, 'submit-rating')!.click();
    await waitUntil(() => part(order, 'thanks'), 'no thank-you', { timeout: 15_000 });
    expect(part(order, 'stars')!.getAttribute('aria-label')).to.equal('4 stars out of 5');
    expect(partText(order, 'review-text')).to.equal('Hot and on time');
    const check = await api<{ Result: { rated: number; rating: number; review: string } }>('check_rating', { order_id: placed.order_id }, placed.token);
    expect(check.Result).to.include({ rated: 1, rating: 4, review: 'Hot and on time' });

    // Shown again: read-only, no form, no thank-you.
    const again = await fixture(html`<sf-order order-id=${String(placed.order_id)} view="rating"></sf-order>`);
    await waitUntil(() => part(again, 'rating-done'), 'rated order not shown read-only', { timeout: 15_000 });
    expect(part(again, 'stars-input')).to.equal(null);
    expect(part(again, 'thanks')).to.equal(null);
    expect(part(again, 'stars')!.getAttribute('aria-label')).to.equal('4 stars out of 5');
  });

  it('reorders a delivered order into the cart and opens it; a cart of another store is cleared only after asking', async function () {
    this.timeout(120_000); // the order simulator moves the order a step every few seconds
    const placed = await placeOrder({ mode: 'pickup', quantity: 3 });
    await waitForStatus(placed.token, placed.order_id, 'delivered');
    const cart = sharedStore<Array<{ restaurant_id: number; item_id: number; quantity: number; name: string }>>('persistent:cart');
    cart.set([itemLine(999, 1, { restaurant_id: 2, name: 'Other', price: 1, itemTotalQuantity: 0, item_price: 1, mrp: 1 })]);
    const events: string[] = [];
    const onReorder = (event: Event) => events.push(`reorder:${(event as CustomEvent).detail.order_id}`);
    const onOpen = () => events.push('cart-open');
    document.addEventListener('sf-reorder', onReorder);
    document.addEventListener('sf-cart-open', onOpen);
    try {
      const order = await fixture(html`<sf-order order-id=${String(placed.order_id)}></sf-order>`);
      await waitUntil(() => part(order, 'reorder'), 'no Reorder button for a delivered order', { timeout: 15_000 });
      part(order, 'reorder')!.click();
      await waitUntil(() => part<HTMLDialogElement>(order, 'reorder-dialog')?.open, 'no question about the other store');
      expect(partText(order, 'reorder-other-store')).to.equal('Your cart has items from another store. Clear the cart and add these items?');
      expect(cart.get()).to.have.length(1);
      part(order, 'reorder-confirm')!.click();
      await waitUntil(() => cart.get()[0]?.restaurant_id === 1, 'the cart was not replaced');
      expect(cart.get().map((line) => [line.name, line.quantity])).to.deep.equal([[placed.item, placed.quantity]]);
      expect(events).to.deep.equal([`reorder:${placed.order_id}`, 'cart-open']);
      await waitUntil(() => !part<HTMLDialogElement>(order, 'reorder-dialog')!.open, 'the reorder dialog stayed open');
    } finally {
      document.removeEventListener('sf-reorder', onReorder);
      document.removeEventListener('sf-cart-open', onOpen);
      cart.set([]);
    }
  });
});
