import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { seedIfEmpty } from '../../server/seed/index.ts';
import type { CodeRecipient, SmsProvider } from '../../server/modules/accounts/index.ts';
import { injectCall } from '../../server/test/test-app.ts';
import { createTestDb, type TestDb } from '../../server/test/test-db.ts';

// Finding 3: the page of every one-time code was on whenever NODE_ENV was not 'production'.
describe('the development page of one-time codes', () => {
  let database: TestDb;
  beforeAll(async () => {
    database = await createTestDb();
    await seedIfEmpty(database.db);
  });
  afterAll(async () => database.close());

  it('is not served outside production unless asked for; the codes go to the SMS provider', async () => {
    const sent: Array<{ to: CodeRecipient; code: string }> = [];
    const sms: SmsProvider = { sendCode: async (to, code) => void sent.push({ to, code }) };
    const app = await buildApp({ db: database.db, logger: false, production: false, sms });
    try {
      const login = await injectCall(app, 'login', { mobile_number: '4155550100', country_code: '1', user_role: '1', type: 'customer' });
      expect(login.json()).toEqual({ code: 200, msg: 'OTP sent' });
      expect(sent).toEqual([{ to: { vendorId: expect.any(Number), host: 'localhost', countryCode: '1', mobile: '4155550100' }, code: expect.stringMatching(/^\d{6}$/) }]);

      expect((await app.inject('/dev/otp')).statusCode).toBe(404);
      const json = await app.inject('/dev/otp.json?mobile_number=4155550100&host=localhost');
      expect(json.statusCode).toBe(404);
      expect(json.body).not.toContain(sent[0]?.code);
    } finally {
      await app.close();
    }
  });

  it('is served when asked for, listing what went to the provider', async () => {
    const app = await buildApp({ db: database.db, logger: false, production: false, devOtpPage: true });
    try {
      await injectCall(app, 'login', { mobile_number: '4155550101', country_code: '1', user_role: '1', type: 'customer' });
      const json = await app.inject('/dev/otp.json?mobile_number=4155550101&host=localhost');
      expect(json.statusCode).toBe(200);
      expect(json.json().otp).toMatch(/^\d{6}$/);
      expect((await app.inject('/dev/otp')).body).toContain('Anyone who can open this page can sign in as any customer');
    } finally {
      await app.close();
    }
  });

  it('is refused in production', async () => {
    await expect(buildApp({ db: database.db, logger: false, production: true, devOtpPage: true })).rejects.toThrow(/SF_DEV_OTP_PAGE/);
    expect(() => readConfig({ NODE_ENV: 'production', SF_DEV_OTP_PAGE: '1' })).toThrow(/SF_DEV_OTP_PAGE/);
  });

  it('is asked for only by SF_DEV_OTP_PAGE=1', () => {
    expect(readConfig({}).devOtpPage).toBe(false);
    expect(readConfig({ NODE_ENV: 'development' }).devOtpPage).toBe(false);
    expect(readConfig({ SF_DEV_OTP_PAGE: 'true' }).devOtpPage).toBe(false);
    expect(readConfig({ SF_DEV_OTP_PAGE: '1' }).devOtpPage).toBe(true);
  });
});
