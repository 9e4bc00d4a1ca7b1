import { BoundedCache } from '../../../bounded-cache.ts';
import type { Db } from '../../../db/pool.ts';
import type { FullPage } from '../../../http/static.ts';

/**
 * A full page the server wrote (its first screen drawn, its head, its hashes and its compressed bodies)
 * is kept at most this long and sent again to whoever asks for the same page: the same host, vendor,
 * language, address, settings and first calls. A page asked for again after half that time is written
 * anew in the background while the kept one is sent, so a page visited at least that often is never
 * waited for, and no visit gets a page older than this. A popular store's menu is drawn once every few
 * seconds instead of once a visit, and visits that arrive together wait for one writing. A change to a
 * store or a menu reaches the first paint at most this late; the customer's own things (cart, session,
 * orders) are never in the page, and an order is checked against the database, never against a page.
 */
export const KEPT_PAGE_MS = 5_000;
export const KEPT_PAGE_REFRESH_MS = KEPT_PAGE_MS / 2;
/** The most pages kept per database, and the most characters of HTML they hold together (a 2000-item menu's page is about 1.7 million). */
export const KEPT_PAGES_MAX = 200;
export const KEPT_PAGES_MAX_CHARS = 16_000_000;

interface Kept {
  pages: BoundedCache<string, { page: FullPage; writtenAt: number }>;
  writing: Map<string, Promise<FullPage>>;
}

const kept = new WeakMap<Db, Kept>();

function keptFor(db: Db): Kept {
  let found = kept.get(db);
  if (!found) {
    found = {
      pages: new BoundedCache(KEPT_PAGES_MAX, Number.POSITIVE_INFINITY, Date.now, { max: KEPT_PAGES_MAX_CHARS, of: ({ page }) => page.html.length }),
      writing: new Map(),
    };
    kept.set(db, found);
  }
  return found;
}

/**
 * The page kept for `key`, else the one `write` makes (then kept); requests for a key being written
 * wait for that writing. `key` names everything the page is written from.
 */
export function keptPage(db: Db, key: string, write: () => Promise<FullPage>, now = Date.now()): Promise<FullPage> {
  const { pages, writing } = keptFor(db);
  const writeKept = () => {
    let pending = writing.get(key);
    if (!pending) {
      pending = write().then((page) => {
        pages.set(key, { page, writtenAt: now });
        return page;
      }).finally(() => writing.delete(key));
      writing.set(key, pending);
    }
    return pending;
  };
  const kept = pages.get(key);
  if (!kept || now - kept.writtenAt >= KEPT_PAGE_MS) return writeKept();
  // Written anew for the next visits; this one gets the kept page (a failed writing leaves it kept until its time).
  if (now - kept.writtenAt >= KEPT_PAGE_REFRESH_MS && !writing.has(key)) writeKept().catch(() => undefined);
  return Promise.resolve(kept.page);
}

/** Forgets every page kept for this database (a test fixture changed a store or a vendor). */
export function forgetKeptPages(db: Db): void {
  kept.delete(db);
}
