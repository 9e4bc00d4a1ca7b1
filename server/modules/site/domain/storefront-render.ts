import { pathToFileURL } from 'node:url';
import type { ServedCalls, ServedPage, ServedScreen } from '../../../../contract/served-screen.ts';
import { watchedFile } from './watched-file.ts';

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
  /** The elements the render endpoint draws, with the attributes each takes. */
  SERVED_ELEMENTS: Readonly<Record<string, readonly string[]>>;
  /** The calls the first view of an element makes; null for an element it does not draw. */
  elementCalls(page: ServedPage, tag: string, attributes: Record<string, string | undefined>): ServedCalls | null;
  /** The element's shadow root (declarative shadow DOM) drawn from the answers. Synchronous. */
  renderElement(page: ServedPage, tag: string, attributes: Record<string, string | undefined>, screen: Omit<ServedScreen, 'parts'>): { html: string; parts: string[] };
}

/**
 * The entry at `path`, loaded on first use and again whenever the build rewrites it (watched-file.ts);
 * undefined while it is not built (the full page is then served without its first screen, as the storefront draws it alone).
 */
export function storefrontRender(path: string): () => Promise<StorefrontRender | undefined> {
  const known = loaders.get(path);
  if (known) return known;
  const loader = entryLoader(path);
  loaders.set(path, loader);
  return loader;
}

/** One loader per entry file, whoever asks (the full page, the render endpoint). */
const loaders = new Map<string, () => Promise<StorefrontRender | undefined>>();

function entryLoader(path: string): () => Promise<StorefrontRender | undefined> {
  const entry = watchedFile(path, (file, mtimeMs) =>
    // An entry that does not load (a build from another version, a broken file) draws nothing: the pages
    // are served as the storefront draws them alone. Said once, on stderr.
    import(`${pathToFileURL(file).href}?v=${mtimeMs}`).then(async (module: StorefrontRender) => {
      await module.serverRenderReady();
      return module;
    }).catch((error: unknown) => {
      console.error(`[storefront] ${file} does not load, so no screen is drawn on the server:`, error);
      return undefined;
    }));
  return async () => entry();
}
