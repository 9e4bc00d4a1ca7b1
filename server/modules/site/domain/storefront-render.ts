import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { VendorSettings } from '../../../../contract/api/settings.ts';
import type { Locale } from '../../../../contract/rules/locale.ts';
import type { ServedCalls, ServedScreen } from '../../../../contract/served-screen.ts';

/** The page the server draws: the vendor's settings in its language, its origin and the vendor's host name. */
export interface ServedPage {
  settings: VendorSettings;
  lang: Locale;
  origin: string;
  host: string;
}

/**
 * The storefront's server entry as the build writes it (dist/server/server-render.js, from
 * elements/server-render.tsx): the full page's first screen drawn by the storefront's own components.
 */
export interface StorefrontRender {
  /** The calls the first screen of `path` makes; null for a screen the server does not draw. */
  firstCalls(page: ServedPage, path: string): ServedCalls | null;
  /** The full page element's content (declarative shadow DOM) for the screen. Synchronous. */
  renderFullPageScreen(page: ServedPage, screen: Omit<ServedScreen, 'parts'>): { html: string; parts: string[] };
  /** Resolves once every language's texts and every served screen's code are loaded. */
  serverRenderReady(): Promise<void>;
  /** The stylesheet the served shadow root carries. */
  SERVED_STYLES: string;
}

/**
 * The entry at `path`, loaded on first use and again whenever the build rewrites it; undefined while it
 * is not built (the full page is then served without its first screen, as the storefront draws it alone).
 */
export function storefrontRender(path: string): () => Promise<StorefrontRender | undefined> {
  let kept: { mtimeMs: number; render: Promise<StorefrontRender | undefined> } | undefined;
  return async () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(path).mtimeMs;
    } catch {
      return undefined;
    }
    if (kept?.mtimeMs !== mtimeMs) {
      const url = `${pathToFileURL(path).href}?v=${mtimeMs}`;
      kept = {
        mtimeMs,
        render: import(url).then(async (module: StorefrontRender) => {
          await module.serverRenderReady();
          return module;
        }),
      };
    }
    return kept.render;
  };
}
