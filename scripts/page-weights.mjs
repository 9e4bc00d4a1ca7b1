// What a page downloads from the script tag: the tag itself, the runtime and, for each element on the
// page, its chunk with everything that chunk imports, plus the active language's texts. Counted from the
// runtime build's chunk graph, gzip -9 as the server sends each file (dist/sf/*.gz); a browser test
// (tests/page-weight.e2e.ts) checks that the demo pages fetch no script outside these lists.
import { gzipSync } from 'node:zlib';

/** The pages of the budget (issue: the lightest embed on the market). */
export const PAGES = [
  { name: 'store list page', elements: ['sf-store-list', 'sf-cart-button', 'sf-cart-drawer', 'sf-location'], budget: 40_000 },
  { name: 'menu page', elements: ['sf-menu', 'sf-cart-button', 'sf-cart-drawer', 'sf-language-switcher'], budget: 45_000 },
  // The full page's first load: the storefront with home (and its store filters), and the location modal a first visit opens by itself.
  // The server draws home into it: taken over with that screen's own code (served-home.ts and what it needs).
  { name: 'full page, first load', elements: ['sf-storefront'], modules: ['src/features/location/LocationDialog.tsx', 'src/features/store-list/StoreFilterBar.tsx', 'elements/take-over.preact.ts', 'src/app/served-home.ts'], budget: 70_000 },
];

/** The single script tag's own file. */
export const LOADER_BUDGET = 1_500;

/**
 * Add-ons a page fetches only where they apply, counted apart from the pages' budgets (what other pages
 * never download): vendor analytics, with its consent banner, for a vendor whose settings ask for it; the
 * installed app (registering the service worker, its line under the header), on the full page served on
 * the vendor's host, after its first screen.
 */
export const ADD_ONS = [
  { name: 'analytics add-on', modules: ['src/core/analytics/analytics.ts', 'elements/sf-consent.tsx'], budget: 12_000 },
  { name: 'installed app add-on', modules: ['src/features/installed-app/AppStatus.tsx'], budget: 5_000 },
  // The cart beside a menu given a wide screen's width (from 900 px of its own): phones never fetch it.
  { name: 'wide menu add-on', modules: ['src/features/menu/CartBeside.tsx'], budget: 3_000 },
];

/**
 * @param {Array<{ fileName: string, code: string, imports: string[], isEntry: boolean, facadeModuleId: string | null, moduleIds: string[] }>} chunks
 * @param {{ fileName: string, code: string }} loader the script tag's file
 * @param {string} locale
 */
export function pageWeights(chunks, loader, locale) {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const gzip = new Map(chunks.map((chunk) => [chunk.fileName, gzipSync(chunk.code, { level: 9 }).length]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const chunkOf = (path) => {
    const found = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${path}`)) ?? chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(`/${path}`)));
    if (!found) throw new Error(`page weights: no chunk holds ${path}`);
    return found.fileName;
  };
  const closure = (files, seen = new Set()) => {
    for (const file of files) {
      if (seen.has(file)) continue;
      seen.add(file);
      closure(byFile.get(file).imports, seen);
    }
    return seen;
  };
  const catalog = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/locales/${locale}/messages.po`));
  const loaderGzip = gzipSync(loader.code, { level: 9 }).length;
  const runtime = closure([entry.fileName]);
  const addOns = ADD_ONS.map((addOn) => {
    const files = [...closure(addOn.modules.map(chunkOf))].filter((file) => !runtime.has(file)).sort();
    return { ...addOn, locale, files: files.map((file) => `sf/${file}`), gzip: files.reduce((sum, file) => sum + gzip.get(file), 0) };
  });
  return [...PAGES.map((page) => {
    // A language other than English loads its catalog and, beside it, the table of the server's texts in it.
    const language = catalog ? [catalog.fileName, chunkOf('src/core/i18n/server-messages.ts')] : [];
    const roots = [entry.fileName, ...page.elements.map((tag) => chunkOf(`elements/${tag}.tsx`)), ...(page.modules ?? []).map(chunkOf), ...language];
    const files = [...closure(roots)].sort();
    const total = loaderGzip + files.reduce((sum, file) => sum + gzip.get(file), 0);
    return { ...page, locale, files: [loader.fileName, ...files.map((file) => `sf/${file}`)], gzip: total };
  }), ...addOns];
}
