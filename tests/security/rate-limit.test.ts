import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestApp, HARBOR, type TestApp } from '../../server/test/test-app.ts';

// Finding 7: nothing limited the sign-in calls per client address, and the per-number limit on
// codes lived in one process's view of the codes table only.
const customer = { country_code: '1', user_role: '1', type: 'customer' } as const;
const PER_ADDRESS = 4;
const SENDS = 3;

describe('sign-in request limits', () => {
  let t: TestApp;
  // A second server process on the same database.
  let other: FastifyInstance;
  beforeAll(async () => {
    const otpLimits = { callsPerAddress: PER_ADDRESS, sendsPerNumber: SENDS };
    t = await createTestApp({ otpLimits });
    other = await buildApp({ db: t.database.db, logger: false, production: false, otpLimits });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const call = (app: FastifyInstance, name: string, body: object, remoteAddress: string) =>
    app.inject({ method: 'POST', url: `/api/v2/${name}`, headers: { host: `${HARBOR}:8080` }, remoteAddress, payload: body });

  it('limits the calls per client address, across server processes, with 429, a message and Retry-After', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < PER_ADDRESS; i++) {
      const app = i % 2 ? other : t.app;
      const res = await call(app, 'check_mobile_number', { ...customer, mobile_number: `41555580${i}0` }, address);
      expect(res.statusCode).toBe(200);
    }
    // Past the limit on either process, for every sign-in call.
    for (const [app, name] of [[t.app, 'check_mobile_number'], [other, 'verify_otp'], [t.app, 'login']] as const) {
      const res = await call(app, name, { ...customer, mobile_number: '4155558999', otp: '123456' }, address);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ code: 429, msg: expect.stringMatching(/^Too many sign-in requests from your network\. Please try again in (a minute|\d+ minutes)\.$/) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is not affected; an IPv6 client is counted by its /64.
    expect((await call(t.app, 'check_mobile_number', { ...customer, mobile_number: '4155558000' }, '203.0.113.8')).statusCode).toBe(200);
    for (let n = 1; n <= PER_ADDRESS; n++) {
      expect((await call(t.app, 'check_mobile_number', { ...customer, mobile_number: '4155558000' }, `2001:db8:1:2::${n}`)).statusCode).toBe(200);
    }
    expect((await call(other, 'check_mobile_number', { ...customer, mobile_number: '4155558000' }, '2001:db8:1:2:ffff::9')).statusCode).toBe(429);
  });

  it('limits the codes asked for per number, from any address and process', async () => {
    const mobile = '4155550101';
    const asks = [
      () => call(t.app, 'login', { ...customer, mobile_number: mobile }, '198.51.100.1'),
      () => call(other, 'registration', { ...customer, mobile_number: mobile, user_name: 'X', email: '' }, '198.51.100.2'),
      () => call(t.app, 'login', { ...customer, mobile_number: mobile }, '198.51.100.3'),
    ];
    for (const ask of asks.slice(0, SENDS)) expect((await ask()).json()).toEqual({ code: 200, msg: 'OTP sent' });
    const refused = await call(other, 'login', { ...customer, mobile_number: mobile }, '198.51.100.4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 429, msg: 'Too many times same mobile number used', msg_key: 'account.too_many' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // An unknown number is limited alike (the answer tells nothing about registration).
    for (let n = 0; n < SENDS; n++) expect((await call(t.app, 'login', { ...customer, mobile_number: '4155558500' }, `198.51.100.${10 + n}`)).statusCode).toBe(200);
    expect((await call(t.app, 'login', { ...customer, mobile_number: '4155558500' }, '198.51.100.20')).statusCode).toBe(429);
  });
});
