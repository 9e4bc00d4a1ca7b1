import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gluedClassNames, literalWords, utilityCss, utilitySources } from './utility-css.mts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The class names a stylesheet has rules for (`.min-h-11{…}`, `.w-\[min\(20rem\,100vw\)\]{…}`). */
function classesOf(css: string): Set<string> {
  return new Set([...css.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1]!.replace(/\\(.)/g, '$1')));
}

/** Classes that mark an element without styling it themselves, and the island's own base (src/ui/styles.ts). */
const NOT_UTILITIES = new Set(['group', 'sf-root', 'sf-skeleton', 'sf-page-header']);

describe('the utility stylesheet made at build time', () => {
  const css = utilityCss(root);
  // The served stylesheet is the utilities and the islands' own rules (island-media.css) after them.
  const classes = classesOf(`${css}\n${readFileSync(`${root}src/ui/island-media.css`, 'utf8')}`);

  it('has a rule for every class a component names, so none is silently unstyled', () => {
    const unstyled: string[] = [];
    for (const file of utilitySources(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\}|\{'([^']*)'\})/g)) {
        const words = (match[1] ?? match[2] ?? match[3] ?? '').replace(/\$\{[^}]*\}/g, ' ').split(/\s+/).filter(Boolean);
        for (const word of words) if (!classes.has(word) && !NOT_UTILITIES.has(word)) unstyled.push(`${word} in ${file.slice(root.length)}`);
      }
    }
    expect(unstyled).toEqual([]);
  });

  it('sizes in px (a host page cannot resize islands), mirrors through logical properties, and takes the vendor colours from custom properties', () => {
    const declarations = css.replace(/[^{};]*\{/g, '{');
    expect(declarations).not.toMatch(/\d+rem\b/);
    expect(css).toContain('.min-h-11{min-height:44px}');
    expect(css).toContain('.ms-auto{margin-inline-start:auto}');
    expect(css).toContain('.-me-2{margin-inline-end:calc(8px * -1)}');
    expect(css).toMatch(/\.bg-primary\{background-color:var\(--sf-color-primary, #00000e\)\}/);
  });

  it('reads class words from string and template literals, leaving out what a template fills in', () => {
    expect([...literalWords("const a = 'flex gap-2'; const b = `p-4 ${x ? 'hidden' : ''} w-[min(20rem,100vw)]`;")]).toEqual(
      expect.arrayContaining(['flex', 'gap-2', 'p-4', 'hidden', 'w-[min(20rem,100vw)]']),
    );
  });

  it('refuses a class name glued together in a template, which no scan can see whole', () => {
    expect(gluedClassNames('<p className={`gap-${size} text-sm`} />')).toHaveLength(1);
    expect(gluedClassNames('<p className={`${tone}-700`} />')).toHaveLength(1);
    expect(gluedClassNames("<p className={`flex ${open ? 'block' : 'hidden'}`} />")).toEqual([]);
  });
});
