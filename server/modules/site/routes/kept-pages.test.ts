import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/pool.ts';
import type { FullPage } from '../../../http/static.ts';
import { NO_VENDOR_PAGE } from '../../vendors/index.ts';
import { forgetKeptPages, KEPT_PAGE_MS, KEPT_PAGE_REFRESH_MS, keptPage } from './kept-pages.ts';

/** A writer that counts its writings, each page naming its number; `hold` keeps the next writing waiting until `release`. */
function writer() {
  let written = 0;
  let gate: Promise<void> | undefined;
  let open = () => undefined as void;
  const write = async (): Promise<FullPage> => {
    written += 1;
    const page = { html: `page ${written}`, policy: NO_VENDOR_PAGE, inline: { scripts: [], styles: [], styleAttributes: [] }, encoded: {} };
    if (gate) await gate;
    return page;
  };
  return {
    write,
    written: () => written,
    hold: () => { gate = new Promise<void>((resolve) => { open = resolve; }); },
    release: () => { gate = undefined; open(); },
  };
}

describe('pages kept a few seconds', () => {
  it('writes a page once for visits that arrive together and sends it again until its time is half gone', async () => {
    const db = {} as Db;
    const { write, written, hold, release } = writer();
    hold();
    const together = [keptPage(db, 'home', write, 0), keptPage(db, 'home', write, 1), keptPage(db, 'home', write, 2)];
    release();
    expect((await Promise.all(together)).map((page) => page.html)).toEqual(['page 1', 'page 1', 'page 1']);
    expect((await keptPage(db, 'home', write, KEPT_PAGE_REFRESH_MS - 1)).html).toBe('page 1');
    // Another key is another page.
    expect((await keptPage(db, 'menu', write, 10)).html).toBe('page 2');
    expect(written()).toBe(2);
  });

  it('sends the kept page past half its time while it is written anew, and never one past its time', async () => {
    const db = {} as Db;
    const { write, written } = writer();
    await keptPage(db, 'home', write, 0);
    // Past half its time: this visit gets the kept page; the next ones the page written meanwhile.
    expect((await keptPage(db, 'home', write, KEPT_PAGE_REFRESH_MS)).html).toBe('page 1');
    await Promise.resolve();
    expect(written()).toBe(2);
    expect((await keptPage(db, 'home', write, KEPT_PAGE_REFRESH_MS + 1)).html).toBe('page 2');
    // Past its time (counted from its writing), a visit waits for a new page.
    expect((await keptPage(db, 'home', write, KEPT_PAGE_REFRESH_MS + KEPT_PAGE_MS)).html).toBe('page 3');
  });

  it('keeps no failed writing, and forgets every page when told', async () => {
    const db = {} as Db;
    await expect(keptPage(db, 'home', () => Promise.reject(new Error('database down')), 0)).rejects.toThrow('database down');
    const { write } = writer();
    expect((await keptPage(db, 'home', write, 1)).html).toBe('page 1');
    forgetKeptPages(db);
    expect((await keptPage(db, 'home', write, 2)).html).toBe('page 2');
  });
});
