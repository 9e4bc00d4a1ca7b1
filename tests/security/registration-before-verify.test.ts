import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/test-app.ts';

// Finding 7: registration created the account before its number was verified, so whoever registered
// a number first chose the name and email the number's owner would later sign in to.
const customer = { country_code: '1', user_role: '1', type: 'customer' } as const;

describe('registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const latestCode = async (mobile: string) => {
    const res = await t.app.inject(`/dev/otp.json?mobile_number=${mobile}&host=localhost`);
    return res.json<{ otp: string }>().otp;
  };
  const usersWith = async (mobile: string) =>
    (await t.database.db.query('SELECT id FROM users WHERE mobile_number = $1', [mobile])).rowCount;

  it('creates no account until the code is verified, and then the one the owner registered', async () => {
    const mobile = '4155556000';
    const register = (user_name: string, email: string) => t.call('registration', { ...customer, mobile_number: mobile, user_name, email });

    // Someone else registers the number: nothing exists yet, and the number still reads as new.
    expect((await register('Mallory', 'mallory@example.com')).json()).toEqual({ code: 200, msg: 'OTP sent' });
    expect(await usersWith(mobile)).toBe(0);
    expect((await t.call('check_mobile_number', { ...customer, mobile_number: mobile })).json().code).toBe(101);

    // The owner registers it too and verifies the code that reached their phone.
    expect((await register('Olivia Owner', 'olivia@example.com')).json()).toEqual({ code: 200, msg: 'OTP sent' });
    expect(await usersWith(mobile)).toBe(0);
    const verified = await t.call('verify_otp', { ...customer, mobile_number: mobile, otp: await latestCode(mobile) });
    expect(verified.json()).toMatchObject({ code: 200, user_details: { user_name: 'Olivia Owner', email: 'olivia@example.com' } });
    expect(await usersWith(mobile)).toBe(1);
    expect((await t.call('check_mobile_number', { ...customer, mobile_number: mobile })).json().code).toBe(200);
  });

  it('sends a pending registration a new code on Resend (login)', async () => {
    const mobile = '4155556001';
    await t.call('registration', { ...customer, mobile_number: mobile, user_name: 'Re Sender', email: '' });
    const first = await latestCode(mobile);
    expect((await t.call('login', { ...customer, mobile_number: mobile })).json()).toEqual({ code: 200, msg: 'OTP sent' });
    const second = await latestCode(mobile);
    expect((await t.call('verify_otp', { ...customer, mobile_number: mobile, otp: first })).json()).toEqual({ code: 101, msg: 'Invalid OTP', msg_key: 'account.invalid_otp' });
    expect((await t.call('verify_otp', { ...customer, mobile_number: mobile, otp: second })).json()).toMatchObject({ code: 200, user_details: { user_name: 'Re Sender' } });
  });

  it('creates nothing from a registration that expired before its code was verified', async () => {
    const mobile = '4155556002';
    await t.call('registration', { ...customer, mobile_number: mobile, user_name: 'Too Late', email: '' });
    await t.database.db.query("UPDATE pending_registrations SET expires_at = now() - interval '1 second' WHERE mobile_number = $1", [mobile]);
    const res = await t.call('verify_otp', { ...customer, mobile_number: mobile, otp: await latestCode(mobile) });
    expect(res.json()).toEqual({ code: 101, msg: 'Invalid OTP', msg_key: 'account.invalid_otp' });
    expect(await usersWith(mobile)).toBe(0);
  });

  it('leaves a registered account as it is when its number is registered again', async () => {
    const mobile = '4155550100';
    expect((await t.call('registration', { ...customer, mobile_number: mobile, user_name: 'Mallory', email: 'mallory@example.com' })).json()).toEqual({ code: 200, msg: 'OTP sent' });
    const res = await t.call('verify_otp', { ...customer, mobile_number: mobile, otp: await latestCode(mobile) });
    expect(res.json()).toMatchObject({ code: 200, user_details: { user_name: 'Alex Rivera' } });
  });
});
