/**
 * The one sanitiser for every URL that comes from data (vendor settings, store and menu answers,
 * the payment URLs) before it is stored, served, or drawn into an `href`, a `src` or a navigation.
 * A URL passes only as written (nothing is trimmed or repaired):
 *
 * - links: `http:` and `https:` with a host, `mailto:` and `tel:`, or a path on the same site;
 * - images: `http:` and `https:` with a host, or a path on the same site.
 *
 * A path on the same site starts with one `/` (`/pages/about`, `/media/logo/x.svg`); `//host/…`
 * (another site) and relative forms without the leading slash (`about.html`, `?x`, `#x`) are
 * dropped, as is every other scheme (`javascript:`, `data:`, `vbscript:`, `blob:`, `file:`, …).
 * A URL holding a space, a control or invisible character, or a backslash anywhere is dropped too,
 * since browsers strip or reinterpret those (`java\tscript:`, ` javascript:`, `/\evil.example`).
 * A dropped URL is `undefined`: the caller leaves the link or image out.
 */

export type UrlUse = 'link' | 'image';

const SCHEMES: Record<UrlUse, ReadonlySet<string>> = {
  link: new Set(['http', 'https', 'mailto', 'tel']),
  image: new Set(['http', 'https']),
};

const MAX_URL_LENGTH = 2048;
/**
 * Spaces, C0 and C1 controls, no-break and zero-width spaces, line and paragraph separators,
 * bidi controls, the byte order mark, and the backslash.
 */
const UNSAFE_CHARACTER = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff\\]/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** An http(s) URL's authority: everything between `//` and the path, query or fragment. */
const WEB_AUTHORITY = /^https?:\/\/([^/?#]*)/i;
/** Dot-separated labels; a last label that is a number makes the whole name an IPv4 address, accepted only as a.b.c.d. */
const HOST_NAME = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/i;
const NUMERIC_LABEL = /(?:^|\.)(?:0x[0-9a-f]*|\d+)$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/i;
const PORT = /^\d{1,5}$/;

/**
 * The lower-case host name of an absolute http(s) URL (`[::1]` with its brackets), or undefined
 * when it has none a browser would agree on (empty, odd characters, a bad port).
 */
export function webUrlHost(url: string): string | undefined {
  const authority = WEB_AUTHORITY.exec(url)?.[1];
  if (authority === undefined) return undefined;
  // Credentials end at the last '@', as browsers read them.
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1);
  const ipv6End = hostAndPort.startsWith('[') ? hostAndPort.indexOf(']') + 1 : 0;
  const portStart = hostAndPort.indexOf(':', ipv6End);
  const host = portStart < 0 ? hostAndPort : hostAndPort.slice(0, portStart);
  const port = portStart < 0 ? undefined : hostAndPort.slice(portStart + 1);
  if (port !== undefined && port !== '' && !PORT.test(port)) return undefined;
  const name = HOST_NAME.test(host) && (!NUMERIC_LABEL.test(host) || IPV4.test(host));
  if (!name && !IPV6.test(host)) return undefined;
  return host.toLowerCase();
}

/** `value` when it is a URL allowed for `use` (see above), else undefined. */
export function safeUrl(value: unknown, use: UrlUse): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > MAX_URL_LENGTH || UNSAFE_CHARACTER.test(value)) return undefined;
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) return value.startsWith('/') && !value.startsWith('//') ? value : undefined;
  if (!SCHEMES[use].has(scheme)) return undefined;
  if (scheme === 'http' || scheme === 'https') return webUrlHost(value) === undefined ? undefined : value;
  return value.length > scheme.length + 1 ? value : undefined;
}

/** A link's URL (http, https, mailto, tel or a same-site path), else undefined. */
export function safeLinkUrl(value: unknown): string | undefined {
  return safeUrl(value, 'link');
}

/** An image's URL (http, https or a same-site path), else undefined. */
export function safeImageUrl(value: unknown): string | undefined {
  return safeUrl(value, 'image');
}

/** An absolute http(s) URL (where a browser is sent: payment and return pages), else undefined. */
export function safeWebUrl(value: unknown): string | undefined {
  const url = safeUrl(value, 'image');
  return url !== undefined && webUrlHost(url) !== undefined ? url : undefined;
}
