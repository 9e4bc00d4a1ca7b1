import { safeWebUrl, webUrlHost } from './urls.ts';

/**
 * The vendor is known by the host name its storefront runs on. On a developer's machine the
 * page's host is a loopback address; all of them stand for one fixed host, `localhost`.
 */
export const DEFAULT_HOST = 'localhost';

const LOOPBACK_ADDRESSES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

/** A loopback name or address (brackets around IPv6 allowed). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_ADDRESSES.has(hostname.toLowerCase());
}

/** The host a page names its vendor by: a loopback name, or none (a page opened from a file), is DEFAULT_HOST. */
export function vendorHost(hostname: string): string {
  return hostname === '' || isLoopbackHost(hostname) ? DEFAULT_HOST : hostname;
}

/** Whether `hostname` is one of `hosts`, letter case ignored and every loopback name counting as DEFAULT_HOST. */
export function isOneOfHosts(hostname: string, hosts: readonly string[]): boolean {
  if (hostname === '') return false;
  const wanted = vendorHost(hostname.toLowerCase());
  return hosts.some((host) => host !== '' && vendorHost(host.toLowerCase()) === wanted);
}

/** Whether `url` is an absolute http(s) URL (see safeWebUrl) on one of `hosts`, whatever its port. */
export function isUrlOnHosts(url: string, hosts: readonly string[]): boolean {
  const host = safeWebUrl(url) === undefined ? undefined : webUrlHost(url);
  return host !== undefined && isOneOfHosts(host, hosts);
}
