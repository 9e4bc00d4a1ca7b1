import type { Db } from '../db/pool.ts';
import { DEMO_VENDORS as MAIN_DEMO } from '../seed/index.ts';
import { PAYMENTS_DEMO_VENDORS } from '../seed/payments-demo.ts';
import { DOUBLES } from './index.ts';

/** The demo vendors that take payments through the doubles: the main two and the payments demo's. */
const DEMO_VENDORS = [...MAIN_DEMO, ...PAYMENTS_DEMO_VENDORS].map((vendor) => vendor.slug);

/**
 * Gives each demo vendor an account at every provider that has a double, with the double's test keys,
 * after its own providers (Stripe at position 9, the others from 10 on): the wallet offers those that
 * take the vendor's currency.
 * An account the vendor already has is left as it is. Answers how many were added.
 */
export async function connectDemoAccounts(db: Db): Promise<number> {
  let added = 0;
  for (const [index, double] of Object.values(DOUBLES).entries()) {
    const { publicKey, secretKey, webhookSecret, merchantId } = double.testAccount;
    const { rowCount } = await db.query(
      `INSERT INTO vendor_payment_accounts (vendor_id, provider, public_key, secret_key, webhook_secret, merchant_id, position)
       SELECT id, $2, $3, $4, $5, $6, $7 FROM vendors WHERE slug = ANY ($1)
       ON CONFLICT (vendor_id, provider) DO NOTHING`,
      [DEMO_VENDORS, double.name, publicKey, secretKey, webhookSecret, merchantId, 10 + index],
    );
    added += rowCount ?? 0;
  }
  // Stripe, whose double runs apart: an account for every demo vendor (Stripe takes any currency).
  const { rowCount } = await db.query(
    `INSERT INTO vendor_payment_accounts (vendor_id, provider, secret_key, webhook_secret, position)
     SELECT id, 'stripe', 'sk_test_' || replace(slug, '-', '_'), 'whsec_test_' || replace(slug, '-', '_'), 9 FROM vendors WHERE slug = ANY ($1)
     ON CONFLICT (vendor_id, provider) DO NOTHING`,
    [DEMO_VENDORS],
  );
  return added + (rowCount ?? 0);
}
