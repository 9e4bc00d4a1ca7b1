// Finding 8 (production defaults): OTP_SECRET fell back to a constant and production started
// without its secrets or PUBLIC_URL. Production now refuses to start without each, naming it;
// outside production an unset secret is random for the process, never a constant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { DEFAULT_OTP_LIMITS, issueOtp, OTP_USES, type Phone, verifyOtp } from '../../server/modules/accounts/index.ts';
import { seedIfEmpty } from '../../server/seed/index.ts';
import { createTestDb, type TestDb } from '../../server/test/test-db.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  OTP_SECRET: 'otp-secret-of-at-least-32-characters!',
  PAYMENT_LINK_SECRET: 'payment-link-secret-of-32-characters',
  TRACKING_LINK_SECRET: 'tracking-link-secret-of-32-characters',
  PUBLIC_URL: 'https://shop.example.com',
};
const REQUIRED = ['OTP_SECRET', 'PAYMENT_LINK_SECRET', 'TRACKING_LINK_SECRET', 'PUBLIC_URL'] as const;

describe('the server in production refuses to start without its settings', () => {
  it('starts with all of them, on the configured ones', () => {
    const config = readConfig(PRODUCTION);
    expect(config.production).toBe(true);
    expect(config.publicUrl).toBe('https://shop.example.com');
    expect(config.secrets).toEqual({ otp: PRODUCTION.OTP_SECRET, paymentLink: PRODUCTION.PAYMENT_LINK_SECRET, trackingLink: PRODUCTION.TRACKING_LINK_SECRET });
    expect(config.unsetSecrets).toEqual([]);
  });

  for (const name of REQUIRED) {
    it(`throws naming ${name} when it is missing`, () => {
      const env = Object.fromEntries(Object.entries(PRODUCTION).filter(([key]) => key !== name));
      expect(() => readConfig(env)).toThrow(name);
      expect(() => readConfig({ ...env, [name]: '' })).toThrow(name);
    });
  }

  it('refuses the payment providers\' local doubles, which take no money', () => {
    expect(() => readConfig({ ...PRODUCTION, PAYMENT_DOUBLES: '1' })).toThrow('PAYMENT_DOUBLES');
    expect(() => readConfig({ ...PRODUCTION, PAYMENT_DOUBLES_URL: 'http://127.0.0.1:9000' })).toThrow('PAYMENT_DOUBLES_URL');
    expect(readConfig({ PAYMENT_DOUBLES: '1', PORT: '8300' }).paymentDoubles).toEqual({ port: 8302 });
    expect(readConfig({}).paymentDoubles).toBeUndefined();
  });

  it('names every missing setting at once', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/OTP_SECRET, PAYMENT_LINK_SECRET, TRACKING_LINK_SECRET, PUBLIC_URL/);
  });

  it('refuses short secrets and a PUBLIC_URL that is not an http(s) origin, naming them', () => {
    expect(() => readConfig({ ...PRODUCTION, OTP_SECRET: 'secret' })).toThrow(/OTP_SECRET.*at least 32/);
    expect(() => readConfig({ ...PRODUCTION, PAYMENT_LINK_SECRET: 'x'.repeat(31) })).toThrow(/PAYMENT_LINK_SECRET/);
    for (const bad of ['shop.example.com', 'javascript:alert(1)', 'https://shop.example.com/api', 'https://shop.example.com/?a=1', 'https://u:p@shop.example.com']) {
      expect(() => readConfig({ ...PRODUCTION, PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
    // Outside production too: a PUBLIC_URL that is set must be an origin.
    expect(() => readConfig({ PUBLIC_URL: 'ftp://shop.example.com' })).toThrow(/PUBLIC_URL/);
    expect(readConfig({ PUBLIC_URL: 'http://localhost:8080/' }).publicUrl).toBe('http://localhost:8080');
  });
});

describe('outside production', () => {
  it('needs none of them; unset secrets are random for this process, not a constant', () => {
    const config = readConfig({});
    expect(config.publicUrl).toBeUndefined();
    expect(config.unsetSecrets).toEqual(['OTP_SECRET', 'PAYMENT_LINK_SECRET', 'TRACKING_LINK_SECRET']);
    expect(config.secrets.otp).not.toBe('storefront-dev-otp-secret');
    expect(config.secrets.otp.length).toBeGreaterThanOrEqual(32);
    expect(config.secrets.paymentLink.length).toBeGreaterThanOrEqual(32);
    expect(config.secrets.otp).not.toBe(config.secrets.paymentLink);
    // One value per process: a second read (a second app in the same process) agrees.
    expect(readConfig({}).secrets).toEqual(config.secrets);
    expect(readConfig({ OTP_SECRET: 'mine' }).secrets.otp).toBe('mine');
  });
});

describe('one-time codes are hashed with the configured key', () => {
  let database: TestDb;
  let phone: Phone;
  beforeAll(async () => {
    database = await createTestDb();
    await seedIfEmpty(database.db);
    const { rows } = await database.db.query<{ vendor_id: number }>("SELECT vendor_id FROM vendor_hosts WHERE host = 'localhost'");
    phone = { vendorId: rows[0]!.vendor_id, countryCode: '1', mobile: '4155550199' };
  });
  afterAll(async () => database.close());

  it('a code stored under one key is not accepted under another', async () => {
    const code = await issueOtp(database.db, phone, 'login', PRODUCTION.OTP_SECRET);
    const verify = async (secret: string) => (await verifyOtp(database.db, phone, code, DEFAULT_OTP_LIMITS, secret, OTP_USES.signIn)).outcome;
    expect(await verify('storefront-dev-otp-secret')).toBe('wrong');
    expect(await verify('another-key-of-at-least-32-characters')).toBe('wrong');
    expect(await verify(PRODUCTION.OTP_SECRET)).toBe('verified');
  });
});
