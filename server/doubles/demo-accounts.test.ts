import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletHistory } from '../../contract/api/wallet.ts';
import { createSession } from '../modules/accounts/index.ts';
import { seedPaymentsDemoVendors } from '../seed/index.ts';
import { PAYMENTS_DEMO_VENDORS } from '../seed/payments-demo.ts';
import { ADAPTERS } from '../modules/payments/adapters/index.ts';
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
    expect(await seedPaymentsDemoVendors(t.database.db)).toBe(PAYMENTS_DEMO_VENDORS.length);
    expect(await seedPaymentsDemoVendors(t.database.db)).toBe(0);
    await connectDemoAccounts(t.database.db);
    await connectDemoPartners(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await doubles?.close();
  });

  /** The providers the wallet offers a customer of the vendor on `host` (one is made where the vendor has none). */
  const providersAt = async (host: string) => {
    const db = t.database.db;
    await db.query(
      `INSERT INTO users (vendor_id, country_code, mobile_number, user_name) SELECT vendor_id, '1', '5550000001', 'Demo' FROM vendor_hosts WHERE host = $1
       ON CONFLICT DO NOTHING`,
      [host],
    );
    const { rows } = await db.query<{ id: number; vendor_id: number }>(
      'SELECT u.id, u.vendor_id FROM users u JOIN vendor_hosts h ON h.vendor_id = u.vendor_id WHERE h.host = $1 ORDER BY u.id LIMIT 1', [host],
    );
    const token = await createSession(db, rows[0]!.vendor_id, rows[0]!.id);
    const history = (await t.post('get_user_wallet_history', {}, { host, token })).body.Result as WalletHistory;
    return history.recharge_providers;
  };
  const offered = async (host: string): Promise<string[]> => (await providersAt(host)).map((provider) => provider.name);
  const offeredTitles = async (host: string): Promise<string[]> => (await providersAt(host)).map((provider) => provider.title);

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

  it('every provider with a double is offered by at least one demo vendor', async () => {
    const hosts = [HARBOR, SOUQ, ...PAYMENTS_DEMO_VENDORS.map((vendor) => vendor.hosts[0]!)];
    const everywhere = new Set((await Promise.all(hosts.map((host) => offered(host)))).flat());
    const missing = Object.keys(ADAPTERS).filter((name) => name !== 'stripe' && !everywhere.has(name));
    expect(missing).toEqual([]);
  });

  it('offers at each demo vendor what docs/payments.md says it does', async () => {
    const doc = readFileSync(new URL('../../docs/payments.md', import.meta.url), 'utf8');
    const rows = doc.split('\n').filter((line) => /^\s*\| .* \| http:\/\/[a-z.]+:8080\/ \|/.test(line));
    expect(rows.length).toBe(2 + PAYMENTS_DEMO_VENDORS.length);
    for (const row of rows) {
      const [, , address = '', , named = ''] = row.split('|').map((cell) => cell.trim());
      const host = new URL(address).hostname;
      const titles = (await offeredTitles(host === 'localhost' ? HARBOR : host));
      const names = named.replace(/\([^)]*\)/g, '').split(/,| and /).map((name) => name.trim()).filter((name) => name && name !== 'more');
      for (const name of names) expect(titles.some((title) => title.startsWith(name)), `${host} offers ${name} (${titles.join(', ')})`).toBe(true);
    }
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
