// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VendorSettings } from '../../../contract/api/settings.ts';
import { apiStub } from '../../core/api/client-stub.test-helpers.ts';

vi.mock('../../core/api/client.ts', async () => (await import('../../core/api/client-stub.test-helpers.ts')).stubbedClient());

const { I18nProvider } = await import('@lingui/react');
const { activateLocale, i18n } = await import('../../core/i18n/i18n.ts');
const { $settings } = await import('../../core/settings/settings.ts');
const { $passwordResetFor, $signInMode } = await import('../../core/session/passwords.ts');
const { $typedNumber } = await import('../../core/session/typed-number.ts');
const { mount } = await import('../../ui/render.test-helpers.tsx');
const { SignIn } = await import('./SignIn.tsx');
const { ForgotPassword } = await import('./ForgotPassword.tsx');

beforeAll(() => activateLocale('en'));
afterEach(async () => act(async () => {
  $settings.set(null);
  $signInMode.set('code');
  $passwordResetFor.set(null);
  $typedNumber.set(null);
}));

/** Mounts a screen the way the full page's router shows it; `leave()` takes it away as a navigation does. */
async function open(screen: ReactNode) {
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  await act(async () => root.render(<I18nProvider i18n={i18n}>{screen}</I18nProvider>));
  return { host, leave: () => act(async () => root.unmount()).then(() => host.remove()) };
}

/** Puts `text` into the input as typing or pasting does. */
async function enter(input: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Submits the screen's form and lets its requests answer. */
async function submit(host: HTMLElement) {
  await act(async () => {
    host.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

const input = (host: HTMLElement, selector: string) => host.querySelector<HTMLInputElement>(selector)!;
const mobileInput = (host: HTMLElement) => input(host, 'input[autocomplete="tel-national"]');
const codeInput = (host: HTMLElement) => input(host, 'input[autocomplete="tel-country-code"]');
const labelled = (host: HTMLElement, label: string) => {
  const found = [...host.querySelectorAll('label')].find((element) => element.textContent === label);
  return input(host, `[id="${found!.htmlFor}"]`);
};
/** The text of the elements that describe `field` (aria-describedby), or null when nothing does. */
const description = (host: HTMLElement, field: HTMLElement) => {
  const ids = field.getAttribute('aria-describedby');
  return ids === null ? null : ids.split(' ').map((id) => host.ownerDocument.getElementById(id)?.textContent ?? '').join(' ');
};

describe('registering on the sign-in screen', () => {
  it('ties the name and email errors to their fields, only while they show', async () => {
    apiStub.reset((call) => (call.name === 'check_mobile_number' ? { code: 404 } : { code: 200 }));
    const host = await mount(<SignIn host={document.body} />);
    await enter(mobileInput(host), '9876543210');
    await submit(host);
    const name = labelled(host, 'Full name');
    const email = labelled(host, 'Email');
    expect([name.autocomplete, email.autocomplete, email.type]).toEqual(['name', 'email', 'email']);
    expect([description(host, name), description(host, email)]).toEqual([null, null]);
    // The new step's first field has the focus (the Continue button pressed is gone).
    expect(name.matches(':focus')).toBe(true);

    await submit(host);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(description(host, name)).toBe('Please enter your name');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(description(host, email)).toBe('Please enter a valid email');

    await enter(name, 'Jo Kim');
    await submit(host);
    expect(name.hasAttribute('aria-invalid')).toBe(false);
    expect(description(host, name)).toBeNull();
    expect(description(host, email)).toBe('Please enter a valid email');

    // Sent: the code's field has the focus.
    await enter(email, 'jo@example.com');
    await submit(host);
    expect(input(host, 'input[autocomplete="one-time-code"]').matches(':focus')).toBe(true);
  });

  it('takes a number typed in Arabic-Indic digits, sent as 0-9', async () => {
    apiStub.reset((call) => (call.name === 'check_mobile_number' ? { code: 404 } : { code: 200 }));
    const host = await mount(<SignIn host={document.body} />);
    await enter(mobileInput(host), '٩٨٧٦٥ ٤٣٢١٠');
    await submit(host);
    expect(host.textContent).not.toContain('Mobile number invalid');
    expect(apiStub.calls.map((call) => [call.name, call.body.mobile_number])).toEqual([['check_mobile_number', '9876543210']]);
  });
});

describe('the number around a password reset', () => {
  it('fills "Forgot password" with the number typed on sign-in, still editable, and sign-in with the one the reset was for', async () => {
    apiStub.reset();
    $settings.set({ password_login: 'Yes', country_code: '91' } as VendorSettings);
    $signInMode.set('password');
    const signIn = await open(<SignIn host={document.body} />);
    await enter(codeInput(signIn.host), '44');
    await enter(mobileInput(signIn.host), '7700 900123');
    await signIn.leave();

    const sent = vi.fn();
    const { host: forgot, leave } = await open(<ForgotPassword onCodeSent={sent} />);
    expect([codeInput(forgot).value, mobileInput(forgot).value]).toEqual(['44', '7700 900123']);
    await enter(mobileInput(forgot), '7700 900456');
    await submit(forgot);
    expect(sent).toHaveBeenCalledOnce();
    expect(apiStub.calls).toEqual([{ name: 'customer_forgot_password', body: expect.objectContaining({ country_code: '44', mobile_number: '7700900456' }) }]);
    await leave();

    // The reset done, the full page goes back to sign-in.
    const again = await mount(<SignIn host={document.body} />);
    expect([codeInput(again).value, mobileInput(again).value]).toEqual(['44', '7700 900456']);
  });
});
