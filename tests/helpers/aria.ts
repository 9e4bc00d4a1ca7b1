import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test } from './test.ts';

/** Where the approved ARIA snapshots are kept (tests/aria-snapshots/<name>.aria.yml), reviewed like code. */
const SNAPSHOTS = join(import.meta.dirname, '..', 'aria-snapshots');

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const SHORT_MONTHS = 'Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';
const DAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const SHORT_DAYS = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun';
const ARABIC_MONTHS = 'يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر';
const ARABIC_DAYS = 'الأحد|الاثنين|الثلاثاء|الأربعاء|الخميس|الجمعة|السبت';

/**
 * An ARIA snapshot made still: what changes from run to run by design is written the same every time, and
 * nothing else. Every number (Latin or Arabic-Indic digits) is 0: prices, counts, order numbers, phone numbers,
 * dates, times and ratings keep their place and their words, not their values; month and weekday names are MONTH
 * and DAY, AM and PM are AM; a store's card (whether it is open, its offer, its rating: other files and the hour change them)
 * is its link and its name.
 */
export function stillAria(yaml: string): string {
  const words = yaml
    // Every digit but a heading's level (structure, not a value).
    .replace(/\[level=\d\]|[0-9\u0660-\u0669\u06f0-\u06f9]+/g, (found) => (found.startsWith('[') ? found : '0'))
    // The half of the day a time is in.
    .replace(/(?<=0 )(AM|PM)\b/g, 'AM').replace(/(?<=0 )[صم](?![\u0600-\u06ff])/g, 'ص')
    .replace(new RegExp(`\\b(${MONTHS})\\b|\\b(${SHORT_MONTHS})\\b(?=\\.? ?0)|(?<=0 )(${SHORT_MONTHS})\\b`, 'g'), 'MONTH')
    .replace(new RegExp(`\\b(${DAYS})\\b|\\b(${SHORT_DAYS})\\b(?=,? ?0)`, 'g'), 'DAY')
    .replace(new RegExp(ARABIC_MONTHS, 'g'), 'MONTH')
    .replace(new RegExp(ARABIC_DAYS, 'g'), 'DAY')
    .split('\n');
  const out: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const line = words[i]!;
    const indent = /^(\s*)- '?link\b.*:'?$/.exec(line)?.[1];
    if (indent !== undefined) {
      let end = i + 1;
      while (end < words.length && words[end]!.startsWith(`${indent} `)) end += 1;
      const block = words.slice(i + 1, end);
      const toStore = block.some((child) => /^\s*- \/url: .*(\/restaurant\/|[?&]store=)/.test(child));
      const name = block.map((child) => /- heading "(.*)" \[level=\d\]/.exec(child)?.[1]).find(Boolean);
      if (toStore && name) {
        out.push(`${indent}- link "${name}" (a store's card)`);
        i = end - 1;
        continue;
      }
    }
    out.push(line);
  }
  return out.join('\n');
}

/**
 * `locator`'s ARIA snapshot (Playwright's: roles, names, states and structure, through shadow roots), made
 * still, is the approved one: tests/aria-snapshots/<name>.aria.yml. A role, a name or a structure that changes
 * fails here and shows in review; `npx playwright test --update-snapshots` writes the new ones (and any missing).
 */
export async function expectAriaSnapshot(locator: Locator, name: string): Promise<void> {
  const actual = `${stillAria(await locator.ariaSnapshot({ timeout: 20_000 }))}\n`;
  const file = join(SNAPSHOTS, `${name}.aria.yml`);
  const updating = ['all', 'changed'].includes(test.info().config.updateSnapshots);
  if (!existsSync(file) || updating) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== actual) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, actual);
    }
    if (updating) return;
    throw new Error(`There was no approved ARIA snapshot ${name}: written to tests/aria-snapshots/${name}.aria.yml, to review and commit`);
  }
  expect.soft(actual, `the ARIA snapshot ${name} (tests/aria-snapshots/${name}.aria.yml)`).toBe(readFileSync(file, 'utf8'));
}
