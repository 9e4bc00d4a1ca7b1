// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { act, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../core/i18n/i18n.ts';
import { $typedNumber } from '../core/session/typed-number.ts';
import { CodeSentTo, MobileFields, OtpField, useTypedNumber } from './AccountFields.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => activateLocale('en'));

async function render(node: ReactNode) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>));
  return { host, unmount: () => act(async () => root.unmount()).then(() => host.remove()) };
}

describe('OtpField', () => {
  it('is the labelled code input, its error tied to it', async () => {
    const { host, unmount } = await render(<OtpField id="c-otp" value="12" error="Invalid OTP" onChange={() => undefined} />);
    const input = host.querySelector('input')!;
    expect(host.querySelector('label')!.textContent).toBe('Enter OTP');
    expect(host.querySelector('label')!.htmlFor).toBe('c-otp');
    expect([input.id, input.autocomplete, input.inputMode]).toEqual(['c-otp', 'one-time-code', 'numeric']);
    // No maxLength: it would cut a pasted "123 456" to "123 45" before the space is dropped.
    expect(input.hasAttribute('maxlength')).toBe(false);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(host.querySelector(`#${input.getAttribute('aria-describedby')!}`)!.textContent).toBe('Invalid OTP');
    await unmount();
  });

  it('keeps the digits only: a pasted code with a space or a dash, or in Arabic-Indic or Persian digits, is its six digits', async () => {
    let typed = '';
    function Harness() {
      const [otp, setOtp] = useState('');
      typed = otp;
      return <OtpField id="c-otp" value={otp} onChange={setOtp} />;
    }
    const { host, unmount } = await render(<Harness />);
    const input = host.querySelector('input')!;
    for (const [pasted, code] of [['12 3-4a', '1234'], ['123 456', '123456'], ['123-456', '123456'], ['١٢٣ ٤٥٦', '123456'], ['۱۲۳-۴۵۶', '123456'], ['1234567', '123456']]) {
      await enter(input, pasted!);
      expect(typed).toBe(code);
      expect(input.value).toBe(code);
    }
    await unmount();
  });
});

/** Puts `text` into the input as typing or pasting does. */
async function enter(input: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('MobileFields', () => {
  it('reads a country code typed in Arabic-Indic or Persian digits as 0-9', async () => {
    const codes: string[] = [];
    const { host, unmount } = await render(<MobileFields id="m" countryCode="" mobile="" onCountryCode={(code) => codes.push(code)} onMobile={() => undefined} />);
    await enter(host.querySelector<HTMLInputElement>('#m-cc')!, '+٩٧١');
    await enter(host.querySelector<HTMLInputElement>('#m-cc')!, '۹۸');
    expect(codes).toEqual(['971', '98']);
    await unmount();
  });
});

describe('useTypedNumber', () => {
  it('starts from the number typed on the other screen, else empty with the default code, and keeps each change for it', async () => {
    $typedNumber.set(null);
    let number!: ReturnType<typeof useTypedNumber>;
    function Harness() {
      number = useTypedNumber('91');
      return <MobileFields id="t" countryCode={number.countryCode} mobile={number.mobile} onCountryCode={number.setCountryCode} onMobile={number.setMobile} />;
    }
    const first = await render(<Harness />);
    expect([number.countryCode, number.mobile]).toEqual(['91', '']);
    await enter(first.host.querySelector<HTMLInputElement>('#t-cc')!, '44');
    await enter(first.host.querySelector<HTMLInputElement>('#t-mobile')!, '7700 900123');
    expect($typedNumber.get()).toEqual({ country_code: '44', mobile_number: '7700 900123' });
    await first.unmount();

    const second = await render(<Harness />);
    expect(second.host.querySelector<HTMLInputElement>('#t-cc')!.value).toBe('44');
    expect(second.host.querySelector<HTMLInputElement>('#t-mobile')!.value).toBe('7700 900123');
    await second.unmount();
    $typedNumber.set(null);
  });
});

describe('CodeSentTo', () => {
  it('says where the code went, the number left to right', async () => {
    const { host, unmount } = await render(<CodeSentTo identity={{ mobile_number: '9876543210', country_code: '91', user_role: '1', type: 'customer' }} />);
    expect(host.textContent).toBe('We sent a code to +91 9876543210.');
    expect(host.querySelector('bdi')!.dir).toBe('ltr');
    await unmount();
  });
});
