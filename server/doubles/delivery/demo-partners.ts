import type { Db } from '../../db/pool.ts';
import { PARTNER_DOUBLES } from './index.ts';

/**
 * With the doubles on (PAYMENT_DOUBLES), gives each vendor an account at every delivery partner
 * that quotes in the vendor's own currency, with the double's test keys. Porter and Dunzo deliver in
 * India and quote in rupees, so only a vendor that charges in INR gets them: a fare in rupees cannot be
 * charged to a bill in dollars or dirhams, and converting it would make the shown and charged prices a
 * guess. Harbor Eats (USD) and Souq (AED) get none; Masala Street, the payments demo vendor in INR, gets
 * both. An account the vendor already has is left as it is. Answers how many were added.
 */
export async function connectDemoPartners(db: Db): Promise<number> {
  let added = 0;
  for (const [index, double] of Object.values(PARTNER_DOUBLES).entries()) {
    const { rowCount } = await db.query(
      `INSERT INTO vendor_delivery_partners (vendor_id, partner, api_key, client_id, currency_code, position)
       SELECT id, $1, $2, $3, $4, $5 FROM vendors WHERE currency_code = $4
       ON CONFLICT (vendor_id, partner) DO NOTHING`,
      [double.name, double.testAccount.apiKey, double.testAccount.clientId, double.currency, index],
    );
    added += rowCount ?? 0;
  }
  return added;
}
