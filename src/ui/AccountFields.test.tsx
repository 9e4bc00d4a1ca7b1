// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { act, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../core/i18n/i18n.ts';
import { CodeSentTo, OtpField } from './AccountFields.tsx';

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
    expect([input.id, input.autocomplete, input.inputMode, input.maxLength]).toEqual(['c-otp', 'one-time-code', 'numeric', 6]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(host.querySelector(`#${input.getAttribute('aria-describedby')!}`)!.textContent).toBe('Invalid OTP');
    await unmount();
  });

  it('keeps the digits only', async () => {
    let typed = '';
    function Harness() {
      const [otp, setOtp] = useState('');
      typed = otp;
      return <OtpField id="c-otp" value={otp} onChange={setOtp} />;
    }
    const { host, unmount } = await render(<Harness />);
    const input = host.querySelector('input')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '12 3-4a');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(typed).toBe('1234');
    await unmount();
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
