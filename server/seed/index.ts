import type { Db } from '../db/pool.ts';
import { harborEats } from './harbor-eats.ts';
import { loadVendor } from './load.ts';
import { PAYMENTS_DEMO_VENDORS } from './payments-demo.ts';
import { souqAlMadina } from './souq-al-madina.ts';

export const DEMO_VENDORS = [harborEats, souqAlMadina];

/** Seeds the demo vendors when the vendors table is empty; true when it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM vendors');
  if ((rows[0]?.n ?? 0) > 0) return false;
  for (const vendor of DEMO_VENDORS) await loadVendor(db, vendor);
  return true;
}

/**
 * Seeds the payments demo's vendors that are not there yet (Masala Street in rupees, and a small shop
 * in each of rand, kronor, pesos, riyals and euros): only where the providers' local doubles run, so
 * every provider can be tried with a currency it takes. Answers how many it seeded.
 */
export async function seedPaymentsDemoVendors(db: Db): Promise<number> {
  let seeded = 0;
  for (const vendor of PAYMENTS_DEMO_VENDORS) {
    const { rows } = await db.query('SELECT 1 FROM vendors WHERE slug = $1', [vendor.slug]);
    if (rows.length > 0) continue;
    await loadVendor(db, vendor);
    seeded += 1;
  }
  return seeded;
}
