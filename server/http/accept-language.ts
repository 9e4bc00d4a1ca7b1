/** At most this many languages are read from an Accept-Language header (a browser sends a handful). */
export const ACCEPTED_LANGUAGES_MAX = 20;

const TAG = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i;

/**
 * The language tags of an Accept-Language header, most wanted first (by `q`, then by their order),
 * as a browser's navigator.languages lists them. Malformed entries and `q=0` are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1_000)
    .split(',')
    .slice(0, ACCEPTED_LANGUAGES_MAX)
    .map((entry, index) => {
      const [tag = '', ...parameters] = entry.trim().split(';');
      const weight = parameters.find((parameter) => /^\s*q=/i.test(parameter));
      // A weight that is no number from 0 to 1 (three decimals at most) leaves the entry out.
      const q = weight === undefined ? 1 : /^\s*q=((?:0(?:\.\d{0,3})?)|(?:1(?:\.0{0,3})?))\s*$/i.exec(weight) ? Number(weight.split('=')[1]) : 0;
      return { tag: tag.trim(), q, index };
    })
    .filter((entry) => TAG.test(entry.tag) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
