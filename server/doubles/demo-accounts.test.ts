import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletHistory } from '../../contract/api/wallet.ts';
import { createSession } from '../modules/accounts/index.ts';
import { seedPaymentsDemoVendor } from '../seed/index.ts';
import { createTestApp, HARBOR, SOUQ, type TestApp } from '../test/test-app.ts';
import { connectDemoPartners } from './delivery/demo-partners.ts';
import { connectDemoAccounts } from './demo-accounts.ts';
import { startPaymentDoubles, type PaymentDoubles } from './server.ts';

const MASALA = 'masala.localhost';

describe('the demo with the providers\' doubles: every provider that takes a demo vendor\'s currency is offered there', () => {
  let doubles: PaymentDoubles;
  let t: TestApp;

  beforeAll(async () => {
    doubles = await startPaymentDoubles();
    t = await createTestApp({ paymentDoublesUrl: doubles.url });
    expect(await seedPaymentsDemoVendor(t.database.db)).toBe(true);
    expect(await seedPaymentsDemoVendor(t.database.db)).toBe(false);
    await connectDemoAccounts(t.database.db);
    await connectDemoPartners(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await doubles?.close();
  });

  const offered = async (host: string) => {
    const { rows } = await t.database.db.query<{ id: number; vendor_id: number }>(
      'SELECT u.id, u.vendor_id FROM users u JOIN vendor_hosts h ON h.vendor_id = u.vendor_id WHERE h.host = $1 ORDER BY u.id LIMIT 1', [host],
    );
    const token = await createSession(t.database.db, rows[0]!.vendor_id, rows[0]!.id);
    const history = (await t.post('get_user_wallet_history', {}, { host, token })).body.Result as WalletHistory;
    return history.recharge_providers.map((provider) => provider.name);
  };

  it('Masala Street (rupees) offers the Indian providers, and gets the delivery partners', async () => {
    expect((await t.post('get-vendor-settings', { host: MASALA }, { host: MASALA })).status).toBe(200);
    const names = await offered(MASALA);
    for (const name of ['razorpay', 'payu', 'paytm', 'phonepe', 'cashfree']) expect(names).toContain(name);
    expect(names).not.toContain('yoco');
    const { rows } = await t.database.db.query<{ partner: string }>(
      `SELECT partner FROM vendor_delivery_partners p JOIN vendor_hosts h ON h.vendor_id = p.vendor_id WHERE h.host = $1 ORDER BY partner`, [MASALA],
    );
    expect(rows.map((row) => row.partner)).toEqual(['dunzo', 'porter']);
  });

  it('Harbor Eats (dollars) and Souq (dirhams) offer the providers that take theirs', async () => {
    const harbor = await offered(HARBOR);
    for (const name of ['test', 'paypal', 'squareup', 'paystack', 'flutterwave', 'klarna']) expect(harbor).toContain(name);
    expect(harbor).not.toContain('paytm');
    const souq = await offered(SOUQ);
    for (const name of ['razorpay', 'hyperpay', 'cashfree']) expect(souq).toContain(name);
    expect(souq).not.toContain('swish-pay');
  });
});
