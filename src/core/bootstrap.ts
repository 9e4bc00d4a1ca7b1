import type { VendorSettings } from '../../contract/api/settings.ts';
import { ApiError, callApi } from './api/client.ts';
import { $config } from './platform/config.ts';
import { guardCartVendor } from './cart/cart-vendor.ts';
import { $orderUploadImages } from './cart/cart.ts';
import { emitHostEvent } from './platform/host-events.ts';
import { activateLocale } from './i18n/i18n.ts';
import { $locale, $savedLocale, chooseLocale, directionOf, type Locale } from './i18n/locale.ts';
import { $latitude, $longitude, pointOrBlank } from './location/location.ts';
import { shared } from './platform/registry.ts';
import { reportSetupError } from './platform/setup-errors.ts';
import { $token, $user } from './session/session-state.ts';
import { $appName, $settings, $settingsStatus, fetchSettings } from './settings/settings.ts';
import { applyTheme, themeVariables, warnUnreadableTheme } from './settings/theme.ts';

/** A signed-in customer's details are fetched again about 1 second after the settings load. */
export const USER_REFRESH_DELAY_MS = 1000;

/** What full-page mode writes into the document from the settings (title, meta, favicon); null for elements. */
type PageMeta = (settings: VendorSettings, appName: string) => void;
/** Full-page mode: the settings its HTML carries for `host`, and their language; null for elements. */
type PageSettings = (host: string) => { lang: string; settings: VendorSettings } | null;

const state = shared('bootstrap', () => ({
  started: null as Promise<void> | null, pageMeta: null as PageMeta | null, pageSettings: null as PageSettings | null, imageWatch: false,
}));

function localeInputs(settings: VendorSettings | null) {
  return {
    configured: $config.get().locale,
    saved: $savedLocale.get(),
    browser: typeof navigator === 'undefined' ? [] : navigator.languages,
    offered: settings?.languages ?? [],
    vendorDefault: settings?.default_lang || settings?.primary_lang,
    detectBrowser: settings?.detect_browser_language ?? true,
  };
}

async function refreshUser(): Promise<void> {
  if ($token.get() === '') return;
  try {
    const response = await callApi('get_user_details_web', {
      ...pointOrBlank(),
    });
    if (response.code === 200 && response.user_details) $user.set(response.user_details);
  } catch (error) {
    console.warn('[storefront] user details failed', error); // only logged, never shown
  }
}

/** Mirrors the settings onto the page: theme, and in full-page mode title, meta and favicon. */
function applySettings(settings: VendorSettings): void {
  applyTheme(themeVariables(settings.web_settings));
  warnUnreadableTheme(settings.theme_warnings);
  state.pageMeta?.(settings, $appName.get());
}

/**
 * Full-page mode owns the document: it also sets title, description, keywords and favicon, with the
 * function it passes (settings/page-meta.ts, which element pages never load).
 */
export function enablePageMeta(applyPageMeta: PageMeta): void {
  state.pageMeta = applyPageMeta;
  const settings = $settings.get();
  if (settings) applySettings(settings);
  document.documentElement.lang = $locale.get();
  document.documentElement.dir = directionOf($locale.get());
}

/**
 * Order images dropped from the draft are cleaned up (checkout/images.ts); that code is fetched with the
 * first image the draft holds, from the tokens it held then, so a page without images never loads it.
 */
function watchOrderImages(): void {
  if (state.imageWatch) return;
  state.imageWatch = true;
  let started = false;
  const stop = $orderUploadImages.subscribe((tokens) => {
    if (started || tokens.length === 0) return;
    started = true;
    queueMicrotask(() => stop());
    void import('./checkout/images.ts').then(({ watchDroppedOrderImages }) => watchDroppedOrderImages(() => $token.get() !== '', tokens));
  });
}

/**
 * The settings did not load: the customer sees the retry screen, the page's developer the likely cause (a
 * 404 or an answer that is no JSON usually means the API is not where the storefront looks: an ESM app
 * that never called configure() asks its own origin).
 */
function reportUnreachableApi(error: unknown): void {
  const status = error instanceof ApiError ? error.status : 0;
  reportSetupError('api-unreachable', status === 0 ? 'no JSON answer: offline, blocked by CORS, or not an API' : `HTTP ${status}`);
}

async function start(): Promise<void> {
  const place = { latitude: $latitude.get(), longitude: $longitude.get() };
  // The full page's HTML carries the settings: no round trip unless the customer chose another language.
  const inPage = state.pageSettings?.($config.get().host);
  let locale: Locale = chooseLocale(localeInputs(inPage?.settings ?? null));
  $settingsStatus.set('loading');
  const catalogReady = activateLocale(locale);
  let settings: VendorSettings | null;
  try {
    settings = inPage?.lang === locale ? inPage.settings : await fetchSettings(locale, place);
  } catch (error) {
    await catalogReady;
    $locale.set(locale);
    $settingsStatus.set('failed');
    reportUnreachableApi(error);
    return;
  }
  if (settings) {
    const chosen = chooseLocale(localeInputs(settings));
    if (chosen !== locale) {
      locale = chosen;
      // Texts in the settings (title, store names) come in the requested language.
      settings = (await fetchSettings(locale, place).catch(() => settings)) ?? settings;
    }
  }
  await activateLocale(locale);
  $locale.set(locale);
  if (state.pageMeta) {
    document.documentElement.lang = locale;
    document.documentElement.dir = directionOf(locale);
  }
  if (!settings) {
    $settingsStatus.set('empty');
    emitHostEvent('sf-ready', { vendorId: null, appName: '' });
    return;
  }
  $settings.set(settings);
  // Vendor analytics, only for a vendor that names a tag: its element (the consent banner and settings) starts it, fetched
  // by the loader when it appears; it reads the events sent before it arrived (docs/analytics.md).
  if (settings.analytics && !document.querySelector('sf-consent')) document.body.prepend(document.createElement('sf-consent'));
  guardCartVendor(settings.vendor_id); // a cart stored for another vendor on this origin is emptied
  watchOrderImages();
  applySettings(settings);
  $settingsStatus.set('ready');
  emitHostEvent('sf-ready', { vendorId: settings.vendor_id, appName: $appName.get() });
  setTimeout(() => void refreshUser(), USER_REFRESH_DELAY_MS);
}

/**
 * Full-page mode takes the settings its HTML carries (settings/page-meta.ts reads them), when they are in
 * the language the page opens in, instead of asking for them. Called as the full page's code loads, before
 * any island starts the storefront; it touches no document until then.
 */
export function takeSettingsFromPage(settingsInPage: PageSettings): void {
  state.pageSettings = settingsInPage;
}

/** Loads language and vendor settings once per page, however many islands ask. */
export function startStorefront(): Promise<void> {
  state.started ??= start();
  return state.started;
}

/** Loads the settings again (the retry after a failed first load). */
export function retryStorefront(): Promise<void> {
  state.started = start();
  return state.started;
}
