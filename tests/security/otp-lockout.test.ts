import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/test-app.ts';

// Finding 7: guesses were counted per code (a resend gave 5 fresh ones), read then written (parallel
// guesses passed the count), and the right code still worked once the count was spent on an old one.
const ATTEMPTS = 5;
const customer = { country_code: '1', user_role: '1', type: 'customer' } as const;
const LOCKED = { code: 429, msg: 'Too many times same mobile number used', msg_key: 'account.too_many' };

describe('one-time code tries per number', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-address limit is not what is tested here.
    t = await createTestApp({ otpLimits: { attemptsPerNumber: ATTEMPTS, callsPerAddress: 10_000 } });
  });
  afterAll(async () => t.close());

  const latestCode = async (mobile: string) => {
    const res = await t.app.inject(`/dev/otp.json?mobile_number=${mobile}&host=localhost`);
    return res.json<{ otp: string }>().otp;
  };
  const verify = (mobile: string, otp: string) => t.call('verify_otp', { ...customer, mobile_number: mobile, otp });
  const wrongFor = (otp: string) => (otp === '000000' ? '111111' : '000000');

  it('evaluates at most the limit of 40 parallel wrong guesses, and then refuses the right code until the window ends', async () => {
    const mobile = '4155550100';
    expect((await t.call('login', { ...customer, mobile_number: mobile })).json().code).toBe(200);
    const otp = await latestCode(mobile);
    const answers = await Promise.all(Array.from({ length: 40 }, () => verify(mobile, wrongFor(otp))));
    const evaluated = answers.filter((res) => res.statusCode === 200);
    const locked = answers.filter((res) => res.statusCode === 429);
    expect(evaluated.length).toBe(ATTEMPTS);
    for (const res of evaluated) expect(res.json()).toEqual({ code: 101, msg: 'Invalid OTP', msg_key: 'account.invalid_otp' });
    expect(locked.length).toBe(40 - ATTEMPTS);
    for (const res of locked) {
      expect(res.json()).toEqual(LOCKED);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }

    const right = await verify(mobile, otp);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(LOCKED);

    // The window ends (moved into the past rather than waited for): the code, still live, works.
    await t.database.db.query("UPDATE hit_counters SET window_ends_at = now() - interval '1 second' WHERE key LIKE 'otp-attempts:%'");
    const after = await verify(mobile, otp);
    expect(after.json()).toMatchObject({ code: 200, user_details: { mobile_number: mobile } });
  });

  it('counts tries across resends', async () => {
    const mobile = '4155550101';
    await t.call('login', { ...customer, mobile_number: mobile });
    const first = await latestCode(mobile);
    for (let i = 0; i < ATTEMPTS - 1; i++) expect((await verify(mobile, wrongFor(first))).json().msg).toBe('Invalid OTP');
    await t.call('login', { ...customer, mobile_number: mobile });
    const second = await latestCode(mobile);
    expect(second).not.toBe('');
    expect((await verify(mobile, wrongFor(second))).json().msg).toBe('Invalid OTP');
    const right = await verify(mobile, second);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(LOCKED);
  });

  it('clears the count with the right code', async () => {
    const mobile = '4155550100';
    await t.call('login', { ...customer, mobile_number: mobile });
    const otp = await latestCode(mobile);
    for (let i = 0; i < ATTEMPTS - 1; i++) await verify(mobile, wrongFor(otp));
    expect((await verify(mobile, otp)).json().code).toBe(200);
    await t.call('login', { ...customer, mobile_number: mobile });
    const next = await latestCode(mobile);
    for (let i = 0; i < ATTEMPTS - 1; i++) expect((await verify(mobile, wrongFor(next))).json().msg).toBe('Invalid OTP');
    expect((await verify(mobile, next)).json().code).toBe(200);
  });
});
