import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SOUQ, type TestApp } from '../../../test/test-app.ts';

const customer = { country_code: '1', user_role: '1', type: 'customer' } as const;

describe('OTP sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const devOtp = async (mobile: string, host = 'localhost') => {
    const res = await t.app.inject({ method: 'GET', url: `/dev/otp.json?mobile_number=${mobile}&host=${host}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ otp: string }>().otp;
  };

  it('registers, verifies and uses the token', async () => {
    const mobile = '4155551000';
    expect((await t.call('check_mobile_number', { ...customer, mobile_number: mobile })).json()).toEqual({
      code: 101,
      msg: 'Mobile Number is not exist', msg_key: 'account.not_registered',
    });
    const reg = await t.call('registration', { ...customer, mobile_number: mobile, user_name: 'Jo Park', email: 'jo@example.com' });
    expect(reg.json()).toEqual({ code: 200, msg: 'OTP sent' });
    // The account exists once the number is verified, not before.
    expect((await t.call('check_mobile_number', { ...customer, mobile_number: mobile })).json().code).toBe(101);

    const otp = await devOtp(mobile);
    expect(otp).toMatch(/^\d{6}$/);
    const verified = await t.call('verify_otp', { ...customer, mobile_number: mobile, otp });
    const body = verified.json();
    expect(body.code).toBe(200);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user_details).toMatchObject({ user_name: 'Jo Park', mobile_number: mobile, country_code: '1', wallet_amount: 0 });
    expect((await t.call('check_mobile_number', { ...customer, mobile_number: mobile })).json().code).toBe(200);

    // A code works once.
    expect((await t.call('verify_otp', { ...customer, mobile_number: mobile, otp })).json()).toEqual({ code: 101, msg: 'Invalid OTP', msg_key: 'account.invalid_otp' });

    // Registering a registered number answers as for a new one and sends a sign-in code; the account stays as it is.
    const dup = await t.call('registration', { ...customer, mobile_number: mobile, user_name: 'Jo', email: '' });
    expect(dup.json()).toEqual({ code: 200, msg: 'OTP sent' });
    const again = await t.call('verify_otp', { ...customer, mobile_number: mobile, otp: await devOtp(mobile) });
    expect(again.json().user_details).toMatchObject({ user_id: body.user_details.user_id, user_name: 'Jo Park', email: 'jo@example.com' });

    for (const name of ['get_user_details_web', 'get_user_details']) {
      const me = await t.call(name, { is_langauge: 'en' }, { token: body.token });
      expect(me.statusCode).toBe(200);
      expect(me.json().user_details.user_id).toBe(body.user_details.user_id);
    }

    // Another vendor never accepts this token.
    const foreign = await t.call('get_user_details_web', {}, { host: SOUQ, token: body.token });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toEqual({ code: 401, msg: 'Session Expired', msg_key: 'account.session_expired' });

    const out = await t.call('logout', { user_id: body.user_details.user_id, devicetype: 'I', devicetoken: '', unquie_id: '' }, { token: body.token });
    expect(out.json()).toEqual({ code: 200, msg: 'Logged out' });
    const after = await t.call('get_user_details_web', {}, { token: body.token });
    expect(after.statusCode).toBe(401);
  });

  it('logs in a seeded customer and shows the wallet in major units', async () => {
    const login = await t.call('login', { ...customer, mobile_number: '4155550100' });
    expect(login.json()).toEqual({ code: 200, msg: 'OTP sent' });
    const otp = await devOtp('4155550100');
    const res = await t.call('verify_otp', { ...customer, mobile_number: '4155550100', otp });
    expect(res.json().user_details).toMatchObject({ user_name: 'Alex Rivera', wallet_amount: 25 });
  });

  it('answers login for an unknown number as for a known one, and sends no code', async () => {
    const res = await t.call('login', { ...customer, mobile_number: '4155559999' });
    expect(res.json()).toEqual({ code: 200, msg: 'OTP sent' });
    expect((await t.app.inject({ method: 'GET', url: '/dev/otp.json?mobile_number=4155559999&host=localhost' })).statusCode).toBe(404);
    expect((await t.call('verify_otp', { ...customer, mobile_number: '4155559999', otp: '123456' })).json()).toEqual({ code: 101, msg: 'Invalid OTP', msg_key: 'account.invalid_otp' });
  });

  it('refuses wrong codes, then every code for the number once it had 5 tries', async () => {
    const mobile = '4155550101';
    await t.call('login', { ...customer, mobile_number: mobile });
    const otp = await devOtp(mobile);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.call('verify_otp', { ...customer, mobile_number: mobile, otp: wrong });
      expect(res.json()).toEqual({ code: 101, msg: 'Invalid OTP', msg_key: 'account.invalid_otp' });
    }
    const late = await t.call('verify_otp', { ...customer, mobile_number: mobile, otp });
    expect(late.statusCode).toBe(429);
    expect(late.json()).toEqual({ code: 429, msg: 'Too many times same mobile number used', msg_key: 'account.too_many' });
  });

  it('expires a code after 10 minutes', async () => {
    const mobile = '4155552000';
    await t.call('registration', { ...customer, mobile_number: mobile, user_name: 'Late', email: '' });
    const otp = await devOtp(mobile);
    await t.database.db.query(
      "UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE mobile_number = $1",
      [mobile],
    );
    expect((await t.call('verify_otp', { ...customer, mobile_number: mobile, otp })).json().msg).toBe('Invalid OTP');
  });

  it('rate-limits OTPs: the 4th in 15 minutes gets 429', async () => {
    const mobile = '4155553000';
    await t.call('registration', { ...customer, mobile_number: mobile, user_name: 'Busy', email: '' });
    expect((await t.call('login', { ...customer, mobile_number: mobile })).statusCode).toBe(200);
    expect((await t.call('login', { ...customer, mobile_number: mobile })).statusCode).toBe(200);
    const res = await t.call('login', { ...customer, mobile_number: mobile });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 429, msg: 'Too many times same mobile number used', msg_key: 'account.too_many' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The limit is per vendor: the same number at Souq is not affected.
    const souq = await t.call('registration', { ...customer, country_code: '1', mobile_number: mobile, user_name: 'x', email: '' }, { host: SOUQ });
    expect(souq.json().code).toBe(200);
  });

  it('stores codes hashed and lists them on the dev page', async () => {
    const { rows } = await t.database.db.query<{ code_hash: string }>('SELECT code_hash FROM otp_codes LIMIT 5');
    for (const row of rows) expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const page = await t.app.inject({ method: 'GET', url: '/dev/otp' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('4155553000');
  });

  it('refuses missing, garbage and expired tokens with 401', async () => {
    expect((await t.call('get_user_details_web', {})).statusCode).toBe(401);
    expect((await t.call('get_user_details_web', {}, { token: 'garbage' })).statusCode).toBe(401);
    await t.call('login', { ...customer, mobile_number: '4155551000' });
    const otp = await devOtp('4155551000');
    const { token } = (await t.call('verify_otp', { ...customer, mobile_number: '4155551000', otp })).json();
    expect((await t.call('get_user_details_web', {}, { token })).statusCode).toBe(200);
    await t.database.db.query("UPDATE sessions SET expires_at = now() - interval '1 second'");
    expect((await t.call('get_user_details_web', {}, { token })).statusCode).toBe(401);
  });

  it('answers 422 with field errors for bad bodies', async () => {
    const cases: Array<[object, string, string]> = [
      [{ ...customer, mobile_number: '12' }, 'mobile_number', 'Mobile number invalid'],
      [{ ...customer }, 'mobile_number', 'Mobile number invalid'],
      [{ ...customer, mobile_number: '4155550100', otp: '12' }, 'otp', 'OTP must be 4 to 6 digits'],
      [{ ...customer, mobile_number: '4155550100', otp: '1234567' }, 'otp', 'OTP must be 4 to 6 digits'],
      [{ ...customer, mobile_number: '4155550100', otp: '123456', user_role: '2' }, 'user_role', "user_role must be '1'"],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.call('verify_otp', body);
      expect(res.statusCode).toBe(422);
      const json = res.json();
      expect(json.code).toBe(422);
      expect(json.errors[field]).toContain(message);
      expect(json.msg).toBeTruthy();
    }
    const reg = await t.call('registration', { ...customer, mobile_number: '4155554000', user_name: '', email: 'not-an-email' });
    expect(reg.statusCode).toBe(422);
    expect(Object.keys(reg.json().errors).sort()).toEqual(['email', 'user_name']);
  });

  it('answers 422 for malformed JSON and non-object bodies', async () => {
    for (const payload of ['{"mobile_number":', '[1,2]', '"text"', '42', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/login',
        headers: { host: 'localhost', 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(422);
      expect(res.json().code).toBe(422);
    }
  });
});
