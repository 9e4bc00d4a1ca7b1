import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../tests/helpers/wait-until.ts';
import { sendKeys } from '@web/test-runner-commands';
import '/dist/storefront.standalone.js';
import { button, byLabel, root, toasts } from '../tests/helpers/element-dom.ts';
import { latestOtp, type } from '../tests/helpers/element-input.ts';

describe('<sf-sign-in>', () => {
  const mobile = `415${String(Date.now()).slice(-7)}`;

  it('refuses a malformed number with Mobile number invalid', async () => {
    const signIn = await fixture(html`<sf-sign-in></sf-sign-in>`);
    await waitUntil(() => byLabel(signIn, 'Mobile number'), 'form not rendered', { timeout: 15_000 });
    await type(byLabel(signIn, 'Mobile number')!, '12ab');
    button(signIn, 'Continue')!.click();
    await waitUntil(() => root(signIn).textContent?.includes('Mobile number invalid'), 'no validation message', { timeout: 10_000 });
  });

  it('registers a new customer by OTP, refuses a wrong code, and signs out after confirmation', async () => {
    const signIn = await fixture(html`<sf-sign-in></sf-sign-in>`);
    await waitUntil(() => byLabel(signIn, 'Mobile number'), 'form not rendered', { timeout: 15_000 });
    await type(byLabel(signIn, 'Mobile number')!, mobile);
    button(signIn, 'Continue')!.click();
    await waitUntil(() => byLabel(signIn, 'Full name'), 'registration form not shown', { timeout: 10_000 });
    await type(byLabel(signIn, 'Full name')!, 'Test Customer');
    await type(byLabel(signIn, 'Email')!, 'test@example.com');
    button(signIn, 'Send code')!.click();
    await waitUntil(() => byLabel(signIn, 'Enter OTP'), 'OTP form not shown', { timeout: 10_000 });
    const otp = await latestOtp(mobile);

    const wrong = otp === '000000' ? '111111' : '000000';
    await type(byLabel(signIn, 'Enter OTP')!, wrong);
    button(signIn, 'Verify')!.click();
    // Refused beside the field, tied to it and announced, not in a toast that vanishes.
    await waitUntil(() => byLabel(signIn, 'Enter OTP')!.getAttribute('aria-invalid') === 'true', 'wrong code not refused', { timeout: 10_000 });
    const codeField = byLabel(signIn, 'Enter OTP')!;
    expect(root(signIn).getElementById(codeField.getAttribute('aria-describedby')!)!.textContent).to.equal('Invalid OTP');
    expect(root(signIn).querySelector('[role="alert"]')!.textContent).to.equal('Invalid OTP');
    expect(toasts()).to.not.include('Invalid OTP');

    let signedIn: CustomEvent | undefined;
    signIn.addEventListener('sf-sign-in', (event) => (signedIn = event as CustomEvent), { once: true });
    await type(byLabel(signIn, 'Enter OTP')!, otp);
    button(signIn, 'Verify')!.click();
    await waitUntil(() => root(signIn).textContent?.includes('Signed in as Test Customer'), 'not signed in', { timeout: 10_000 });
    expect(signedIn?.detail.user.user_name).to.equal('Test Customer');
    expect(localStorage.getItem('token')).to.match(/^[A-Za-z0-9_-]{20,}$/);

    // Escape closes the confirmation without signing out; focus stays inside while open.
    button(signIn, 'Sign out')!.click();
    const dialog = root(signIn).querySelector('dialog')!;
    await waitUntil(() => dialog.open, 'confirmation not open', { timeout: 10_000 });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(dialog.contains(root(signIn).activeElement)).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog.open, 'Escape did not close the dialog', { timeout: 10_000 });
    expect(localStorage.getItem('token')).to.be.ok;

    let signedOut: CustomEvent | undefined;
    document.addEventListener('sf-sign-out', (event) => (signedOut = event as CustomEvent), { once: true });
    button(signIn, 'Sign out')!.click();
    await waitUntil(() => dialog.open, 'confirmation not open', { timeout: 10_000 });
    button(signIn, 'Yes, sign out')!.click();
    await waitUntil(() => byLabel(signIn, 'Mobile number'), 'sign-in form not back', { timeout: 10_000 });
    expect(signedOut?.detail.reason).to.equal('user');
    expect(localStorage.getItem('token')).to.equal(null);
    expect(localStorage.getItem('cart')).to.be.oneOf([null, '[]']);
  });
});
