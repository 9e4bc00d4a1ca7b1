import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/pool.ts';
import { findVendorByHost, type Vendor } from '../domain/vendors.ts';
import { HttpError } from './errors.ts';

export const VENDOR_NOT_FOUND = 'Vendor not found';

/** The host that names the vendor: body.host, then X-Storefront-Host, then the Host header. */
export function requestedHost(request: FastifyRequest): string {
  const body = request.body as { host?: unknown } | undefined;
  if (body && typeof body.host === 'string' && body.host.trim()) return body.host;
  const query = request.query as { host?: unknown } | undefined;
  if (query && typeof query.host === 'string' && query.host.trim()) return query.host;
  const header = request.headers['x-storefront-host'];
  if (typeof header === 'string' && header.trim()) return header;
  return request.headers.host ?? '';
}

/** Vendors change rarely and every call resolves one, so each host's row is kept this long. */
export const VENDOR_CACHE_MS = 5_000;
const vendorCache = new WeakMap<Db, Map<string, { vendor: Vendor | undefined; at: number }>>();

async function vendorForHost(db: Db, host: string): Promise<Vendor | undefined> {
  let byHost = vendorCache.get(db);
  if (!byHost) vendorCache.set(db, (byHost = new Map()));
  const cached = byHost.get(host);
  if (cached && Date.now() - cached.at < VENDOR_CACHE_MS) return cached.vendor;
  const vendor = await findVendorByHost(db, host);
  if (byHost.size > 1000) byHost.clear(); // unknown hosts must not grow it without bound
  byHost.set(host, { vendor, at: Date.now() });
  return vendor;
}

/** Resolves the vendor or returns undefined when unknown or when vendor_id disagrees with the host. */
export async function lookupVendor(db: Db, request: FastifyRequest): Promise<Vendor | undefined> {
  const vendor = await vendorForHost(db, requestedHost(request));
  if (!vendor) return undefined;
  const body = request.body as { vendor_id?: unknown } | undefined;
  const claimed = body?.vendor_id;
  if (claimed !== undefined && claimed !== null && claimed !== '' && Number(claimed) !== vendor.id) return undefined;
  return vendor;
}

/** Like lookupVendor, but refuses with HTTP 404 `{code:404,msg:'Vendor not found'}`. */
export async function requireVendor(db: Db, request: FastifyRequest): Promise<Vendor> {
  const vendor = await lookupVendor(db, request);
  if (!vendor) throw new HttpError(404, VENDOR_NOT_FOUND);
  return vendor;
}
