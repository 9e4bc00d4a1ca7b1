import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import '/dist/storefront.standalone.js';
import { part, parts, partText } from '../tests/helpers/element-dom.ts';
import { api, signInAs, signOutLocally } from '../tests/helpers/element-api.ts';

const drawer = (menu: Element) => part<HTMLDialogElement>(menu, 'drawer');
/** The item parts shown, each item's own name (the part after `item`). */
const itemNames = (menu: Element) => parts(menu, 'item').map((item) => (item.getAttribute('part') ?? '').split(' ')[1]);

async function openMenu(markup: ReturnType<typeof html>) {
  const menu = await fixture(markup);
  await waitUntil(() => part(menu, 'menu-button'), 'menu button not rendered', { timeout: 15_000 });
  part(menu, 'menu-button')!.click();
  await waitUntil(() => drawer(menu)?.open, 'drawer did not open');
  // The vendor's settings decide Support: wait until they are in.
  await waitUntil(() => itemNames(menu).includes('support') || menu.hasAttribute('hide-support'), 'settings not loaded', { timeout: 15_000 });
  return menu;
}

describe('<sf-side-menu>', () => {
  afterEach(() => signOutLocally());

  it("shows a guest Welcome Guest and the guest's items, reflects open, and Escape closes it", async () => {
    const menu = await openMenu(html`<sf-side-menu></sf-side-menu>`);
    expect(menu.hasAttribute('open')).to.equal(true);
    expect(partText(menu, 'welcome')).to.equal('Welcome Guest');
    expect(itemNames(menu)).to.deep.equal(['sign-in', 'home', 'promocode', 'faq', 'privacy-terms', 'support']);
    expect(part(menu, 'sign-in')!.getAttribute('href')).to.equal('/sign-in');
    drawer(menu)!.dispatchEvent(new Event('cancel', { cancelable: true }));
    await waitUntil(() => !drawer(menu)?.open, 'Escape did not close');
    expect(menu.hasAttribute('open')).to.equal(false);
  });

  it('leaves Support out with hide-support, and opens from the open property', async () => {
    const menu = await openMenu(html`<sf-side-menu hide-support></sf-side-menu>`);
    expect(itemNames(menu)).to.not.include('support');
    (menu as HTMLElement & { open: boolean }).open = false;
    await waitUntil(() => !drawer(menu)?.open, 'open = false did not close');
    (menu as HTMLElement & { open: boolean }).open = true;
    await waitUntil(() => drawer(menu)?.open, 'open = true did not open');
  });

  it('reads hide-support like the other boolean attributes: "false" keeps Support, and setting it later hides Support', async () => {
    const menu = await openMenu(html`<sf-side-menu hide-support="false"></sf-side-menu>`);
    await waitUntil(() => itemNames(menu).includes('support'), 'hide-support="false" hid Support');
    menu.setAttribute('hide-support', '');
    await waitUntil(() => !itemNames(menu).includes('support'), 'hide-support set later did not hide Support');
    menu.removeAttribute('hide-support');
    await waitUntil(() => itemNames(menu).includes('support'), 'removing hide-support did not bring Support back');
  });

  it("shows a customer's name, mobile, wallet balance and items, and signs out after confirmation", async () => {
    const token = await signInAs('4155550100');
    // Other element tests pay from this customer's wallet: the balance is whatever the server holds now.
    const { Result } = await api<{ Result: { wallet_amount: number } }>('get_user_wallet_amount', {}, token);
    const menu = await openMenu(html`<sf-side-menu></sf-side-menu>`);
    expect(partText(menu, 'welcome')).to.contain('Alex Rivera');
    expect(partText(menu, 'welcome')).to.contain('4155550100');
    // The demo vendor has the wallet on and subscriptions off.
    expect(itemNames(menu)).to.deep.equal([
      'profile', 'home', 'wallet', 'orders', 'address', 'promocode', 'faq', 'report-bug', 'privacy-terms', 'support', 'sign-out',
    ]);
    expect(partText(menu, 'wallet-balance')).to.equal(`$${Result.wallet_amount.toFixed(2)}`);
    let signedOut: unknown = null;
    document.addEventListener('sf-sign-out', (event) => (signedOut = (event as CustomEvent).detail), { once: true });
    part(menu, 'sign-out')!.click();
    await waitUntil(() => part<HTMLDialogElement>(menu, 'confirm-dialog')?.open, 'no confirmation');
    expect(signedOut).to.equal(null);
    part(menu, 'confirm-sign-out')!.click();
    await waitUntil(() => signedOut !== null, 'did not sign out');
    expect(signedOut).to.deep.equal({ reason: 'user' });
  });
});
