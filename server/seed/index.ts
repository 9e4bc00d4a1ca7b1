import type { Db } from '../db/pool.ts';
import { harborEats } from './harbor-eats.ts';
import { loadVendor } from './load.ts';
import { masalaStreet } from './masala-street.ts';
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
 * Seeds the payments demo vendor (Masala Street, in rupees, on masala.localhost) when it is not there:
 * only where the providers' local doubles run, so its providers can be tried. True when it did.
 */
export async function seedPaymentsDemoVendor(db: Db): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM vendors WHERE slug = $1', [masalaStreet.slug]);
  if (rows.length > 0) return false;
  await loadVendor(db, masalaStreet);
  return true;
}
