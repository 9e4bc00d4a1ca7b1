import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/test-app.ts';

// Finding 7: login, registration and verify_otp told whether a number was registered. Only
// check_mobile_number still does (the storefront shows sign-up by it; it is rate-limited).
const customer = { country_code: '1', user_role: '1', type: 'customer' } as const;
const REGISTERED = '4155550100';
const UNKNOWN = '4155557000';

describe('answers of the sign-in calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const answer = async (name: string, body: object) => {
    const res = await t.call(name, body);
    return { status: res.statusCode, body: res.json<unknown>() };
  };

  it('login answers the same for a registered and an unknown number', async () => {
    const known = await answer('login', { ...customer, mobile_number: REGISTERED });
    expect(known).toEqual({ status: 200, body: { code: 200, msg: 'OTP sent' } });
    expect(await answer('login', { ...customer, mobile_number: UNKNOWN })).toEqual(known);
  });

  it('registration answers the same for a registered and an unknown number', async () => {
    const body = { ...customer, user_name: 'Some One', email: 'some@example.com' };
    const known = await answer('registration', { ...body, mobile_number: REGISTERED });
    expect(known).toEqual({ status: 200, body: { code: 200, msg: 'OTP sent' } });
    expect(await answer('registration', { ...body, mobile_number: UNKNOWN })).toEqual(known);
  });

  it('verify_otp answers a wrong code the same for a registered and an unknown number', async () => {
    const known = await answer('verify_otp', { ...customer, mobile_number: REGISTERED, otp: '000000' });
    expect(known).toEqual({ status: 200, body: { code: 101, msg: 'Invalid OTP', msg_key: 'account.invalid_otp' } });
    expect(await answer('verify_otp', { ...customer, mobile_number: '4155557001', otp: '000000' })).toEqual(known);
  });
});
