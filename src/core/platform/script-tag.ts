/**
 * Where the script tag leaves its own `<script>` element for the runtime it imports: a module has no
 * `document.currentScript`, yet the configuration lives in the tag's data attributes.
 */
export const SCRIPT_TAG_KEY = Symbol.for('storefront-elements.script');

/** The `<script>` of `dist/storefront.js` that imported this runtime, if any. */
export function loaderScript(): HTMLScriptElement | null {
  const found = (globalThis as unknown as Record<symbol, unknown>)[SCRIPT_TAG_KEY];
  return found instanceof HTMLScriptElement ? found : null;
}
