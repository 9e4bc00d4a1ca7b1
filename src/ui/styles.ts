import { loadUtilities, utilitiesText, utilitiesUrl } from 'virtual:storefront-utilities';
import { atom, type ReadableAtom } from 'nanostores';
import { loadChunk } from '../core/platform/chunks.ts';
import { shared } from '../core/platform/registry.ts';
import { reportSetupError } from '../core/platform/setup-errors.ts';

/**
 * The island's own base: it resets everything the host page could pass down by
 * inheritance (even `!important` rules on the host element), so a hostile host
 * stylesheet cannot change how an island looks.
 */
export const BASE_CSS = `
:host { display: block; }
:host([hidden]) { display: none !important; }
.sf-root {
  all: initial;
  display: block;
  box-sizing: border-box;
  font-family: var(--sf-font-family, system-ui, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif);
  font-size: var(--sf-font-size, 16px);
  line-height: 1.5;
  color: var(--sf-color-text, #000000);
  text-align: start;
  -webkit-font-smoothing: antialiased;
}
.sf-root[data-display="inline"] { display: inline-block; }
.sf-root :focus-visible { outline: 2px solid var(--sf-color-primary, #00000e); outline-offset: 2px; box-shadow: 0 0 0 2px #fff; }
.sf-root ::placeholder { color: #6b7280; opacity: 1; }
.sf-skeleton { background: linear-gradient(90deg, #eee 25%, #f5f5f5 37%, #eee 63%); background-size: 400% 100%; animation: sf-shimmer 1.4s ease infinite; }
@keyframes sf-shimmer { 0% { background-position: 100% 50%; } 100% { background-position: 0 50%; } }
/* Motion only for those who have not asked the system for less (the rest of such rules: island-media.css). */
@media (prefers-reduced-motion: reduce) { .sf-skeleton { animation: none; } }
`;

interface Styles {
  base: CSSStyleSheet;
  /** Every utility class the storefront uses (made at build time from its sources). */
  utilities: CSSStyleSheet;
  inline: CSSStyleSheet;
  /** False while the utilities' file is on its way; islands show their placeholder until then. */
  ready: ReadableAtom<boolean>;
}

function sheetOf(css: string): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return sheet;
}

/**
 * The utilities' file (a hashed .css beside the chunks), fetched once; a failure reloads the page once like
 * a chunk. It asks for CSS by name: a development server (Vite's) answers a plain request for a .css file
 * of a package with a JavaScript module that would inject it, which is no stylesheet (and no reload mends).
 */
async function fetchUtilities(url: string): Promise<string> {
  const response = await loadChunk('utilities.css', async () => {
    const answer = await fetch(url, { headers: { Accept: 'text/css' } });
    if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status}`);
    return answer;
  });
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/css')) throw new Error(`${url} was answered as ${type || 'no known type'}, not text/css`);
  return response.text();
}

/** The constructable stylesheets every island on the page shares. */
const styles = shared<Styles>('ui.stylesheets', () => {
  const utilities = sheetOf(utilitiesText);
  // Fetched (the script tag's .css file), imported (the packages' chunk), or already here (inline).
  const text = utilitiesUrl !== '' ? fetchUtilities(utilitiesUrl) : loadUtilities ? loadChunk('utilities', loadUtilities) : null;
  const ready = atom(text === null);
  text
    ?.then((css) => utilities.replaceSync(css))
    // Without its utilities an island still works, only plainer: better than no island at all.
    .catch((error: unknown) => reportSetupError('styles', error instanceof Error ? error.message : String(error)))
    .finally(() => ready.set(true));
  return { base: sheetOf(BASE_CSS), utilities, inline: sheetOf(':host { display: inline-block; vertical-align: middle; }'), ready };
});

/** Whether the shared stylesheets are complete. */
export const $stylesReady = styles.ready;

/** Adopts the shared sheets into a shadow root. */
export function adoptStyles(root: ShadowRoot, display: 'block' | 'inline' = 'block'): void {
  root.adoptedStyleSheets = display === 'inline' ? [styles.base, styles.utilities, styles.inline] : [styles.base, styles.utilities];
}
