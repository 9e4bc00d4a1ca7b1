import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { api, signInByApi, signOutLocally } from '../tests/helpers/element-api.ts';
import { button, byLabel, openDialog, part, parts, partText, queryAll } from '../tests/helpers/element-dom.ts';
import { type } from '../tests/helpers/element-input.ts';
import { removeStored, writeStored } from '../tests/helpers/element-state.ts';
import { setStoreState } from '../tests/helpers/element-stores.ts';
import '/dist/storefront.standalone.js';

// Golden Gate Pizzeria (store 1, `MQ==`), made open at every hour (tests/helpers/element-stores.ts).
const STORE = 'MQ==';

/** Collects the host page's group events while `run` runs. */
async function hearing(run: (heard: Array<[string, unknown]>) => Promise<void>): Promise<void> {
  const heard: Array<[string, unknown]> = [];
  const names = ['sf-group-joined', 'sf-group-locked', 'sf-group-placed', 'sf-sign-in-required'];
  const listen = (event: Event) => heard.push([event.type, (event as CustomEvent).detail]);
  for (const name of names) document.addEventListener(name, listen);
  try {
    await run(heard);
  } finally {
    for (const name of names) document.removeEventListener(name, listen);
  }
}

describe('<sf-group-order>', () => {
  const page = location.pathname;
  before(() => setStoreState(1, 'open'));
  beforeEach(() => {
    signOutLocally();
    removeStored('groupOrder');
    writeStored('pickupDeliveryFlag', 0);
    history.replaceState(null, '', page);
  });
  after(() => history.replaceState(null, '', page));

  it('asks a guest to sign in before starting a group', async () => {
    await hearing(async (heard) => {
      const element = await fixture(html`<sf-group-order store=${STORE}></sf-group-order>`);
      await waitUntil(() => part(element, 'start-group-button'), 'no start button', { timeout: 15_000 });
      expect(partText(element, 'start-group-button')).to.equal('Order with others: start a group order');
      part(element, 'start-group-button')!.click();
      expect(heard).to.deep.equal([['sf-sign-in-required', { reason: 'group-order' }]]);
      expect(openDialog(element)).to.equal(undefined);
    });
  });

  it('starts a group for the signed-in host, links back to this page, shows a guest\'s part live, locks and cancels, telling the host page', async () => {
    await signInByApi('Hana Host');
    await hearing(async (heard) => {
      const element = await fixture(html`<sf-group-order store=${STORE}></sf-group-order>`);
      await waitUntil(() => part(element, 'start-group-button'), 'no start button', { timeout: 15_000 });
      part(element, 'start-group-button')!.click();
      await waitUntil(() => openDialog(element), 'no start dialog');
      expect(openDialog(element)!.textContent).to.contain('For pickup at the store.');
      queryAll<HTMLLabelElement>(element, 'label').find((label) => label.textContent?.trim() === 'Everyone pays their own share')!.querySelector('input')!.click();
      part(element, 'start-group')!.click();
      await waitUntil(() => part(element, 'group-code'), 'no group panel', { timeout: 10_000 });
      const code = partText(element, 'group-code');
      expect(code).to.match(/^[A-Z2-9]{6}$/);
      const link = new URL(part<HTMLInputElement>(element, 'group-link')!.value);
      expect(link.pathname).to.equal(page);
      const token = link.searchParams.get('group')!;
      expect(heard[0]![0]).to.equal('sf-group-joined');
      expect((heard[0]![1] as { is_host: boolean }).is_host).to.equal(true);

      // A guest joins by the code and fills a part: the host's panel shows it without asking.
      const guest = await api<{ Result: { member_key: string } }>('group-join', { group: code, name: 'Gus Guest' });
      const menu = await api<{ Result: Array<{ items: Array<{ item_id: number; price: number; customizations: unknown[] }> }> }>('restaurantCategoryWithMenu', { restaurant_id: 1 });
      const item = menu.Result.flatMap((category) => category.items).find((entry) => entry.customizations.length === 0)!;
      const set = await api('group-set-part', {
        group: token, member_key: guest.Result.member_key, lines: [{ item_id: item.item_id, quantity: 2, selectCustoizeID: [], price: item.price }],
      });
      expect(set.code, JSON.stringify(set)).to.equal(200);
      await waitUntil(() => parts(element, 'group-part').some((entry) => entry.textContent?.includes('Gus Guest') && entry.textContent.includes('2 ×')), 'the guest\'s part did not appear', { timeout: 10_000 });

      button(element, 'Lock the group')!.click();
      await waitUntil(() => partText(element, 'group-status') === 'Locked: nobody can change their part.', 'not locked', { timeout: 10_000 });
      await waitUntil(() => parts(element, 'group-share').length === 2, 'no shares', { timeout: 10_000 });
      expect(heard.map(([name]) => name)).to.deep.equal(['sf-group-joined', 'sf-group-locked']);
      expect(heard[1]![1]).to.deep.equal({ group_id: (heard[0]![1] as { group_id: number }).group_id });

      button(element, 'Cancel the group order')!.click();
      await waitUntil(() => partText(element, 'group-status') === 'Cancelled by the host.', 'not cancelled', { timeout: 10_000 });
    });
  });

  it('opened from a group\'s link, lets a guest join with a name and shows the group', async () => {
    const host = await signInByApi('Lina Host');
    const started = await api<{ code: number; Result: { code: string; token: string } }>('group-start', { restaurant_id: 1, order_mode: 'pickup', payer: 'host' }, host);
    expect(started.code).to.equal(200);
    signOutLocally();
    history.replaceState(null, '', `${page}?group=${encodeURIComponent(started.Result.token)}`);
    await hearing(async (heard) => {
      const element = await fixture(html`<sf-group-order store=${STORE}></sf-group-order>`);
      await waitUntil(() => partText(element, 'group-preview').includes('Lina Host invites you'), 'no preview', { timeout: 15_000 });
      await type(byLabel(element, 'Your name')!, 'Gus Guest');
      part(element, 'group-join-button')!.click();
      await waitUntil(() => parts(element, 'group-part').length === 2, 'not in the group', { timeout: 10_000 });
      expect(partText(element, 'group-code')).to.equal(started.Result.code);
      expect((heard[0]![1] as { is_host: boolean }).is_host).to.equal(false);
      // A guest pays nothing here: the host pays all, and the guest sees no way to.
      expect(part(element, 'group-lock')).to.equal(null);
    });
  });
});
