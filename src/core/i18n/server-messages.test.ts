import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_TEXTS, tooManyFromNetworkText } from '../../../contract/account-texts.ts';
import { ApiError, callApi } from '../api/client.ts';
import { activateLocale } from './i18n.ts';
import { $locale } from './locale.ts';
import { REFUSAL_TEXTS, type RefusalKey } from '../../../contract/rules/refusals.ts';
import { customerText, inCustomerLanguage, KNOWN_REFUSALS } from './server-messages.ts';
import * as serverTexts from './server-texts.ts';

describe('server texts in the customer language', () => {
  afterEach(async () => activateLocale('en'));

  it('shows the sign-in texts in Arabic, and unchanged in English', async () => {
    await activateLocale('ar');
    expect(customerText(ACCOUNT_TEXTS.invalidOtp)).toBe('رمز التحقق غير صحيح');
    expect(customerText(ACCOUNT_TEXTS.notRegistered)).toBe('رقم الجوال غير مسجّل');
    expect(customerText(ACCOUNT_TEXTS.tooMany)).toBe('تم استخدام رقم الجوال نفسه مرات كثيرة جدًا');
    await activateLocale('en');
    for (const text of Object.values(ACCOUNT_TEXTS)) expect(customerText(text)).toBe(text);
  });

  it('knows no server text whose English is not the text itself, so English pages go without the table', async () => {
    await activateLocale('en');
    for (const key of Object.keys(KNOWN_REFUSALS) as RefusalKey[]) {
      expect(customerText(REFUSAL_TEXTS[key]), key).toBe(REFUSAL_TEXTS[key]);
      expect(customerText(REFUSAL_TEXTS[key], key), key).toBe(REFUSAL_TEXTS[key]);
    }
    expect(serverTexts.customerText(ACCOUNT_TEXTS.invalidOtp)).toBe(ACCOUNT_TEXTS.invalidOtp);
    await activateLocale('ar');
    expect(serverTexts.customerText(ACCOUNT_TEXTS.invalidOtp)).toBe('رمز التحقق غير صحيح');
  });

  it('has a translation in every language for each sign-in text', async () => {
    for (const locale of ['ar', 'de', 'es', 'fr']) {
      await activateLocale(locale);
      for (const text of [...Object.values(ACCOUNT_TEXTS), tooManyFromNetworkText(60), tooManyFromNetworkText(600)]) {
        expect(customerText(text), `${locale}: ${text}`).not.toBe(text);
      }
    }
  });

  it('reads the minutes of the network limit and counts them in the language', async () => {
    await activateLocale('en');
    expect(customerText(tooManyFromNetworkText(30))).toBe(tooManyFromNetworkText(30));
    expect(customerText(tooManyFromNetworkText(300))).toBe(tooManyFromNetworkText(300));
    await activateLocale('de');
    expect(customerText(tooManyFromNetworkText(300))).toContain('5');
  });

  it('prefers our server\'s key to its sentence, and reads the sentence of a server that sends none', async () => {
    await activateLocale('ar');
    const storeNotFound = customerText(REFUSAL_TEXTS['store.not_found']);
    expect(storeNotFound).not.toBe(REFUSAL_TEXTS['store.not_found']);
    // A server worded the refusal its own way: the key still says what it is.
    expect(customerText('We could not find that store', 'store.not_found')).toBe(storeNotFound);
    expect(inCustomerLanguage({ code: 101, msg: 'We could not find that store', msg_key: 'store.not_found' })).toEqual({ code: 101, msg: storeNotFound, msg_key: 'store.not_found' });
    // A key the storefront does not know falls back to the sentence, then to the text as it came.
    expect(customerText(REFUSAL_TEXTS['store.closed'], 'store.on_fire')).toBe(customerText(REFUSAL_TEXTS['store.closed']));
    expect(customerText('Something new', 'store.on_fire')).toBe('Something new');
    expect(customerText('Something new', 'toString')).toBe('Something new');
  });

  it('has a translation in every language for each key', async () => {
    for (const locale of ['ar', 'de', 'es', 'fr']) {
      await activateLocale(locale);
      for (const [key, text] of Object.entries(REFUSAL_TEXTS)) expect(customerText(text, key), `${locale}: ${key}`).not.toBe(text);
    }
  });

  it('leaves a text it does not know as it came', async () => {
    await activateLocale('ar');
    expect(customerText('Something the server says')).toBe('Something the server says');
    expect(inCustomerLanguage({ code: 422, msg: 'Invalid OTP', errors: { otp: ['Invalid OTP', 'x'] }, Result: [1] }))
      .toEqual({ code: 422, msg: 'رمز التحقق غير صحيح', errors: { otp: ['رمز التحقق غير صحيح', 'x'] }, Result: [1] });
  });
});

describe('callApi answers in the customer language', () => {
  const answer = vi.fn<(body: Record<string, unknown>) => { status: number; body: unknown }>();
  beforeEach(async () => {
    await activateLocale('ar');
    $locale.set('ar');
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const { status, body } = answer(JSON.parse(String(init.body)) as Record<string, unknown>);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    $locale.set('en');
    await activateLocale('en');
  });

  it("turns the server's 'Invalid OTP' into Arabic", async () => {
    answer.mockReturnValue({ status: 200, body: { code: 101, msg: ACCOUNT_TEXTS.invalidOtp } });
    const response = await callApi('verify_otp', { mobile_number: '501234567', country_code: '971', user_role: '1', type: 'customer', otp: '1111' });
    expect(answer.mock.lastCall?.[0]).toMatchObject({ is_langauge: 'ar' });
    expect(response.msg).toBe('رمز التحقق غير صحيح');
  });

  it("turns a refusal's message into Arabic", async () => {
    answer.mockReturnValue({ status: 429, body: { code: 429, msg: ACCOUNT_TEXTS.tooMany } });
    const failure = await callApi('login', { mobile_number: '501234567', country_code: '971', user_role: '1', type: 'customer' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('تم استخدام رقم الجوال نفسه مرات كثيرة جدًا');
  });
});
