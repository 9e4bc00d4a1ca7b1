import { cssom, defineConfig, twind, type CSSObject } from '@twind/core';
import presetTailwind from '@twind/preset-tailwind';
import { shared } from '../core/platform/registry.ts';

/** Theme colours reach the shadow roots as the documented `--sf-*` custom properties. */
const colour = (name: string, fallback: string) => `var(--sf-color-${name}, ${fallback})`;

const logical = (property: string) => (match: RegExpExecArray | string[], context: { theme: (section: string, key: string) => unknown }): CSSObject => ({
  [property]: context.theme('spacing', match[1] ?? '') as string,
}) as CSSObject;

/** rem follows the host page's root font size; islands size in px so a host cannot resize them. */
const REM = /(-?\d*\.?\d+)rem\b/g;
const remToPx = (text: string) => text.replace(REM, (_, value: string) => `${Number(value) * 16}px`);

const config = defineConfig({
  presets: [presetTailwind({ disablePreflight: false })],
  hash: false,
  finalize: (rule) => (rule.d && rule.d.includes('rem') ? { ...rule, d: remToPx(rule.d) } : rule),
  theme: {
    extend: {
      colors: {
        primary: colour('primary', '#00000e'),
        secondary: colour('secondary', '#d8d4d4'),
        ink: colour('text', '#000000'),
        muted: colour('text-muted', '#6b6b6b'),
        button: colour('button', '#00000e'),
        'button-text': colour('button-text', '#ffffff'),
        'button-secondary': colour('button-secondary', '#d8d4d4'),
        'button-secondary-text': colour('button-text-secondary', '#000000'),
        footer: colour('footer-bg', '#ffffff'),
        'footer-text': colour('footer-text', '#000000'),
        slider: colour('slider-bg', '#f5f5f5'),
        veg: '#15803d',
        nonveg: '#b91c1c',
      },
      borderRadius: { sf: 'var(--sf-radius, 12px)' },
      fontFamily: { sf: 'var(--sf-font-family, system-ui, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif)' },
    },
  },
  // twind's Tailwind preset lacks logical spacing utilities; Arabic needs no mirrored CSS with these.
  rules: [
    ['ms-(.+)', logical('margin-inline-start')],
    ['me-(.+)', logical('margin-inline-end')],
    ['ps-(.+)', logical('padding-inline-start')],
    ['pe-(.+)', logical('padding-inline-end')],
    ['start-(.+)', logical('inset-inline-start')],
    ['end-(.+)', logical('inset-inline-end')],
    ['text-start', { 'text-align': 'start' }],
    ['text-end', { 'text-align': 'end' }],
    ['border-s', { 'border-inline-start-width': '1px' }],
    ['border-e', { 'border-inline-end-width': '1px' }],
  ],
});

/**
 * The island's own base: it resets everything the host page could pass down by
 * inheritance (even `!important` rules on the host element), so a hostile host
 * stylesheet cannot change how an island looks.
 */
const BASE_CSS = `
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
.sf-root :focus-visible { outline: 2px solid var(--sf-color-primary, #00000e); outline-offset: 2px; }
.sf-skeleton { background: linear-gradient(90deg, #eee 25%, #f5f5f5 37%, #eee 63%); background-size: 400% 100%; animation: sf-shimmer 1.4s ease infinite; }
@keyframes sf-shimmer { 0% { background-position: 100% 50%; } 100% { background-position: 0 50%; } }
/* Motion only for those who have not asked the system for less. */
@media (prefers-reduced-motion: reduce) {
  .sf-skeleton { animation: none; }
  .sf-root *, .sf-root *::before, .sf-root *::after {
    animation-duration: 0.01ms !important; animation-iteration-count: 1 !important;
    transition-duration: 0.01ms !important; scroll-behavior: auto !important;
  }
}
/* Forced colours (Windows contrast themes) drop background colours and box-shadow rings: the chosen
   option, the selected tab and pressed filters are drawn in the system's highlight, focus rings as outlines. */
@media (forced-colors: active) {
  .sf-root [aria-checked="true"], .sf-root [aria-selected="true"], .sf-root [aria-pressed="true"], .sf-root [part~="payment-option-selected"] {
    forced-color-adjust: none; background: Highlight !important; color: HighlightText !important; border-color: Highlight !important;
  }
  .sf-root :focus-visible { outline: 3px solid CanvasText !important; outline-offset: 2px; }
  .sf-skeleton { border: 1px dashed CanvasText; }
}
/* A short window (a phone on its side, 400% zoom): the page header scrolls away instead of taking the screen. */
@media (max-height: 480px) { header.sf-page-header { position: static; } }
`;

/** One twind instance writing into its own constructable stylesheet. */
function createTwind() {
  return twind(config, cssom(new CSSStyleSheet()));
}

interface Styles {
  tw: ReturnType<typeof createTwind>;
  base: CSSStyleSheet;
  inline: CSSStyleSheet;
  /** Class strings whose CSS is already in the shared sheet. */
  seen: Set<string>;
}

/** One twind instance and one constructable stylesheet for every island on the page. */
const styles = shared<Styles>('ui.styles', () => {
  const base = new CSSStyleSheet();
  base.replaceSync(BASE_CSS);
  const inline = new CSSStyleSheet();
  inline.replaceSync(':host { display: inline-block; vertical-align: middle; }');
  return { tw: createTwind(), base, inline, seen: new Set<string>() };
});

function generate(element: Element): void {
  const classes = element.getAttribute('class');
  if (!classes || styles.seen.has(classes)) return;
  styles.seen.add(classes);
  styles.tw(classes); // puts the rules in the shared sheet; class names stay as written (no hashing)
}

function generateAll(node: Node): void {
  if (!(node instanceof Element)) return;
  generate(node);
  for (const element of node.querySelectorAll('[class]')) generate(element);
}

/**
 * Adopts the shared sheets into a shadow root and generates utilities for the
 * class names that appear in it. Unlike twind's own observer, which rescans the
 * whole parent on every insertion, this looks only at what was added or changed,
 * so a windowed list that swaps rows on every scroll frame stays cheap.
 */
export function adoptStyles(root: ShadowRoot, display: 'block' | 'inline' = 'block'): void {
  root.adoptedStyleSheets = display === 'inline' ? [styles.base, styles.inline, styles.tw.target] : [styles.base, styles.tw.target];
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') generate(record.target as Element);
      else record.addedNodes.forEach(generateAll);
    }
  }).observe(root, { attributeFilter: ['class'], subtree: true, childList: true });
  root.childNodes.forEach(generateAll);
}

