import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { VendorSettings } from '../../../../contract/api/settings.ts';
import { appNameOf } from '../../../../contract/rules/app-name.ts';
import { isKnownLocale } from '../../../../contract/rules/locale.ts';
import { localeOfAddress, savedLocaleOfCookies } from '../../../../contract/rules/page-locale.ts';
import type { ServedAnswers, ServedCalls, ServedPage } from '../../../../contract/served-screen.ts';
import { inlineHashes } from '../../../http/page-policy.ts';
import type { FullPage } from '../../../http/static.ts';
import { pageOrigin, vendorOfPage } from '../../../http/vendor.ts';
import { vendorSettings } from '../../settings/index.ts';
import { activeStoreIds } from '../../stores/index.ts';
import { NO_VENDOR_PAGE, normalizeHost, pageSettingsOf, pickLanguage } from '../../vendors/index.ts';
import { appManifest, MANIFEST_PATH } from '../domain/app-manifest.ts';
import { pageAddress, robotsTxt, SITEMAP_MAX_URLS, sitemapPaths, sitemapXml, storePagePath } from '../domain/crawlers.ts';
import { fullPageHtml, type FullPageHead, type FullPagePreloads, type FullPageScreen } from '../domain/full-page.ts';
import { storeListStructuredData, storeSchemaType, storeStructuredData, type StoreSchemaType } from '../domain/structured-data.ts';
import { storefrontRender, type StorefrontRender } from '../domain/storefront-render.ts';
import { watchedFile } from '../domain/watched-file.ts';
import { keptPage } from './kept-pages.ts';
import { pageLanguage } from './page-language.ts';
import { servedAnswers } from './served-calls.ts';

/**
 * robots.txt, sitemap.xml and the full page's web app manifest (`?lang=` the page's language) of the vendor
 * on the request's host; 404 for a host that names no vendor.
 */
export const crawlerRoutes: FastifyPluginAsync = async (app) => {
  app.get(MANIFEST_PATH, async (request, reply) => {
    const origin = pageOrigin(request);
    const vendor = origin ? await vendorOfPage(app.db, request) : undefined;
    if (!origin || !vendor) return reply.code(404).type('text/plain').send('Not found');
    const lang = pickLanguage(vendor, (request.query as { lang?: unknown }).lang);
    const settings = await vendorSettings(app.db, vendor, lang, origin);
    return reply.type('application/manifest+json; charset=utf-8').header('Cache-Control', 'public, max-age=3600')
      .send(JSON.stringify(appManifest(settings, lang)));
  });

  app.get('/robots.txt', async (request, reply) => {
    const origin = pageOrigin(request);
    if (!origin || !(await vendorOfPage(app.db, request))) return reply.code(404).type('text/plain').send('Not found');
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robotsTxt(origin));
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = pageOrigin(request);
    const vendor = origin ? await vendorOfPage(app.db, request) : undefined;
    if (!origin || !vendor) return reply.code(404).type('text/plain').send('Not found');
    const [settings, storeIds] = await Promise.all([
      vendorSettings(app.db, vendor, vendor.default_lang, origin),
      activeStoreIds(app.db, vendor.id, SITEMAP_MAX_URLS),
    ]);
    const xml = sitemapXml(origin, sitemapPaths(storeIds, settings.static_pages ?? []));
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(xml);
  });
};

const NO_PRELOADS: FullPagePreloads = { modules: [], stylesheet: null };

/** The build's list of what the full page's first load fetches, per language; none when it cannot be read. */
function parsePreloads(text: string): Record<string, FullPagePreloads> {
  const parsed = JSON.parse(text) as { modules?: Record<string, unknown>; stylesheet?: unknown };
  const stylesheet = typeof parsed.stylesheet === 'string' ? parsed.stylesheet : null;
  return Object.fromEntries(Object.entries(parsed.modules ?? {}).map(([lang, files]) => [
    lang, { modules: Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string') : [], stylesheet },
  ]));
}

/**
 * The full page of the vendor on the request's host (the history-mode fallback of every storefront path):
 * the built shell with its head written for that vendor, in the language a first visit opens in (the
 * browser's languages, as the storefront itself chooses), with what its Content-Security-Policy depends
 * on. Null when there is no shell to serve; the plain shell for a host that names no vendor (the
 * storefront then shows its own not-found screen).
 */
export function fullPageRenderer(app: FastifyInstance, rootDir: string): (request: FastifyRequest) => Promise<FullPage | null> {
  const db = app.db;
  const render = storefrontRender(join(rootDir, 'dist', 'server', 'server-render.js'));
  // Read again when the build rewrites them.
  const shell = watchedFile(join(rootDir, 'demo', 'app.html'), (path) => readFileSync(path, 'utf8'));
  const preloads = watchedFile(join(rootDir, 'dist', 'full-page-preloads.json'), (path) => {
    const text = readFileSync(path, 'utf8');
    try {
      return parsePreloads(text);
    } catch {
      return {};
    }
  });
  return async (request) => {
    const html = shell();
    if (html === undefined) return null;
    const origin = pageOrigin(request);
    const vendor = origin ? await vendorOfPage(db, request) : undefined;
    if (!origin || !vendor) return { html, policy: NO_VENDOR_PAGE, inline: inlineHashes(html), encoded: {} };
    const address = new URL(`${origin}${request.url}`);
    const path = address.pathname;
    // A language the address names (and the vendor offers) wins over the customer's saved one.
    const named = localeOfAddress(address.search);
    const addressed = named && vendor.languages.includes(named) ? named : undefined;
    const lang = pageLanguage(request, vendor, addressed ?? savedLocaleOfCookies(request.headers.cookie));
    const settings = await vendorSettings(db, vendor, lang, origin);
    const known = preloads();
    const pagePreloads = known?.[lang] ?? known?.en ?? NO_PRELOADS;
    const host = normalizeHost(new URL(origin).host);
    const served: ServedPage = { settings, lang, origin, host };
    const drawing = await render();
    const calls = firstCalls(drawing, served, path, request);
    // The address without the rest of its query (the same screen whatever a link added to it), with
    // the language it names: each language of a page is its own page to search engines.
    const canonical = pageAddress(origin, path, addressed);
    // Everything the page is written from: the addresses its answers carry (the request's host), the
    // vendor and its settings, the language, the address, the first screen's calls (home's hold the
    // place it lists stores near) and the build's files.
    const key = JSON.stringify([request.headers.host ?? '', canonical, host, lang, calls ?? null, pagePreloads, settings]);
    return keptPage(db, key, async () => {
      const screen = drawing && calls ? await servedScreen(app, drawing, request, served, { path, calls }) : undefined;
      const offered = vendor.languages.filter(isKnownLocale);
      const page = fullPageHtml(html, {
        lang,
        settings,
        host,
        screen,
        canonical,
        // The page in each of the vendor's languages, and as it opens for whoever comes (x-default).
        alternates: offered.length > 1
          ? [...offered.map((code) => ({ lang: code, href: pageAddress(origin, path, code) })), { lang: 'x-default', href: pageAddress(origin, path) }]
          : [],
        preloads: pagePreloads,
        ...searchData(screen?.data.answers, { origin, canonical, settings, type: storeSchemaType(settings.product_type) }),
      });
      return { html: page, policy: pageSettingsOf(vendor, settings), inline: inlineHashes(page), encoded: {} };
    });
  };
}

/**
 * What the first screen's answers tell search engines and shared links: a store's page its name (the
 * title), its picture and its schema.org data with the menu; home the stores it lists.
 */
function searchData(
  answers: ServedAnswers | undefined,
  page: { origin: string; canonical: string; settings: VendorSettings; type: StoreSchemaType },
): Pick<FullPageHead, 'heading' | 'image' | 'structuredData'> {
  const store = answers?.storeDetail?.code === 200 ? answers.storeDetail.Result : undefined;
  const menu = answers?.menu?.code === 200 ? answers.menu.Result ?? [] : undefined;
  if (store && menu) {
    const data = storeStructuredData({
      url: page.canonical, type: page.type, store, categories: menu, currency: page.settings.currency_code, decimals: page.settings.price_decimals ?? 2,
    });
    return { heading: store.name, image: store.icon_image, structuredData: [data] };
  }
  const stores = answers?.stores?.code === 200 ? answers.stores.Result ?? [] : [];
  if (stores.length === 0) return {};
  return { structuredData: [storeListStructuredData(page.origin, appNameOf(page.settings), stores, (card) => storePagePath(card.restaurant_id))] };
}

/** The calls of the page's first screen, for a screen the server draws (else, or when the storefront's entry fails, undefined). */
function firstCalls(render: StorefrontRender | undefined, page: ServedPage, path: string, request: FastifyRequest): ServedCalls | undefined {
  try {
    return render?.firstCalls(page, path) ?? undefined;
  } catch (error) {
    request.log.error({ err: error }, 'the full page was served without its first screen');
    return undefined;
  }
}

/**
 * The first screen of the page drawn on the server, with the answers it was drawn from; undefined when
 * the storefront's server entry fails (the page is then served as before: the storefront draws it alone).
 */
async function servedScreen(
  app: FastifyInstance, render: StorefrontRender, request: FastifyRequest, page: ServedPage, { path, calls }: { path: string; calls: ServedCalls },
): Promise<FullPageScreen | undefined> {
  try {
    const answers = await servedAnswers(app, request, page, calls);
    const screen = { path, lang: page.lang, calls, answers };
    const { html, parts } = render.renderFullPageScreen(page, screen);
    return { html, data: { ...screen, parts } };
  } catch (error) {
    request.log.error({ err: error }, 'the full page was served without its first screen');
    return undefined;
  }
}
