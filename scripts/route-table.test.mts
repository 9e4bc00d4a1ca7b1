// The browser suite walks every route of the full page, from its own copy of the paths (Playwright
// cannot load the storefront's sources); this holds the copy to the route table, so a new route is
// walked too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');

it('the e2e route walk (tests/helpers/pages.ts) lists every path of the route table (src/app/routes.tsx)', () => {
  const table = [...read('src/app/routes.tsx').matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]);
  const walked = read('tests/helpers/pages.ts').split('const ROUTE_TABLE = [')[1]!.split('];')[0]!;
  expect(table.length).toBeGreaterThan(40);
  const copy = [...walked.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
  const missing = table.filter((path) => !copy.includes(path!));
  const stale = copy.filter((path) => !table.includes(path));
  expect(missing, `add these paths of src/app/routes.tsx to ROUTE_TABLE in tests/helpers/pages.ts: ${missing.join(', ')}`).toEqual([]);
  expect(stale, `remove these paths, which src/app/routes.tsx no longer has, from ROUTE_TABLE in tests/helpers/pages.ts: ${stale.join(', ')}`).toEqual([]);
});
