/**
 * The lazy loader, entry of the ESM package (React from the host app) and of the
 * script tag's runtime (`dist/sf/runtime-[hash].js`, Preact inside, imported by
 * `dist/storefront.js`): defines each element lazily, fetching its code when its
 * tag first appears in the page, including tags a single-page app inserts later.
 *
 * Importing it on a server (a Next.js or other server render of a client component) does nothing: no
 * browser global is touched while the module evaluates there, and the elements are defined in the browser.
 */
import { loadChunk } from '../src/core/platform/chunks.ts';
import { captureScriptConfig } from '../src/core/platform/config.ts';
import { isIslandClass, reportSetupError } from '../src/core/platform/setup-errors.ts';
import { startPage } from './page.ts';
import { elementModule } from './tags.ts';

export { configure, type StorefrontConfig } from '../src/core/platform/config.ts';

const requested = new Set<string>();

/** Loads the definition of `tag` once. */
export function loadElement(tag: string): Promise<unknown> | undefined {
  const load = elementModule(tag);
  if (!load || requested.has(tag)) return undefined;
  const defined = customElements.get(tag);
  if (defined) {
    if (!isIslandClass(defined)) reportSetupError('tag-taken', tag);
    return undefined;
  }
  requested.add(tag);
  // A chunk that fails or takes over 120 s reloads the page once (src/core/platform/chunks.ts).
  return loadChunk(tag, load).catch((error: unknown) => {
    requested.delete(tag); // after the one reload, a failed chunk may load on the next sighting
    console.error(`[storefront] could not load <${tag}>`, error);
  });
}

function discover(root: ParentNode): void {
  if (root instanceof Element) void loadElement(root.localName);
  for (const element of root.querySelectorAll(':not(:defined)')) void loadElement(element.localName);
}

function startLoader(): void {
  discover(document);
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) if (node instanceof Element) discover(node);
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
}

if (typeof document !== 'undefined' && typeof customElements !== 'undefined') {
  captureScriptConfig(import.meta.url);
  startPage();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startLoader, { once: true });
  else startLoader();
}
