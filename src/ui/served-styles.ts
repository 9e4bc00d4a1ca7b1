/*
 * The rules a screen drawn on the server needs of the islands' stylesheet: those whose selectors name only
 * classes the drawn markup uses (or none at all), inside the at-rules that hold them. The page parses,
 * matches and keeps a few KB instead of the whole sheet until its island takes the screen over and adopts
 * the whole sheet (the same rules, so nothing changes then).
 */

/** The class names of the markup's `class` attributes. */
export function classesOf(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of (match[1] ?? '').split(/\s+/)) if (name) classes.add(name.replace(/&amp;/g, '&'));
  return classes;
}

/** The top-level blocks of a stylesheet: each a prelude (a selector list or an at-rule) and its body, comments kept as they are. */
function blocks(css: string): Array<{ prelude: string; body: string }> {
  const found: Array<{ prelude: string; body: string }> = [];
  let depth = 0;
  let start = 0;
  let open = -1;
  for (let index = 0; index < css.length; index += 1) {
    const char = css[index];
    if (char === '/' && css[index + 1] === '*') {
      const end = css.indexOf('*/', index + 2);
      index = end < 0 ? css.length : end + 1;
    } else if (char === '"' || char === "'") {
      const end = css.indexOf(char, index + 1);
      index = end < 0 ? css.length : end;
    } else if (char === '{') {
      if (depth === 0) open = index;
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        found.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, index) });
        start = index + 1;
      }
    }
  }
  return found;
}

/** The class names a selector names (`.sm\:w-40` is the class `sm:w-40`). */
const classesIn = (selector: string) => [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => (match[1] ?? '').replace(/\\(.)/g, '$1'));

/** Whether any selector of the list can match the markup: each of its class names is used (a selector without one may). */
const applies = (selectors: string, used: ReadonlySet<string>) => selectors.split(',').some((selector) => classesIn(selector).every((name) => used.has(name)));

/** The rules of `css` the markup using `used` classes needs; at-rules other than @media and @supports are kept whole. */
export function usedRules(css: string, used: ReadonlySet<string>): string {
  return blocks(css).flatMap(({ prelude, body }) => {
    if (/^@(media|supports)\b/.test(prelude)) {
      const inner = usedRules(body, used);
      return inner ? [`${prelude}{${inner}}`] : [];
    }
    return prelude.startsWith('@') || applies(prelude, used) ? [`${prelude}{${body}}`] : [];
  }).join('\n');
}
