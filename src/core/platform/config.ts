import { atom } from 'nanostores';
import { API_VERSION_PATH } from '../../../contract/constants.ts';
import { vendorHost } from '../../../contract/rules/hosts.ts';
import { safeImageUrl } from '../../../contract/rules/urls.ts';
import { shared } from './registry.ts';
import { loaderScript } from './script-tag.ts';

/**
 * Where the storefront finds its server and which vendor it is. Read from the
 * script tag's data attributes (`data-api`, `data-host`, `data-locale`), from
 * `window.StorefrontElementsConfig`, or set by `configure()`; the last one wins.
 */
export interface StorefrontConfig {
  /** Base address of the v2 API, e.g. `https://api.example.com/api/v2`. */
  apiBase: string;
  /** Host name the vendor is keyed by; on localhost a fixed default host. */
  host: string;
  /** Forces a language, overriding the browser and saved choice. */
  locale?: string;
}


/** The page's own origin and host (none on a server, where nothing is fetched). */
function defaultConfig(scriptUrl?: string): StorefrontConfig {
  if (typeof location === 'undefined') return { apiBase: API_VERSION_PATH, host: vendorHost('') };
  const origin = scriptUrl ? new URL(scriptUrl, location.href).origin : location.origin;
  return { apiBase: origin + API_VERSION_PATH, host: vendorHost(location.hostname) };
}

export const $config = shared('config', () => atom<StorefrontConfig>(defaultConfig()));

function fromDataset(dataset: DOMStringMap): Partial<StorefrontConfig> {
  const found: Partial<StorefrontConfig> = {};
  if (dataset.api) found.apiBase = dataset.api.replace(/\/+$/, '');
  if (dataset.host) found.host = dataset.host;
  if (dataset.locale) found.locale = dataset.locale;
  return found;
}

/** Merges explicit settings into the configuration. */
export function configure(partial: Partial<StorefrontConfig>): void {
  const defined = Object.fromEntries(Object.entries(partial).filter(([, value]) => value !== undefined && value !== ''));
  $config.set({ ...$config.get(), ...defined });
}

/**
 * Reads the configuration of the script that is running now (call at the top
 * level of the bundle, while `document.currentScript` is still set), or of the
 * script tag that imported this runtime.
 */
export function captureScriptConfig(scriptUrl?: string): void {
  const script = (document.currentScript as HTMLScriptElement | null) ?? loaderScript();
  const url = script?.src || scriptUrl;
  const base = defaultConfig(url);
  const tagged = script ?? document.querySelector<HTMLScriptElement>('script[data-api], script[data-host]');
  const global = (globalThis as { StorefrontElementsConfig?: Partial<StorefrontConfig> }).StorefrontElementsConfig;
  configure({ ...base, ...(tagged ? fromDataset(tagged.dataset) : {}), ...global });
}

/**
 * An image's address as the storefront draws it: the image URL rule (http, https or a path on the
 * API's site; anything else, `javascript:` or `data:` included, is '' and draws nothing), with paths
 * resolved against the API's origin, not the host page's.
 */
export function assetUrl(path: string): string {
  const url = safeImageUrl(path);
  if (url === undefined) return '';
  try {
    return new URL(url, $config.get().apiBase).href;
  } catch {
    return '';
  }
}
