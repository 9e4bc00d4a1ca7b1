/**
 * The storefront's utility classes (Tailwind's vocabulary through twind), turned into one stylesheet at
 * build time instead of a CSS generator running in every visitor's browser: every class-like word in the
 * storefront's sources (string and template literals of src/ and elements/, tests left out) goes through
 * twind once, and the words twind knows become rules, in twind's order. A class name must therefore
 * appear whole in the source (`'gap-3'`, never `` `gap-${n}` ``): the build refuses a className that glues one together.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, twind, virtual, type CSSObject } from '@twind/core';
import presetTailwind from '@twind/preset-tailwind';

/** Theme colours reach the shadow roots as the documented `--sf-*` custom properties. */
const colour = (name: string, fallback: string) => `var(--sf-color-${name}, ${fallback})`;

type RuleContext = { theme: (section: string, key: string) => unknown };

/** A spacing value of the theme (`2` → 8px, `px` → 1px), `auto`, or negated (`-2` → calc(8px * -1)); undefined when unknown. */
function spacing(value: string, context: RuleContext): string | undefined {
  if (value === 'auto') return 'auto';
  const negative = value.startsWith('-');
  const found = context.theme('spacing', negative ? value.slice(1) : value);
  if (typeof found !== 'string') return undefined;
  return negative ? `calc(${found} * -1)` : found;
}

/** A utility whose value is a spacing of the theme, with `-` before it for the negative (`-me-2`). */
const spaced = (property: string) => (match: RegExpExecArray | string[], context: RuleContext): CSSObject | undefined => {
  const value = spacing(`${match[1] ?? ''}${match[2] ?? ''}`, context);
  return value === undefined ? undefined : ({ [property]: value } as CSSObject);
};

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
  // twind's Tailwind preset lacks logical spacing utilities (Arabic needs no mirrored CSS with these),
  // the spacing scale of min-width and min-height (tap targets: min-h-11 is 44px) and line-clamp.
  rules: [
    ['(-?)ms-(.+)', spaced('margin-inline-start')],
    ['(-?)me-(.+)', spaced('margin-inline-end')],
    ['(-?)ps-(.+)', spaced('padding-inline-start')],
    ['(-?)pe-(.+)', spaced('padding-inline-end')],
    ['(-?)start-(.+)', spaced('inset-inline-start')],
    ['(-?)end-(.+)', spaced('inset-inline-end')],
    ['min-h-()(\\d+(?:\\.\\d+)?|px)', spaced('min-height')],
    ['min-w-()(\\d+(?:\\.\\d+)?|px)', spaced('min-width')],
    ['line-clamp-(\\d+)', (match: RegExpExecArray | string[]): CSSObject => ({ overflow: 'hidden', display: '-webkit-box', '-webkit-box-orient': 'vertical', '-webkit-line-clamp': match[1] ?? '1' }) as CSSObject],
    ['text-start', { 'text-align': 'start' }],
    ['text-end', { 'text-align': 'end' }],
    ['border-s', { 'border-inline-start-width': '1px' }],
    ['border-e', { 'border-inline-end-width': '1px' }],
  ],
});

/** The sources whose literals may hold class names. */
export function utilitySources(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return /\.tsx?$/.test(name) && !/\.test(-helpers)?\.tsx?$|\.d\.ts$/.test(name) ? [path] : [];
    });
  return [...walk(join(root, 'src')), ...walk(join(root, 'elements'))];
}

/** Every whitespace-separated word inside a string or template literal of `code`, and in the literals a template's `${…}` holds. */
export function literalWords(code: string, words = new Set<string>()): Set<string> {
  for (const match of code.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
    const template = match[3];
    for (const expression of template?.matchAll(/\$\{([^}]*)\}/g) ?? []) literalWords(expression[1] ?? '', words);
    const text = (match[1] ?? match[2] ?? template ?? '').replace(/\$\{[^}]*\}/g, ' ');
    for (const word of text.split(/\s+/)) if (/^[!a-z[-][\w:/.[\]%#(),!-]*$/i.test(word)) words.add(word);
  }
  return words;
}

/** Class names a className template glues together from pieces (`` `gap-${n}` ``), which no scan can see whole. */
export function gluedClassNames(code: string): string[] {
  const glued: string[] = [];
  for (const match of code.matchAll(/className=\{`([^`]*)`\}/g)) {
    const template = match[1] ?? '';
    for (const piece of template.matchAll(/[\w\]-]\$\{|\}[\w[-]/g)) glued.push(`${piece[0]} in \`${template}\``);
  }
  return glued;
}

/** The stylesheet of every utility class the sources use (with twind's preflight first). */
export function utilityCss(root: string): string {
  const words = new Set<string>();
  for (const file of utilitySources(root)) {
    const code = readFileSync(file, 'utf8');
    const glued = gluedClassNames(code);
    if (glued.length > 0) throw new Error(`${file}: a class name must appear whole in the source, found ${glued.join(', ')}`);
    for (const word of literalWords(code)) words.add(word);
  }
  const sheet = virtual();
  const tw = twind(config, sheet);
  // twind reports every literal that is no class (most of them), by console or as a process warning.
  const { warn } = console;
  const { emitWarning } = process;
  console.warn = () => undefined;
  process.emitWarning = () => undefined;
  try {
    for (const word of [...words].sort()) tw(word);
  } finally {
    console.warn = warn;
    process.emitWarning = emitWarning;
  }
  return sheet.target.join('\n');
}
