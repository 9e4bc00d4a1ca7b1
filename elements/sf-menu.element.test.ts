import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import '/dist/storefront.standalone.js';
import { json, stubApi } from '../tests/helpers/element-api.ts';
import { answerMenuInParts } from '../tests/helpers/long-menu.ts';
import { part, parts, partText, root, shadowText, toasts } from '../tests/helpers/element-dom.ts';
import { itemLine, removeStored, writeCart } from '../tests/helpers/element-state.ts';
import { setStoreState } from '../tests/helpers/element-stores.ts';

const items = (element: Element) => parts(element, 'item');
const itemNamed = (element: Element, name: string) => items(element).find((item) => item.querySelector('[part~="item-name"]')?.textContent === name);
const addButton = (element: Element, name: string) => itemNamed(element, name)?.querySelector<HTMLButtonElement>('[part~="add-button"]') ?? null;
const dialog = (element: Element, name: string) => part<HTMLDialogElement>(element, name)!;
const cart = () => JSON.parse(localStorage.getItem('cart') ?? '[]') as Array<Record<string, unknown>>;

async function menuShown(element: Element) {
  await waitUntil(() => items(element).length > 0, `no menu items: "${shadowText(element).slice(0, 200)}"`, { timeout: 15_000 });
}

function label(element: Element, option: string): HTMLInputElement {
  const found = [...dialog(element, 'customise-dialog').querySelectorAll('label')].find((node) => node.textContent?.includes(option));
  if (!found) throw new Error(`no option ${option}`);
  return found.querySelector('input')!;
}

describe('<sf-menu>', () => {
  beforeEach(() => removeStored('cart'));

  it('shows the store header and its items with markers, prices and unavailable items disabled', async () => {
    const menu = await fixture(html`<sf-menu store="MQ=="></sf-menu>`);
    await menuShown(menu);
    expect(root(menu).mode).to.equal('open');
    expect(root(menu).querySelector('[part~="store-name"]')!.textContent).to.equal('Golden Gate Pizzeria');
    expect(shadowText(menu)).to.contain('Italian, Pizza');
    expect(shadowText(menu)).to.contain('Minimum order $15.00');
    const margherita = itemNamed(menu, 'Margherita')!;
    expect(margherita.querySelector('[part~="marker"]')!.getAttribute('aria-label')).to.equal('Vegetarian');
    expect(itemNamed(menu, 'Pepperoni Classic')!.querySelector('[part~="marker"]')!.getAttribute('aria-label')).to.equal('Non-vegetarian');
    expect(margherita.querySelector('[part~="item-price"]')!.textContent).to.contain('$14.00');
    expect(margherita.querySelector('img')!.getAttribute('src')).to.match(/^https?:\/\/.+\/media\//);
    // category bar with a link per category, the first one current
    const links = [...root(menu).querySelectorAll('[part~="category-link"]')].map((link) => link.textContent);
    expect(links).to.include.members(['Pizzas', 'Desserts']);
    expect(root(menu).querySelector('[aria-current="true"]')!.textContent).to.equal('Pizzas');
    // Desserts lie below the fold (the list is windowed): search brings Cannoli up.
    const search = root(menu).querySelector<HTMLInputElement>('[part~="search"]')!;
    search.value = 'Cannoli';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    await waitUntil(() => addButton(menu, 'Cannoli (2)'), 'Cannoli not shown');
    const cannoli = addButton(menu, 'Cannoli (2)')!;
    expect(cannoli.disabled).to.equal(true);
    expect(cannoli.textContent).to.equal('Not available');
    expect(root(menu).querySelector('[aria-current="true"]')!.textContent).to.equal('Desserts');
  });

  it('loads by slug too', async () => {
    const menu = await fixture(html`<sf-menu slug="burger-dock"></sf-menu>`);
    await menuShown(menu);
    expect(root(menu).querySelector('[part~="store-name"]')!.textContent).to.equal('Burger Dock');
  });

  it("an unknown id, an unknown slug or a bad id shows 'Store not found'", async () => {
    for (const element of [html`<sf-menu store=${btoa('99999')}></sf-menu>`, html`<sf-menu slug="no-such-store"></sf-menu>`, html`<sf-menu store="%%%"></sf-menu>`, html`<sf-menu></sf-menu>`]) {
      const menu = await fixture(element);
      await waitUntil(() => root(menu).querySelector('[part~="not-found"]'), `no not-found: "${shadowText(menu)}"`, { timeout: 15_000 });
      expect(root(menu).querySelector('[part~="not-found"]')!.textContent).to.equal('Store not found');
    }
  });

  it('adds an item without options at once; the cart button updates and sf-cart-change comes from the element', async () => {
    const container = await fixture(html`<div><sf-cart-button></sf-cart-button><sf-menu store="MQ=="></sf-menu></div>`);
    const menu = container.querySelector('sf-menu')!;
    const button = container.querySelector('sf-cart-button')!;
    await menuShown(menu);
    const plain = items(menu).find((item) => !item.querySelector('[aria-haspopup]') && !item.matches('[part~="item-unavailable"]'))!;
    const name = plain.querySelector('[part~="item-name"]')!.textContent!;
    let heard: CustomEvent | undefined;
    document.addEventListener('sf-cart-change', (event) => (heard = event as CustomEvent), { once: true });
    addButton(menu, name)!.click();
    await waitUntil(() => partText(button, 'badge') === '1', `badge "${partText(button, 'badge')}"`);
    expect(heard!.detail.count).to.equal(1);
    expect(heard!.target === menu, 'sf-cart-change did not come from <sf-menu>').to.equal(true);
    expect(cart()[0]).to.include({ name, restaurant_id: 1, quantity: 1 });
    addButton(menu, name)!.click();
    await waitUntil(() => partText(button, 'badge') === '2', `badge "${partText(button, 'badge')}"`);
    expect(cart()).to.have.length(1);
  });

  it('customises an item: rules per group, Add disabled until required groups are met, price with options, quantity', async () => {
    const menu = await fixture(html`<sf-menu store="MQ=="></sf-menu>`);
    await menuShown(menu);
    addButton(menu, 'Margherita')!.click();
    // The dialog's code comes with its first use.
    await waitUntil(() => part<HTMLDialogElement>(menu, 'customise-dialog')?.open, 'dialog did not open');
    const box = dialog(menu, 'customise-dialog');
    expect(box.textContent).to.contain('Required · Choose 1');
    expect(box.textContent).to.contain('Optional · Choose up to 3');
    // Nothing is wrong before the customer has done anything.
    expect(box.textContent).to.not.contain('Please choose an option.');
    expect(label(menu, 'Medium').type).to.equal('radio');
    expect(label(menu, 'Mushrooms').type).to.equal('checkbox');
    const confirm = box.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!;
    expect(confirm.disabled).to.equal(false);
    // Add without the required size: the group says so, and takes the focus; nothing is added.
    confirm.click();
    await waitUntil(() => box.textContent!.includes('Please choose an option.'), 'no message after Add');
    await waitUntil(() => root(menu).activeElement === label(menu, 'Small'), 'the group to fix did not take the focus');
    expect(box.querySelector('[role="alert"]')!.textContent).to.equal('Please choose an option.');
    expect(cart()).to.have.length(0);
    label(menu, 'Medium').click();
    label(menu, 'Mushrooms').click();
    await waitUntil(() => !box.textContent!.includes('Please choose an option.'), 'the message stayed after choosing');
    expect(box.querySelector('[part~="total"]')!.textContent).to.contain('$18.50');
    // at most 3 extras: the fourth is disabled
    label(menu, 'Extra mozzarella').click();
    label(menu, 'Jalapeños').click();
    await waitUntil(() => label(menu, 'Italian sausage').disabled, 'fourth extra not disabled');
    label(menu, 'Extra mozzarella').click();
    label(menu, 'Jalapeños').click();
    box.querySelector<HTMLButtonElement>('[aria-label="Increase quantity"]')!.click();
    await waitUntil(() => box.querySelector('[part~="total"]')!.textContent!.includes('$37.00'), 'total did not double');
    confirm.click();
    await waitUntil(() => cart().length === 1, 'nothing in the cart');
    expect(cart()[0]).to.deep.include({ name: 'Margherita', price: 18.5, quantity: 2, selectCustoizeID: [2, 5], selected_type: ['Medium 12"', 'Mushrooms'] });
    await waitUntil(() => !box.open, 'dialog stayed open after adding');
  });

  it('Escape closes the dialog', async () => {
    const menu = await fixture(html`<sf-menu store="MQ=="></sf-menu>`);
    await menuShown(menu);
    addButton(menu, 'Margherita')!.click();
    // The dialog's code comes with its first use.
    await waitUntil(() => part<HTMLDialogElement>(menu, 'customise-dialog')?.open, 'dialog did not open');
    const box = dialog(menu, 'customise-dialog');
    box.dispatchEvent(new Event('cancel', { cancelable: true }));
    await waitUntil(() => !box.open, 'dialog stayed open');
  });

  it('stops at the stock: the stepper maximum, and Maximum items reached above it', async () => {
    const menu = await fixture(html`<sf-menu store="MQ=="></sf-menu>`);
    await menuShown(menu);
    const name = 'Truffle Prosciutto'; // stock 5, size required
    addButton(menu, name)!.click();
    // The dialog's code comes with its first use.
    await waitUntil(() => part<HTMLDialogElement>(menu, 'customise-dialog')?.open, 'dialog did not open');
    const box = dialog(menu, 'customise-dialog');
    label(menu, 'Small').click();
    const plus = box.querySelector<HTMLButtonElement>('[aria-label="Increase quantity"]')!;
    for (let i = 0; i < 6; i += 1) {
      plus.click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await waitUntil(() => plus.disabled, 'plus not disabled at the stock');
    expect(box.querySelector('output')!.textContent).to.equal('5');
    box.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!.click();
    await waitUntil(() => cart().length === 1 && cart()[0]!.quantity === 5, 'five not added');
    await waitUntil(() => !box.open, 'dialog stayed open');
    addButton(menu, name)!.click();
    await waitUntil(() => box.open, 'dialog did not open again');
    label(menu, 'Large').click();
    const confirm = box.querySelector<HTMLButtonElement>('[part~="confirm-button"]')!;
    await waitUntil(() => label(menu, 'Large').checked, 'Large not chosen');
    confirm.click();
    await waitUntil(() => toasts().includes('Maximum items reached'), 'no Maximum items reached toast');
    expect(cart()).to.have.length(1);
  });

  it('asks before replacing a cart from another store, and replaces on confirm', async () => {
    writeCart([itemLine(999, 1, { restaurant_id: 2, name: 'Other', itemTotalQuantity: 0 })]);
    const menu = await fixture(html`<sf-menu store="MQ=="></sf-menu>`);
    await menuShown(menu);
    const plain = items(menu).find((item) => !item.querySelector('[aria-haspopup]') && !item.matches('[part~="item-unavailable"]'))!;
    plain.querySelector<HTMLButtonElement>('[part~="add-button"]')!.click();
    const confirm = dialog(menu, 'replace-cart-dialog');
    await waitUntil(() => confirm.open, 'no confirm dialog');
    expect(confirm.textContent).to.contain('Your cart has items from another store. Clear the cart and add this item?');
    expect(cart()[0]!.restaurant_id).to.equal(2);
    [...confirm.querySelectorAll('button')].find((button) => button.textContent === 'Clear cart and add')!.click();
    await waitUntil(() => cart().length === 1 && cart()[0]!.restaurant_id === 1, 'cart not replaced');
  });

  it("searches the menu by name or description, with 'No items match'", async () => {
    const menu = await fixture(html`<sf-menu store="MQ=="></sf-menu>`);
    await menuShown(menu);
    const search = root(menu).querySelector<HTMLInputElement>('[part~="search"]')!;
    expect(root(menu).querySelector(`label[for="${search.id}"]`)!.textContent).to.equal('Search the menu');
    search.value = 'basil';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    await waitUntil(() => items(menu).every((item) => /basil/i.test(item.textContent ?? '')), 'search did not filter');
    expect(itemNamed(menu, 'Margherita')).to.exist;
    search.value = 'zzzz';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    await waitUntil(() => root(menu).querySelector('[part~="empty"]'), 'no empty text');
    expect(root(menu).querySelector('[part~="empty"]')!.textContent).to.equal('No items match “zzzz”.');
  });

  /** get_restaurant_detail from the real server, answered as a closed store. */
  const closedStore = (scheduled: 0 | 1) =>
    stubApi(async ({ name, body }, realFetch) => {
      if (name !== 'get_restaurant_detail') return undefined;
      const real = await realFetch(`/api/v2/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer = (await real.json()) as { Result: Record<string, unknown> };
      return json({ ...answer, Result: { ...answer.Result, restaurant_on_off: '0', accepts_scheduled_orders: scheduled } });
    });

  it('a closed store says so and disables adding', async () => {
    const restore = closedStore(0);
    try {
      const closed = await fixture(html`<sf-menu store=${btoa('5')}></sf-menu>`);
      await menuShown(closed);
      expect(root(closed).querySelector('[part~="closed-notice"]')!.textContent).to.contain('Restaurant is currently off, Please try after some time');
      const buttons = items(closed).map((item) => item.querySelector<HTMLButtonElement>('[part~="add-button"]')!);
      expect(buttons.every((button) => button.disabled)).to.equal(true);
    } finally {
      restore();
    }
  });

  it('a closed store that accepts scheduled orders still takes items', async () => {
    const restore = closedStore(1);
    try {
      const ahead = await fixture(html`<sf-menu store=${btoa('6')}></sf-menu>`);
      await waitUntil(() => items(ahead).length > 0, `no items: ${root(ahead).innerHTML.slice(0, 300)}`, { timeout: 15_000 });
      expect(root(ahead).querySelector('[part~="closed-notice"]')!.textContent).to.contain('Restaurant is currently off');
      expect(items(ahead).some((item) => !item.querySelector<HTMLButtonElement>('[part~="add-button"]')!.disabled)).to.equal(true);
    } finally {
      restore();
    }
  });

  it('a failed request shows a skeleton and Retry, and Retry loads the menu', async () => {
    let fail = true;
    const restore = stubApi(({ name }) => (fail && name === 'get_restaurant_detail' ? new Response('down', { status: 503 }) : undefined));
    try {
      const menu = await fixture(html`<sf-menu store=${btoa('4')}></sf-menu>`);
      await waitUntil(() => root(menu).querySelector('[part~="error"]'), `no error: "${shadowText(menu)}"`, { timeout: 15_000 });
      expect(root(menu).querySelector('.sf-skeleton')).to.exist;
      fail = false;
      [...root(menu).querySelectorAll('button')].find((button) => button.textContent === 'Retry')!.click();
      await menuShown(menu);
      expect(root(menu).querySelector('[part~="store-name"]')!.textContent).to.equal('Spice Route Indian Kitchen');
    } finally {
      restore();
    }
  });

  it('windows a 2000-item menu and keeps the category scroll-spy working', async () => {
    const categories = Array.from({ length: 20 }, (_, c) => ({
      category_id: 9000 + c,
      name: `Bench category ${c + 1}`,
      items: Array.from({ length: 100 }, (_, i) => ({
        item_id: 100_000 + c * 100 + i, restaurant_id: 3, category_id: 9000 + c, name: `Bench item ${c * 100 + i + 1}`,
        description: 'A bench item.', image: '', price: 1 + (i % 7), mrp: 0, item_type: (i % 2) as 0 | 1, is_available: 1 as const, stock: null,
        item_tax: 0, packaging_charge: 0, unit: '', is_subscribable: 0 as const, customizations: [],
      })),
    }));
    // Served in parts, as the server sends a long menu: the first category, then the others a page at a time as they come into view.
    const asked: string[] = [];
    const restore = stubApi(({ name, body }) => {
      const answer = answerMenuInParts(categories, name, body);
      if (answer !== undefined) asked.push(name === 'menuwiseitem' ? `${name} ${String(body.category_id)} ${String(body.skip)}` : name);
      return answer === undefined ? undefined : json(answer);
    });
    try {
      const menu = await fixture(html`<sf-menu store=${btoa('3')}></sf-menu>`);
      await menuShown(menu);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(items(menu).length).to.be.lessThan(80);
      const list = root(menu).querySelector<HTMLElement>('[part~="items"]')!;
      // Every item has its place from the start, loaded or not.
      expect(list.getBoundingClientRect().height).to.be.greaterThan(2000 * 100);
      // jump to the last category through its link
      const link = [...root(menu).querySelectorAll<HTMLAnchorElement>('[part~="category-link"]')].find((node) => node.textContent === 'Bench category 20')!;
      link.click();
      await waitUntil(() => itemNamed(menu, 'Bench item 1901'), 'last category not rendered after the jump');
      // Only what came into view was asked for: the last categories, not the sixteen between.
      expect(asked.filter((call) => /^menuwiseitem 90(0[2-9]|1[0-7]) /.test(call))).to.deep.equal([]);
      await waitUntil(() => root(menu).querySelector('[aria-current="true"]')?.textContent === 'Bench category 20', 'scroll-spy did not follow');
      // Focus moves to the heading once its row is rendered, a frame or two after the jump on a loaded machine.
      await waitUntil(() => root(menu).activeElement?.textContent === 'Bench category 20', 'focus did not reach the category heading');
      expect(root(menu).activeElement?.textContent).to.equal('Bench category 20');
      expect(items(menu).length).to.be.lessThan(80);
      expect(itemNamed(menu, 'Bench item 1')).to.equal(undefined);
      window.scrollTo(0, 0);
      await waitUntil(() => itemNamed(menu, 'Bench item 1'), 'first items not rendered again');
    } finally {
      restore();
      window.scrollTo(0, 0);
    }
  });

  it('given a desktop\'s width, keeps the categories in a rail and the cart beside the items, two to a row, following the cart', async () => {
    await setStoreState(1, 'open');
    const menu = await fixture(html`<sf-menu store="MQ==" style="display: block; width: 1200px"></sf-menu>`);
    await menuShown(menu);
    await waitUntil(() => part(menu, 'cart-beside'), 'no cart beside the wide menu', { timeout: 10_000 });
    expect(part(menu, 'menu')!.getAttribute('part')).to.equal('menu menu-wide');
    expect(partText(menu, 'cart-beside-empty')).to.equal('Your cart is empty. Add items from the menu.');
    // The rail: the search and the links one under another, at the start of the items.
    const links = parts(menu, 'category-link');
    expect(links[1]!.getBoundingClientRect().top).to.be.greaterThan(links[0]!.getBoundingClientRect().bottom - 1);
    expect(part(menu, 'category-bar')!.getBoundingClientRect().right).to.be.at.most(part(menu, 'items')!.getBoundingClientRect().left);
    // Two items to a row.
    const [first, second] = items(menu);
    expect(Math.round(second!.getBoundingClientRect().top)).to.equal(Math.round(first!.getBoundingClientRect().top));
    // Adding anywhere shows in the cart beside at once; Checkout on a vendor's page opens its cart drawer.
    addButton(menu, 'Garlic Knots')!.click();
    await waitUntil(() => parts(menu, 'cart-beside-line').length === 1, 'the cart beside did not follow the cart');
    expect(partText(menu, 'cart-beside-line')).to.contain('1 × Garlic Knots');
    expect(partText(menu, 'cart-beside-subtotal')).to.contain('1 item');
    writeCart([itemLine(1, 3, { name: 'Margherita', price: 14, restaurant_id: 1 })]);
    await waitUntil(() => partText(menu, 'cart-beside-line').includes('3 × Margherita'), 'a change of the shared cart did not show beside');
  });

  it('narrower than a desktop, keeps the phone\'s layout: the bar above the items and no cart beside', async () => {
    const menu = await fixture(html`<sf-menu store="MQ==" style="display: block; width: 600px"></sf-menu>`);
    await menuShown(menu);
    expect(part(menu, 'menu')!.getAttribute('part')).to.equal('menu');
    expect(part(menu, 'cart-beside')).to.equal(null);
    expect(part(menu, 'category-bar')!.getBoundingClientRect().bottom).to.be.at.most(part(menu, 'items')!.getBoundingClientRect().top + 1);
  });
});
