/**
 * The vendor is known by the host name its storefront runs on. On a developer's machine the
 * page's host is a loopback name; all of them stand for one fixed host, `localhost`.
 */
export const DEFAULT_HOST = 'localhost';

const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['', 'localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname.toLowerCase());
}

/** The host a page (or a request) names its vendor by: loopback names become DEFAULT_HOST. */
export function vendorHost(hostname: string): string {
  return isLoopbackHost(hostname) ? DEFAULT_HOST : hostname;
}
