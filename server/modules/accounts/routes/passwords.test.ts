import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_TEXTS } from '../../../../contract/api/passwords.ts';
import { checkPassword, hashPassword } from '../domain/passwords.ts';
import { createTestApp, SOUQ, type TestApp } from '../../../test/test-app.ts';

const customer = { country_code: '1', user_role: '1', type: 'customer' } as const;

describe('password hashes', () => {
  it('are salted scrypt hashes that check the right password only', async () => {
    const one = await hashPassword('correct horse');
    const two = await hashPassword('correct horse');
    expect(one).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{88}$/);
    expect(one).not.toBe(two);
    expect(one).not.toContain('correct');
    expect(await checkPassword('correct horse', one)).toBe(true);
    expect(await checkPassword('correct horse', two)).toBe(true);
    expect(await checkPassword('correct hors', one)).toBe(false);
    expect(await checkPassword('correct horse', null)).toBe(false);
    expect(await checkPassword('correct horse', 'scrypt$1$2$3$$')).toBe(false);
  });
});

describe('password calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const devOtp = async (mobile: string, host = 'localhost') => {
    const res = await t.app.inject({ method: 'GET', url: `/dev/otp.json?mobile_number=${mobile}&host=${host}` });
    return res.json<{ otp: string }>().otp;
  };

  /** Signs up by code (registration + verify_otp) and answers the token. */
  const signUp = async (mobile: string, host?: string) => {
    await t.call('registration', { ...customer, mobile_number: mobile, user_name: 'Ada Lovelace', email: 'ada@example.com' }, { host });
    const verified = await t.call('verify_otp', { ...customer, mobile_number: mobile, otp: await devOtp(mobile, host) }, { host });
    return verified.json<{ token: string; user_details: { user_id: number } }>();
  };

  const passwordLogin = (mobile: string, password: string) => t.call('password_login', { ...customer, mobile_number: mobile, password });

  it('sets a first password after sign-up, signs in by it and refuses a wrong one', async () => {
    const mobile = '4155552001';
    const { token, user_details } = await signUp(mobile);
    // customer_change_password needs a password to change; change_password sets the first one.
    expect((await t.call('customer_change_password', { new_password: 'first-pass-1' }, { token })).json()).toEqual({ code: 101, msg: PASSWORD_TEXTS.noPassword, msg_key: 'password.none' });
    expect((await t.call('change_password', { new_password: 'first-pass-1' }, { token })).json()).toEqual({ code: 200, msg: PASSWORD_TEXTS.changed, msg_key: 'password.changed' });
    const { rows } = await t.database.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user_details.user_id]);
    expect(rows[0]?.password_hash).toMatch(/^scrypt\$/);
    expect(rows[0]?.password_hash).not.toContain('first-pass-1');

    const right = (await passwordLogin(mobile, 'first-pass-1')).json();
    expect(right.code).toBe(200);
    expect(right.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(right.user_details).toMatchObject({ user_id: user_details.user_id, user_name: 'Ada Lovelace' });

    const wrong = { code: 101, msg: PASSWORD_TEXTS.wrongPassword, msg_key: 'password.wrong' };
    expect((await passwordLogin(mobile, 'first-pass-2')).json()).toEqual(wrong);
    // An unknown number and a customer without a password answer as a wrong password.
    expect((await passwordLogin('4155552999', 'first-pass-1')).json()).toEqual(wrong);
    const { token: other } = await signUp('4155552002');
    expect(other).toBeTruthy();
    expect((await passwordLogin('4155552002', 'anything-at-all')).json()).toEqual(wrong);

    // Once a password is set, change_password too needs the old one.
    expect((await t.call('change_password', { new_password: 'second-pass-2' }, { token })).json()).toEqual({ code: 101, msg: PASSWORD_TEXTS.hasPassword, msg_key: 'password.has_password' });
    // A new password shorter than 8 characters is refused by the contract.
    expect((await t.call('change_password', { old_password: 'first-pass-1', new_password: 'short' }, { token })).statusCode).toBe(422);
  });

  it('limits wrong passwords per number like wrong codes', async () => {
    const mobile = '4155552003';
    const { token } = await signUp(mobile);
    await t.call('change_password', { new_password: 'limit-pass-1' }, { token });
    for (let i = 0; i < 5; i++) expect((await passwordLogin(mobile, `wrong-${i}-pass`)).json().code).toBe(101);
    const locked = await passwordLogin(mobile, 'limit-pass-1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('changing the password revokes every other session of the customer', async () => {
    const mobile = '4155552004';
    const { token: first } = await signUp(mobile);
    await t.call('change_password', { new_password: 'change-pass-1' }, { token: first });
    const second = (await passwordLogin(mobile, 'change-pass-1')).json<{ token: string }>().token;

    expect((await t.call('customer_change_password', { old_password: 'not-the-one', new_password: 'change-pass-2' }, { token: second })).json())
      .toEqual({ code: 101, msg: PASSWORD_TEXTS.wrongOldPassword, msg_key: 'password.wrong_old' });
    expect((await t.call('get_user_details_web', {}, { token: first })).statusCode).toBe(200);

    const changed = await t.call('customer_change_password', { old_password: 'change-pass-1', new_password: 'change-pass-2' }, { token: second });
    expect(changed.json()).toEqual({ code: 200, msg: PASSWORD_TEXTS.changed, msg_key: 'password.changed' });
    expect((await t.call('get_user_details_web', {}, { token: first })).statusCode).toBe(401);
    expect((await t.call('get_user_details_web', {}, { token: second })).statusCode).toBe(200);
    expect((await passwordLogin(mobile, 'change-pass-1')).json().code).toBe(101);
    expect((await passwordLogin(mobile, 'change-pass-2')).json().code).toBe(200);
  });

  it('resets a forgotten password by a code and signs every session out', async () => {
    const mobile = '4155552005';
    const { token } = await signUp(mobile);
    await t.call('change_password', { new_password: 'forgot-pass-1' }, { token });

    const sent = await t.call('customer_forgot_password', { ...customer, mobile_number: mobile });
    expect(sent.json()).toEqual({ code: 200, msg: 'OTP sent' });
    const otp = await devOtp(mobile);
    const wrongCode = otp === '000000' ? '111111' : '000000';
    expect((await t.call('reset_password', { ...customer, mobile_number: mobile, otp: wrongCode, new_password: 'forgot-pass-2' })).json())
      .toEqual({ code: 101, msg: 'Invalid OTP', msg_key: 'account.invalid_otp' });
    expect((await t.call('reset_password', { ...customer, mobile_number: mobile, otp, new_password: 'forgot-pass-2' })).json())
      .toEqual({ code: 200, msg: PASSWORD_TEXTS.changed, msg_key: 'password.changed' });
    // The code works once.
    expect((await t.call('reset_password', { ...customer, mobile_number: mobile, otp, new_password: 'forgot-pass-3' })).json().code).toBe(101);

    expect((await t.call('get_user_details_web', {}, { token })).statusCode).toBe(401);
    expect((await passwordLogin(mobile, 'forgot-pass-1')).json().code).toBe(101);
    expect((await passwordLogin(mobile, 'forgot-pass-2')).json().code).toBe(200);
  });

  it('takes only a reset code to reset, and a reset code does not sign in', async () => {
    const mobile = '4155552009';
    const { token } = await signUp(mobile);
    await t.call('change_password', { new_password: 'kept-pass-1' }, { token });
    // A sign-in code, live and right, is not a reset code.
    await t.call('login', { ...customer, mobile_number: mobile });
    const signInCode = await devOtp(mobile);
    expect((await t.call('reset_password', { ...customer, mobile_number: mobile, otp: signInCode, new_password: 'taken-over-1' })).json())
      .toEqual({ code: 101, msg: 'Invalid OTP', msg_key: 'account.invalid_otp' });
    expect((await passwordLogin(mobile, 'kept-pass-1')).json().code).toBe(200);
    // A reset code does not sign in.
    await t.call('customer_forgot_password', { ...customer, mobile_number: mobile });
    const resetCode = await devOtp(mobile);
    expect((await t.call('verify_otp', { ...customer, mobile_number: mobile, otp: resetCode })).json()).toMatchObject({ code: 101, msg: 'Invalid OTP', msg_key: 'account.invalid_otp' });
    expect((await t.call('reset_password', { ...customer, mobile_number: mobile, otp: resetCode, new_password: 'kept-pass-2' })).json().code).toBe(200);
  });

  it('answers a forgotten password of an unknown number as a known one, and sends no code', async () => {
    const known = await t.call('customer_forgot_password', { ...customer, mobile_number: '4155552005' });
    const unknown = await t.call('customer_forgot_password', { ...customer, mobile_number: '4155552998' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    const res = await t.app.inject({ method: 'GET', url: '/dev/otp.json?mobile_number=4155552998&host=localhost' });
    expect(res.statusCode).toBe(404);
  });

  it('limits codes sent for forgotten passwords per number', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.call('customer_forgot_password', { ...customer, mobile_number: '4155552997' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('is refused where the vendor has no passwords', async () => {
    const { token } = await signUp('501234999', SOUQ);
    const refused = { code: 101, msg: PASSWORD_TEXTS.notEnabled, msg_key: 'password.not_enabled' };
    expect((await t.call('change_password', { new_password: 'souq-pass-1' }, { host: SOUQ, token })).json()).toEqual(refused);
    expect((await t.call('password_login', { mobile_number: '501234999', password: 'souq-pass-1' }, { host: SOUQ })).json()).toEqual(refused);
    expect((await t.call('customer_forgot_password', { mobile_number: '501234999' }, { host: SOUQ })).json()).toEqual(refused);
  });
});
