import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BoundedCache } from '../bounded-cache.ts';
import type { Db } from '../db/pool.ts';
import { findVendorByHost, pickLanguage, type Vendor, type VendorSettingWarning } from '../modules/vendors/domain/vendors.ts';
import { HttpError } from './errors.ts';

export const VENDOR_NOT_FOUND = 'Vendor not found';

declare module 'fastify' {
  interface FastifyRequest {
    /** The vendor the request is for; reading it on an unknown host answers 404 'Vendor not found'. */
    readonly vendor: Vendor;
    /** The vendor, or null when the host names none. */
    readonly knownVendor: Vendor | null;
    /** The language to answer in: the asked `is_langauge` when the vendor offers it, else the vendor's default. */
    readonly lang: string;
  }
}

/**
 * A field every call may carry, read from a body or query of any call: this plugin serves all
 * routes, so it reads the shared fields of the contract (host, vendor_id, is_langauge) by name.
 */
function sharedField(source: unknown, name: 'host' | 'vendor_id' | 'is_langauge'): unknown {
  return typeof source === 'object' && source !== null ? Reflect.get(source, name) : undefined;
}

function nonBlank(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

const HOST_INVALID = 'The host name is not valid';

/** A host name (with a port or a scheme) is at most this long and holds no control characters. */
const HOST_TEXT = /^[^\u0000-\u001f\u007f]{0,300}$/;

function namedHost(request: FastifyRequest): string {
  const named = nonBlank(sharedField(request.body, 'host')) ?? nonBlank(sharedField(request.query, 'host'));
  if (named) return named;
  const header = request.headers['x-storefront-host'];
  if (typeof header === 'string' && header.trim()) return header;
  return request.headers.host ?? '';
}

/**
 * The host that names the vendor: body.host, then query host, then X-Storefront-Host, then the Host header.
 * One that cannot be a host name (control characters, absurd length) answers 400: every route's schema
 * checks its own `host`, but a query may carry one its schema does not name.
 */
export function requestedHost(request: FastifyRequest): string {
  const host = namedHost(request);
  if (!HOST_TEXT.test(host)) throw new HttpError(400, HOST_INVALID);
  return host;
}

/**
 * The vendor whose page is asked for (the full page, robots.txt, sitemap.xml): by the Host header alone,
 * since a page's address names its vendor, from the same cache as the API's; none for an unknown host.
 */
export async function vendorOfPage(db: Db, request: FastifyRequest): Promise<Vendor | undefined> {
  const host = request.headers.host ?? '';
  return HOST_TEXT.test(host) ? vendorForHost(db, host, request) : undefined;
}

/**
 * The vendor a request names as the API's calls do (a `host` in its query, else X-Storefront-Host, else its
 * Host header): the render endpoint, which a vendor's own server asks for its page.
 */
export async function vendorNamed(db: Db, request: FastifyRequest): Promise<Vendor | undefined> {
  return vendorForHost(db, requestedHost(request), request);
}

/**
 * The page's own origin (its scheme, host and port), for addresses that must point at the page itself
 * (its canonical link, the sitemap's entries); undefined when the Host header is no plain host and port.
 */
export function pageOrigin(request: FastifyRequest): string | undefined {
  const host = (request.headers.host ?? '').toLowerCase();
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  try {
    const url = new URL(`${protocol}://${host}`);
    // A port the scheme implies (`:80` for http) is dropped from url.host.
    const named = host.replace(protocol === 'https' ? /:443$/ : /:80$/, '');
    if (url.host !== named || url.pathname !== '/' || url.username || url.password) return undefined;
    // On PUBLIC_URL's host name, PUBLIC_URL itself: a Host header cannot change its scheme or port.
    const configured = request.server.runtime.publicUrl ? new URL(request.server.runtime.publicUrl) : undefined;
    return configured?.hostname === url.hostname ? configured.origin : url.origin;
  } catch {
    return undefined;
  }
}

/** A stored setting refused when a vendor is loaded is logged, so the vendor's data can be mended. */
export function settingWarning(request: FastifyRequest): VendorSettingWarning {
  return (problem) => request.log.warn(problem, 'stored vendor setting refused');
}

/** Vendors change rarely and every call resolves one, so each host's row is kept this long. */
export const VENDOR_CACHE_MS = 5_000;
/** The most hosts kept per database: any host can be named in a request, and unknown ones are kept too. */
export const KEPT_HOSTS_MAX = 1_000;
const vendorCache = new WeakMap<Db, BoundedCache<string, { vendor: Vendor | undefined }>>();

/** Forgets every vendor kept for this database (a test fixture changed one). */
export function forgetVendors(db: Db): void {
  vendorCache.delete(db);
}

async function vendorForHost(db: Db, host: string, request: FastifyRequest): Promise<Vendor | undefined> {
  let byHost = vendorCache.get(db);
  if (!byHost) vendorCache.set(db, (byHost = new BoundedCache(KEPT_HOSTS_MAX, VENDOR_CACHE_MS)));
  const cached = byHost.get(host);
  if (cached) return cached.vendor;
  const vendor = await findVendorByHost(db, host, settingWarning(request));
  byHost.set(host, { vendor });
  return vendor;
}

/** The vendor of the request's host, or null when unknown or when a sent vendor_id disagrees with the host. */
async function lookupVendor(db: Db, request: FastifyRequest): Promise<Vendor | null> {
  const vendor = await vendorForHost(db, requestedHost(request), request);
  if (!vendor) return null;
  const claimed = sharedField(request.body, 'vendor_id');
  if (claimed !== undefined && claimed !== null && claimed !== '' && Number(claimed) !== vendor.id) return null;
  return vendor;
}

const resolved = new WeakMap<FastifyRequest, Vendor | null>();

function askedLanguage(request: FastifyRequest): unknown {
  return sharedField(request.body, 'is_langauge') ?? sharedField(request.query, 'is_langauge');
}

/**
 * Resolves the vendor once per request, after the request is checked and before its handler:
 * `request.vendor`, `request.knownVendor` and `request.lang` in every route of the context it is registered in.
 */
export const vendorContext = fp(async (app: FastifyInstance, options: { db: Db }) => {
  app.decorateRequest('knownVendor', {
    getter(this: FastifyRequest): Vendor | null {
      const vendor = resolved.get(this);
      if (vendor === undefined) throw new Error('The vendor is read before it was resolved (a route outside the vendor context?)');
      return vendor;
    },
  });
  app.decorateRequest('vendor', {
    getter(this: FastifyRequest): Vendor {
      const vendor = this.knownVendor;
      if (!vendor) throw new HttpError(404, VENDOR_NOT_FOUND);
      return vendor;
    },
  });
  app.decorateRequest('lang', {
    getter(this: FastifyRequest): string {
      return pickLanguage(this.vendor, askedLanguage(this));
    },
  });
  app.addHook('preHandler', async (request) => {
    resolved.set(request, await lookupVendor(options.db, request));
  });
}, { name: 'vendor-context' });
