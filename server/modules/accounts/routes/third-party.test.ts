import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeRecipient, SmsProvider } from '../domain/sms-provider.ts';
import { createTestApp, HARBOR, SOUQ, type TestApp } from '../../../test/test-app.ts';

const customer = { country_code: '1', user_role: '1', type: 'customer' } as const;

/** The third-party gateway of the test: keeps what it was asked to send. */
class FakeGateway implements SmsProvider {
  sent: { to: CodeRecipient; code: string }[] = [];
  async sendCode(to: CodeRecipient, code: string): Promise<void> {
    this.sent.push({ to, code });
  }
  last(mobile: string): string | undefined {
    return this.sent.filter((s) => s.to.mobile === mobile).at(-1)?.code;
  }
}

describe('check_user_details', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ otpLimits: { callsPerAddress: 7 } });
  });
  afterAll(async () => t.close());

  it('tells a sign-up form whether the number or the email is taken, within the network limit', async () => {
    expect((await t.post('check_user_details', { ...customer, mobile_number: '4155550100' })).body).toEqual({
      code: 101, msg: 'This mobile number is already registered', Result: { mobile_number: true, email: false },
    });
    expect((await t.post('check_user_details', { ...customer, mobile_number: '4155559999', email: 'ALEX@example.com' })).body).toEqual({
      code: 101, msg: 'This email is already registered', Result: { mobile_number: false, email: true },
    });
    // Another vendor's customers are not seen.
    expect((await t.post('check_user_details', { mobile_number: '4155550100', email: 'alex@example.com' }, { host: SOUQ })).body.code).toBe(200);
    expect((await t.post('check_user_details', { ...customer, mobile_number: '4155559999', email: 'new@example.com' })).body).toEqual({
      code: 200, msg: 'Available', Result: { mobile_number: false, email: false },
    });
    expect((await t.post('check_user_details', {})).status).toBe(422);
    // Seven values asked about so far (a 422 is not counted), the limit: the eighth is refused.
    const refused = await t.post('check_user_details', { ...customer, mobile_number: '4155559998' });
    expect(refused.status).toBe(429);
    // The budget is the sign-in calls' own: check_mobile_number is refused too.
    expect((await t.post('check_mobile_number', { ...customer, mobile_number: '4155550100' })).status).toBe(429);
  });
});

describe('third-party codes', () => {
  let t: TestApp;
  const gateway = new FakeGateway();
  beforeAll(async () => {
    t = await createTestApp({ thirdPartySms: gateway, otpLimits: { sendsPerNumber: 3, attemptsPerNumber: 2 } });
  });
  afterAll(async () => t.close());

  const builtInCode = async (mobile: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/dev/otp.json?mobile_number=${mobile}&host=${HARBOR}` });
    return res.statusCode === 200 ? res.json<{ otp: string }>().otp : undefined;
  };

  it('sends a sign-in code through the third-party gateway and signs in with it', async () => {
    const sent = await t.post('check_third_party_otp', { ...customer, mobile_number: '4155550100' });
    expect(sent.body).toEqual({ code: 200, msg: 'OTP sent' });
    const code = gateway.last('4155550100');
    expect(code).toMatch(/^\d{6}$/);
    expect(gateway.sent.at(-1)?.to).toMatchObject({ countryCode: '1', host: HARBOR });
    // Not through the built-in provider.
    expect(await builtInCode('4155550100')).toBeUndefined();

    expect((await t.post('verify_third_party_otp', { ...customer, mobile_number: '4155550100', otp: '000000' })).body)
      .toEqual({ code: 101, msg: 'Invalid OTP', msg_key: 'account.invalid_otp' });
    const verified = await t.post('verify_third_party_otp', { ...customer, mobile_number: '4155550100', otp: code });
    expect(verified.body).toMatchObject({ code: 200, msg: 'Login successful', user_details: { user_name: 'Alex Rivera' } });
    // Spent.
    expect((await t.post('verify_third_party_otp', { ...customer, mobile_number: '4155550100', otp: code })).body.code).toBe(101);
  });

  it('answers alike for an unknown number, which gets no code', async () => {
    const before = gateway.sent.length;
    expect((await t.post('check_third_party_otp', { ...customer, mobile_number: '4155558888' })).body).toEqual({ code: 200, msg: 'OTP sent' });
    expect((await t.post('check_third_party_forgot_password_otp', { ...customer, mobile_number: '4155558888' })).body)
      .toEqual({ code: 200, msg: 'OTP sent' });
    expect(gateway.sent.length).toBe(before);
  });

  it('sends a forgot-password code to a registered number, within the sends per number', async () => {
    const mobile = '4155550101';
    for (let i = 0; i < 3; i += 1) {
      expect((await t.post('check_third_party_forgot_password_otp', { ...customer, mobile_number: mobile })).status).toBe(200);
    }
    expect(gateway.sent.filter((s) => s.to.mobile === mobile)).toHaveLength(3);
    // The limit is shared with login: the fourth send of the window is refused on either call.
    expect((await t.post('check_third_party_otp', { ...customer, mobile_number: mobile })).status).toBe(429);
    expect((await t.post('login', { ...customer, mobile_number: mobile })).status).toBe(429);
  });

  it('locks the number after too many wrong tries, as verify_otp does', async () => {
    const mobile = '4155550101';
    const code = gateway.last(mobile);
    for (let i = 0; i < 2; i += 1) {
      expect((await t.post('verify_third_party_otp', { ...customer, mobile_number: mobile, otp: '111111' })).body.code).toBe(101);
    }
    const locked = await t.post('verify_third_party_otp', { ...customer, mobile_number: mobile, otp: code });
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toBe('Too many times same mobile number used');
  });
});
