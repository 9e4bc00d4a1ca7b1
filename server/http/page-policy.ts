import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { TagOrigins } from '../../contract/rules/analytics.ts';

/**
 * The Content-Security-Policy of the HTML pages this server serves from demo/: the full-page
 * storefront (app.html, for every history-mode path) and the demo host pages.
 *
 * - Scripts: this server's own files only (the bundle), plus the page file's own inline scripts
 *   by hash; no other inline script, no eval. The storefront needs no inline script.
 * - Styles: the storefront's styles are constructable stylesheets (twind's cssom sheet, adopted by
 *   each shadow root) and CSSOM style properties, which style-src does not govern, so the full
 *   page allows only its own files and its file's inline styles by hash. Pages that need inline
 *   style attributes (the demo host pages, Google Maps) get 'unsafe-inline' for styles instead.
 * - Images: this server, PUBLIC_URL, data: and blob: (image previews), and any https: address
 *   (vendors' images may be hosted anywhere).
 * - Connections: this server and PUBLIC_URL (the API).
 * - Framing: the page's own origin and the origins the vendor allows (vendors.frame_ancestors).
 * - Google Maps, for a vendor with a google_map_key: the sources Google documents for the Maps
 *   JavaScript API (its scripts use eval and blob: workers).
 * - Analytics, for a vendor whose settings name a tag: the origins Google and Meta document for
 *   that tag (contract/rules/analytics.ts), and no others.
 */
export interface PagePolicy {
  /** Origins besides the page's own that may frame it. */
  frameAncestors: readonly string[];
  /** The page may show Google Maps. */
  maps: boolean;
  /** Inline style attributes and elements are allowed (else only the file's own, by hash). */
  inlineStyles: boolean;
  /** PUBLIC_URL, where absolute links in answers point (media, the API). */
  publicUrl: string | undefined;
  /** Production: insecure subresource addresses are upgraded to https. */
  production: boolean;
  /** The vendor's social sign-in: Google Identity Services and the Facebook SDK, only where configured. */
  social?: { google: boolean; facebook: boolean } | undefined;
  /** The vendor's analytics tags' origins (contract/rules/analytics.ts), per directive. */
  analytics?: TagOrigins | undefined;
}

const MAPS_SCRIPT = ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com', 'https://*.ggpht.com', '*.googleusercontent.com', "'unsafe-eval'", 'blob:'];
// The sources Google Identity Services and the Facebook JavaScript SDK document for their sign-in.
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';
const FACEBOOK_SDK = { script: ['https://connect.facebook.net'], frame: ['https://www.facebook.com', 'https://web.facebook.com'], connect: ['https://graph.facebook.com', 'https://www.facebook.com'] };
const MAPS_CONNECT = ['https://*.googleapis.com', '*.google.com', 'https://*.gstatic.com', 'data:', 'blob:'];

/** A hash source for an inline element's text (as the browser sees it: line breaks normalised by the HTML parser). */
function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}'`;
}

/** The text of an attribute value as the HTML parser reads it (the entities a serializer writes). */
const attributeText = (value: string) =>
  value.replace(/&(quot|#39|lt|gt|amp);/g, (_, name: string) => ({ quot: '"', '#39': "'", lt: '<', gt: '>', amp: '&' })[name] ?? '');

/** What a page's inline parts hash to, as CSP sources. */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
  styleAttributes: string[];
}

/**
 * Hashes of the inline <script> (without src) and <style> elements of an HTML file, and of its style
 * attributes (a screen drawn on the server sizes its rows so), as CSP sources.
 */
export function inlineHashes(html: string): InlineHashes {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter((match) => !/\ssrc\s*=/i.test(match[1] ?? '') && !/\stype\s*=\s*"application\/(?:ld\+)?json"/i.test(match[1] ?? '') && (match[2] ?? '').trim() !== '')
    .map((match) => sha256(match[2] ?? ''));
  const styles = [...new Set([...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map((match) => sha256(match[1] ?? '')))];
  const styleAttributes = [...new Set([...html.matchAll(/<[a-z][^<>]*?\sstyle="([^"]*)"/gi)].map((match) => sha256(attributeText(match[1] ?? ''))))];
  return { scripts, styles, styleAttributes };
}

const fileHashes = new Map<string, { mtimeMs: number; hashes: InlineHashes }>();

/** inlineHashes of a file, kept until the file changes. */
export function fileInlineHashes(path: string): InlineHashes {
  const { mtimeMs } = statSync(path);
  const cached = fileHashes.get(path);
  if (cached?.mtimeMs === mtimeMs) return cached.hashes;
  const hashes = inlineHashes(readFileSync(path, 'utf8'));
  fileHashes.set(path, { mtimeMs, hashes });
  return hashes;
}

/** The Content-Security-Policy header of an HTML page whose inline elements hash to `hashes`. */
export function pageCsp(hashes: InlineHashes, policy: PagePolicy): string {
  const own = policy.publicUrl ? ["'self'", policy.publicUrl] : ["'self'"];
  const maps = (sources: string[]) => (policy.maps ? sources : []);
  const inlineStyles = policy.inlineStyles || policy.maps;
  const google = (sources: string[]) => (policy.social?.google ? sources : []);
  const facebook = (sources: string[]) => (policy.social?.facebook ? sources : []);
  const analytics = policy.analytics ?? { script: [], connect: [], img: [] };
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes.scripts, ...maps(MAPS_SCRIPT), ...google([`${GOOGLE_SIGN_IN}client`]), ...facebook(FACEBOOK_SDK.script), ...analytics.script]],
    ['script-src-attr', ["'none'"]],
    // With a hash in the list a browser ignores 'unsafe-inline', so it is one or the other.
    // Style attributes only by hash too ('unsafe-hashes'): those of a screen the server drew.
    ['style-src', [
      "'self'", ...(inlineStyles ? ["'unsafe-inline'"] : [...hashes.styles, ...(hashes.styleAttributes.length > 0 ? ["'unsafe-hashes'", ...hashes.styleAttributes] : [])]),
      ...maps(['https://fonts.googleapis.com']), ...google([`${GOOGLE_SIGN_IN}style`]),
    ]],
    ['img-src', [...own, 'data:', 'blob:', 'https:', ...maps(['*.google.com']), ...analytics.img]],
    ['font-src', ["'self'", ...maps(['https://fonts.gstatic.com'])]],
    ['connect-src', [...own, ...maps(MAPS_CONNECT), ...google([GOOGLE_SIGN_IN]), ...facebook(FACEBOOK_SDK.connect), ...analytics.connect]],
    ['frame-src', ["'self'", ...maps(['*.google.com']), ...google([GOOGLE_SIGN_IN]), ...facebook(FACEBOOK_SDK.frame)]],
    ['worker-src', ["'self'", ...maps(['blob:'])]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'", ...policy.frameAncestors]],
  ];
  const text = directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`);
  if (policy.production) text.push('upgrade-insecure-requests');
  return text.join('; ');
}
