import type { Db } from '../db/pool.ts';
import { harborEats } from './harbor-eats.ts';
import { loadVendor } from './load.ts';
import { souqAlMadina } from './souq-al-madina.ts';

export const DEMO_VENDORS = [harborEats, souqAlMadina];

/** Seeds the demo vendors when the vendors table is empty; true when it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM vendors');
  if ((rows[0]?.n ?? 0) > 0) return false;
  for (const vendor of DEMO_VENDORS) await loadVendor(db, vendor);
  return true;
}
