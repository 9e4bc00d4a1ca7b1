// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IdentityRequest } from '../../contract/api/account.ts';
import { ApiError } from '../core/api/client.ts';
import { activateLocale } from '../core/i18n/i18n.ts';
import type { PasswordOutcome } from '../core/session/passwords.ts';
import { useOneTimeCode, type FieldErrors, type OneTimeCodeOptions } from './useOneTimeCode.ts';

const verifyCode = vi.hoisted(() => vi.fn<(identity: IdentityRequest, otp: string, origin?: EventTarget | null) => Promise<PasswordOutcome>>());
vi.mock('../core/session/passwords.ts', () => ({ verifyCode }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const identity: IdentityRequest = { mobile_number: '9876543210', country_code: '91', user_role: '1', type: 'customer' };
const submitEvent = { preventDefault: () => undefined };

/** Renders the hook and hands back what it returns, as of the latest render. */
async function mount(options: Omit<OneTimeCodeOptions, 'host'>) {
  let code!: ReturnType<typeof useOneTimeCode>;
  const host = document.createElement('div');
  function Harness() {
    code = useOneTimeCode({ host, ...options });
    return null;
  }
  const root = createRoot(host);
  await act(async () => root.render(<Harness />));
  return { host, current: () => code, unmount: () => act(async () => root.unmount()) };
}

beforeAll(() => activateLocale('en'));
afterEach(() => verifyCode.mockReset());

describe('useOneTimeCode', () => {
  it('puts the first message of each refused field beside it, under the screen\'s name for the field, and is busy meanwhile', async () => {
    const shown: FieldErrors[] = [];
    const code = await mount({ showErrors: (errors) => shown.push(errors), fieldNames: { mobile_number: 'mobile' } });
    let refuse!: (error: unknown) => void;
    let running!: Promise<void>;
    await act(async () => {
      running = code.current().run(() => new Promise((_, reject) => (refuse = reject)));
    });
    expect(code.current().busy).toBe(true);
    await act(async () => {
      refuse(new ApiError(422, 422, 'Invalid', { mobile_number: ['Taken', 'Too short'], email: [], constructor: ['Odd'] }));
      await running;
    });
    expect(shown).toEqual([{ mobile: 'Taken', email: null, constructor: 'Odd' }]);
    expect(code.current().busy).toBe(false);
    await code.unmount();
  });

  it('checks the code before sending it, then shows a refusal beside it and tells the screen', async () => {
    const shown: FieldErrors[] = [];
    const verified = vi.fn();
    const refused = vi.fn();
    const code = await mount({ showErrors: (errors) => shown.push(errors) });
    await act(async () => code.current().setIdentity(identity));

    await act(async () => code.current().submitCode(submitEvent, verified, refused));
    expect(shown).toEqual([{ otp: 'Enter the code we sent you' }]);
    expect(verifyCode).not.toHaveBeenCalled();

    verifyCode.mockResolvedValue({ ok: false, message: 'Invalid OTP' });
    await act(async () => code.current().setOtp('123456'));
    await act(async () => code.current().submitCode(submitEvent, verified, refused));
    expect(verifyCode).toHaveBeenCalledWith(identity, '123456', code.host);
    expect(shown.slice(1)).toEqual([{ otp: null }, { otp: 'Invalid OTP' }]);
    expect(refused).toHaveBeenCalledOnce();
    expect(verified).not.toHaveBeenCalled();

    verifyCode.mockResolvedValue({ ok: true });
    await act(async () => code.current().submitCode(submitEvent, verified, refused));
    expect(verified).toHaveBeenCalledOnce();
    expect(code.current().busy).toBe(false);
    await code.unmount();
  });
});
