import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { json, signInByApi, signOutLocally, stubApi } from '../tests/helpers/element-api.ts';
import { part, parts, root } from '../tests/helpers/element-dom.ts';
import '/dist/storefront.standalone.js';

const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** A history line as get_user_wallet_history answers it. */
const line = (id: number, kind: string, amount: number, balance: number, orderId: number | null = null) => ({
  id, kind, amount, balance_after: balance, order_id: orderId, created_at: `2026-11-${String(10 + (id % 10)).padStart(2, '0')}T12:00:00Z`,
});

describe('<sf-wallet>', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    history.replaceState(null, '', location.pathname);
  });

  it('asks a guest to sign in', async () => {
    signOutLocally();
    const wallet = await fixture(html`<sf-wallet></sf-wallet>`);
    await waitUntil(() => part(wallet, 'sign-in-prompt'), 'no sign-in prompt', { timeout: 15_000 });
    expect(text(part(wallet, 'sign-in-prompt'))).to.contain('Sign in to see your wallet.');
    let required: CustomEvent | undefined;
    document.addEventListener('sf-sign-in-required', (event) => (required = event as CustomEvent), { once: true });
    part(wallet, 'sign-in')!.click();
    await waitUntil(() => required, 'no sf-sign-in-required');
    expect(required!.detail).to.deep.equal({ reason: 'wallet' });
  });

  it('shows a new customer a zero balance, an empty history and the vendor\'s one-tap amounts', async () => {
    await signInByApi('Wallet Tester');
    const wallet = await fixture(html`<sf-wallet></sf-wallet>`);
    await waitUntil(() => part(wallet, 'empty'), 'no empty history', { timeout: 15_000 });
    expect(text(part(wallet, 'balance'))).to.equal('$0.00');
    expect(text(part(wallet, 'empty'))).to.equal('No wallet activity yet.');
    expect(parts(wallet, 'amount').map(text)).to.deep.equal(['$10.00', '$25.00', '$50.00', '$100.00']);
    const input = part<HTMLInputElement>(wallet, 'amount-input')!;
    expect(root(wallet).querySelector(`label[for="${input.id}"]`)?.textContent).to.equal('Amount (USD)');
    expect(input.getAttribute('inputmode')).to.equal('decimal');
  });

  it('labels each kind of line, signs credits and debits, links orders, and pages the history without repeating a line', async () => {
    await signInByApi('Wallet Pager');
    const first = [
      line(40, 'recharge', 50, 62.5), line(39, 'order_refund', 17.5, 12.5, 7), line(38, 'order_payment', -17.5, -5, 7),
      line(37, 'cashback', 2, 12.5), ...Array.from({ length: 16 }, (_, i) => line(36 - i, 'adjustment', 1, 10.5)),
    ];
    const second = [line(19, 'adjustment', 1, 9.5), line(18, 'recharge', 10, 8.5)];
    const asked: number[] = [];
    restore = stubApi(({ name, body }) => {
      if (name !== 'get_user_wallet_history') return undefined;
      asked.push(Number(body.skip));
      return json({ code: 200, Result: { wallet_amount: 62.5, transactions: body.skip ? [first[19]!, ...second] : first } });
    });
    const wallet = await fixture(html`<sf-wallet order-href="/account/orders/{id}"></sf-wallet>`);
    await waitUntil(() => parts(wallet, 'transaction').length === 20, 'the first page is not shown', { timeout: 15_000 });
    expect(text(part(wallet, 'balance'))).to.equal('$62.50');
    const lines = parts(wallet, 'transaction');
    const kinds = lines.slice(0, 5).map((li) => text(li.querySelector('[part~="transaction-kind"]')));
    expect(kinds).to.deep.equal(['Wallet recharge', 'Order refund', 'Order payment', 'Cashback', 'Adjustment']);
    expect(text(lines[0]!.querySelector('[part~="transaction-amount"]'))).to.equal('+$50.00');
    expect(lines[2]!.querySelector('[part~="transaction-amount"]')!.getAttribute('part')).to.equal('transaction-amount debit');
    expect(text(lines[2]!.querySelector('[part~="transaction-amount"]'))).to.equal('−$17.50');
    expect(lines[1]!.querySelector('[part~="transaction-order"]')!.getAttribute('href')).to.equal('/account/orders/7');
    expect(lines[0]!.querySelector('[part~="transaction-order"]')).to.equal(null);
    expect(lines[0]!.querySelector('time')!.getAttribute('datetime')).to.match(/^2026-11-/);

    part<HTMLButtonElement>(wallet, 'more-transactions')!.click();
    await waitUntil(() => parts(wallet, 'transaction').length === 22, 'the second page is not added');
    expect(asked).to.deep.equal([0, 20]);
    // The second page was short: nothing more to ask for.
    expect(part(wallet, 'more-transactions')).to.equal(null);
  });

  it('checks an amount as typed: required, the minimum, the limit, each said on the field', async () => {
    await signInByApi('Wallet Checker');
    const wallet = await fixture(html`<sf-wallet></sf-wallet>`);
    await waitUntil(() => part(wallet, 'empty'), 'not loaded', { timeout: 15_000 });
    const input = part<HTMLInputElement>(wallet, 'amount-input')!;
    const submit = part<HTMLButtonElement>(wallet, 'recharge')!;
    const error = () => text(root(wallet).querySelector('[role="alert"]'));
    const type = (value: string) => {
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    submit.click();
    await waitUntil(() => error() === 'Please enter an amount', 'no required message');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(root(wallet).activeElement).to.equal(input);
    type('4.5');
    await waitUntil(() => text(submit) === 'Add $4.50', 'the button does not say the amount');
    submit.click();
    await waitUntil(() => error() === 'The smallest recharge is $5.00.', 'no minimum message');
    type('500.01');
    await waitUntil(() => text(submit) === 'Add $500.01', 'the button does not say the new amount');
    submit.click();
    await waitUntil(() => error() === 'Wallet Recharge Limit exceeded: your wallet can hold up to $500.00.', 'no limit message');
  });

  it('back from the payment page: says the outcome once, tells the page, and drops the return\'s parameters', async () => {
    await signInByApi('Wallet Returner');
    const id = 'AbCdEfGhIjKlMnOpQrStUvWx';
    history.replaceState(null, '', `${location.pathname}?keep=1&recharge=${id}&payment=paid`);
    let asked: unknown;
    restore = stubApi(({ name, body }) => {
      if (name !== 'wallet_recharge_status') return undefined;
      asked = body.recharge_id;
      return json({ code: 200, Result: { recharge_id: id, amount: 25, status: 'paid', wallet_amount: 25 } });
    });
    let recharged: CustomEvent | undefined;
    document.addEventListener('sf-wallet-recharged', (event) => (recharged = event as CustomEvent), { once: true });
    const wallet = await fixture(html`<sf-wallet></sf-wallet>`);
    await waitUntil(() => text(part(wallet, 'recharge-result')) === '$25.00 was added to your wallet.', 'no outcome', { timeout: 15_000 });
    expect(part(wallet, 'recharge-result')!.getAttribute('role')).to.equal('status');
    expect(asked).to.equal(id);
    expect(recharged!.detail).to.deep.equal({ amount: 25 });
    expect(location.search).to.equal('?keep=1');
  });
});
