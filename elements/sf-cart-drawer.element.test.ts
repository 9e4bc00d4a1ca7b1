import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import '/dist/storefront.standalone.js';
import { buttonLabelled, islandReady, part, parts, partText, root } from '../tests/helpers/element-dom.ts';
import { itemLine, writeCart } from '../tests/helpers/element-state.ts';
import type { CartLine } from '../src/core/cart/cart.ts';

const dialog = (drawer: Element) => part<HTMLDialogElement>(drawer, 'drawer');
const toastTexts = () =>
  [...document.querySelectorAll('sf-toaster'), ...document.querySelectorAll('sf-cart-drawer')]
    .flatMap((element) => [...(element.shadowRoot?.querySelectorAll('[part~="toast"]') ?? [])])
    .map((toast) => toast.textContent ?? '');

async function openDrawer(lines: CartLine[]) {
  writeCart(lines);
  const drawer = await fixture(html`<sf-cart-drawer></sf-cart-drawer>`);
  await waitUntil(() => islandReady(drawer), 'drawer not rendered', { timeout: 15_000 });
  document.dispatchEvent(new CustomEvent('sf-cart-open', { bubbles: true, composed: true }));
  await waitUntil(() => dialog(drawer)?.open, 'drawer did not open on sf-cart-open');
  return drawer;
}

describe('<sf-cart-drawer>', () => {
  afterEach(() => writeCart([]));

  it('opens on any sf-cart-open (from the cart button), reflects open, and Escape closes it returning focus', async () => {
    writeCart([itemLine(1, 1)]);
    const container = await fixture(html`<div><sf-cart-button></sf-cart-button><sf-cart-drawer></sf-cart-drawer></div>`);
    const button = container.querySelector('sf-cart-button')!;
    const drawer = container.querySelector('sf-cart-drawer')!;
    await waitUntil(() => button.shadowRoot?.querySelector('button') && islandReady(drawer), 'not rendered', { timeout: 15_000 });
    const opener = button.shadowRoot!.querySelector('button')!;
    opener.focus();
    opener.click();
    await waitUntil(() => dialog(drawer)?.open, 'drawer did not open');
    expect(drawer.hasAttribute('open')).to.equal(true);
    expect((drawer as HTMLElement & { open: boolean }).open).to.equal(true);
    dialog(drawer)!.dispatchEvent(new Event('cancel', { cancelable: true }));
    await waitUntil(() => !dialog(drawer)?.open, 'Escape did not close');
    expect(drawer.hasAttribute('open')).to.equal(false);
    await waitUntil(() => button.shadowRoot!.activeElement === opener, 'focus did not return to the opener');
  });

  it('opens with the focus on its heading, named by the heading alone, and its buttons beside it', async () => {
    const drawer = await openDrawer([itemLine(1, 2)]);
    const heading = root(drawer).querySelector('dialog h2')!;
    await waitUntil(() => root(drawer).activeElement === heading, 'the heading did not take the focus');
    expect(heading.textContent).to.equal('Cart (2 items)');
    expect(heading.querySelector('button')).to.equal(null);
    const labelledBy = dialog(drawer)!.getAttribute('aria-labelledby')!;
    expect(root(drawer).getElementById(labelledBy)).to.equal(heading);
    expect(buttonLabelled(drawer, 'Close')).to.not.equal(null);
  });

  it('opens and closes through the open property', async () => {
    const drawer = await fixture(html`<sf-cart-drawer></sf-cart-drawer>`);
    await waitUntil(() => islandReady(drawer), 'drawer not rendered', { timeout: 15_000 });
    (drawer as HTMLElement & { open: boolean }).open = true;
    await waitUntil(() => dialog(drawer)?.open, 'did not open');
    (drawer as HTMLElement & { open: boolean }).open = false;
    await waitUntil(() => !dialog(drawer)?.open, 'did not close');
  });

  it('shows the lines with marker, options and price, and a singular or plural title', async () => {
    const drawer = await openDrawer([itemLine(1, 1, { item_type: 1, selected_type: ['Large', 'Extra cheese'], price: 2.5 })]);
    expect(partText(drawer, 'title')).to.match(/1 item\b/);
    expect(root(drawer).querySelector('[role="img"]')!.getAttribute('aria-label')).to.equal('Non-vegetarian');
    expect(partText(drawer, 'line-name')).to.equal('Item 1');
    expect(partText(drawer, 'line-options')).to.equal('Large, Extra cheese');
    expect(partText(drawer, 'line-price')).to.contain('2.50');
    buttonLabelled(drawer, 'Increase quantity of Item 1')!.click();
    await waitUntil(() => /2 items/.test(partText(drawer, 'title')), `title "${partText(drawer, 'title')}"`);
    expect(partText(drawer, 'line-price')).to.contain('5.00');
    expect(partText(drawer, 'total')).to.contain('5.00');
  });

  it('refuses plus at the stock limit with Maximum items reached; minus at 1 and trash remove lines', async () => {
    const drawer = await openDrawer([itemLine(1, 2, { itemTotalQuantity: 2 }), itemLine(2, 1), itemLine(3, 3)]);
    buttonLabelled(drawer, 'Increase quantity of Item 1')!.click();
    await waitUntil(() => toastTexts().some((toast) => toast.includes('Maximum items reached')), 'no Maximum items reached toast');
    expect(JSON.parse(localStorage.getItem('cart')!)[0].quantity).to.equal(2);
    buttonLabelled(drawer, 'Decrease quantity of Item 1')!.click();
    await waitUntil(() => JSON.parse(localStorage.getItem('cart')!)[0].quantity === 1, 'minus did not decrease');
    buttonLabelled(drawer, 'Decrease quantity of Item 2')!.click();
    await waitUntil(() => !buttonLabelled(drawer, 'Remove Item 2'), 'minus at 1 did not remove the line');
    // Focus stays in the drawer, on the line now in the removed one's place.
    await waitUntil(() => drawer.shadowRoot!.activeElement === buttonLabelled(drawer, 'Remove Item 3'), 'focus left the drawer after minus removed a line');
    buttonLabelled(drawer, 'Remove Item 3')!.click();
    await waitUntil(() => parts(drawer, 'line').length === 1, 'trash did not remove the line');
    await waitUntil(() => drawer.shadowRoot!.activeElement === buttonLabelled(drawer, 'Remove Item 1'), 'focus left the drawer after trash removed a line');
    expect(JSON.parse(localStorage.getItem('cart')!).map((l: { item_id: number }) => l.item_id)).to.deep.equal([1]);
  });

  it('clears the cart after confirmation, then shows the empty state without the checkout bar', async () => {
    const drawer = await openDrawer([itemLine(1, 2), itemLine(2, 1)]);
    await waitUntil(() => part(drawer, 'checkout'), 'no checkout bar for a non-empty cart', { timeout: 15_000 });
    part(drawer, 'clear')!.click();
    await waitUntil(() => part<HTMLDialogElement>(drawer, 'confirm-dialog')?.open, 'no confirmation');
    expect(part(drawer, 'confirm-dialog')!.textContent).to.contain('Are you sure you want to clear cart?');
    part(drawer, 'confirm-clear')!.click();
    await waitUntil(() => part(drawer, 'empty'), 'no empty state');
    expect(part(drawer, 'checkout')).to.equal(null);
    expect(part(drawer, 'clear')).to.equal(null);
    expect(partText(drawer, 'title')).to.match(/0 items/);
    expect(localStorage.getItem('cart')).to.equal('[]');
  });

  it('asks a guest to sign in from View Cart', async () => {
    localStorage.removeItem('token');
    const drawer = await openDrawer([itemLine(1, 1)]);
    await waitUntil(() => part(drawer, 'view-cart'), 'no View Cart', { timeout: 15_000 });
    let required: CustomEvent | undefined;
    document.addEventListener('sf-sign-in-required', (event) => (required = event as CustomEvent), { once: true });
    expect(partText(drawer, 'view-cart')).to.equal('View Cart');
    part(drawer, 'view-cart')!.click();
    await waitUntil(() => required, 'no sf-sign-in-required');
    expect(required!.detail).to.deep.equal({ reason: 'checkout' });
  });
});
