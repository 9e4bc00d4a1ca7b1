/**
 * The vendor's tags in the page: Google's dataLayer and gtag, Google Tag Manager and the Meta Pixel, set
 * up as their vendors' own snippets do (written here as code: the storefront runs no inline script), and
 * loaded from the addresses the analytics rule builds from checked ids. A tag the page already runs is
 * used as it is and not loaded again.
 */
import { tagScriptUrl, type AnalyticsTag } from '../../../contract/rules/analytics.ts';
import type { TcfData } from './consent.ts';

/** The Meta Pixel's queueing function, as Meta's snippet defines it before fbevents.js replaces it. */
export interface MetaPixel {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: MetaPixel;
  loaded: boolean;
  version: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    google_tag_manager?: Record<string, unknown>;
    fbq?: MetaPixel;
    _fbq?: MetaPixel;
    __tcfapi?: (command: string, version: number, callback: (data: TcfData, success: boolean) => void) => void;
  }
}

export function dataLayer(): unknown[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

/**
 * gtag, the page's own when it has one; otherwise Google's snippet's: each call goes into the
 * dataLayer as its arguments object, the only form gtag.js reads.
 */
export function gtag(...args: unknown[]): void {
  if (window.gtag) {
    window.gtag(...args);
    return;
  }
  window.gtag = function gtagSnippet() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js reads arguments objects, not arrays
    dataLayer().push(arguments);
  };
  window.gtag(...args);
}

/** Whether the page already runs the tag (its own snippet or an earlier load). */
export function pageRunsTag(tag: AnalyticsTag, id: string): boolean {
  if (tag === 'gtm') return Boolean(window.google_tag_manager?.[id]);
  if (tag === 'meta') return typeof window.fbq === 'function';
  return [...document.scripts].some((script) => script.src === tagScriptUrl('ga4', id));
}

function loadScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/** Loads one tag the page does not run yet, configured as its snippet configures it. */
export function loadTag(tag: AnalyticsTag, id: string): void {
  const src = tagScriptUrl(tag, id);
  if (!src || pageRunsTag(tag, id)) return;
  if (tag === 'ga4') {
    gtag('js', new Date());
    gtag('config', id);
  } else if (tag === 'gtm') {
    dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  } else {
    metaPixel()('init', id);
    metaPixel()('track', 'PageView');
  }
  loadScript(src);
}

/** The page's Meta Pixel, or the snippet's queue until fbevents.js arrives. */
export function metaPixel(): MetaPixel {
  if (window.fbq) return window.fbq;
  const queue = function pixel(...args: unknown[]) {
    if (queue.callMethod) queue.callMethod(...args);
    else queue.queue.push(args);
  } as MetaPixel;
  queue.queue = [];
  queue.push = queue;
  queue.loaded = true;
  queue.version = '2.0';
  window.fbq = queue;
  window._fbq ??= queue;
  return queue;
}
