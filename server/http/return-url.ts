import type { FastifyRequest } from 'fastify';
import { DEFAULT_HOST, isUrlOnHosts } from '../../contract/rules/hosts.ts';
import { safeWebUrl, webUrlHost } from '../../contract/rules/urls.ts';
import { baseUrl } from '../context.ts';
import { InputError } from '../errors.ts';
import { vendorHosts } from '../modules/vendors/domain/vendors.ts';
import type { PaymentProvider } from '../modules/payments/providers/provider.ts';
import { TEST_PROVIDER } from '../modules/payments/providers/test-provider.ts';

/**
 * The vendor's payment provider (settings.payment_provider), when this server runs it: the test provider
 * only where test payments are on, Stripe only for a vendor with a Stripe account.
 */
export function vendorProvider(request: FastifyRequest): Promise<PaymentProvider | undefined> {
  return request.server.runtime.payments.provider(request.vendor.id, String(request.vendor.settings.payment_provider ?? TEST_PROVIDER));
}

/**
 * Where the hosted payment page sends the customer back: only to the vendor's own sites, its hosts
 * (vendor_hosts) and the host of the configured public URL (PUBLIC_URL), on any port; never to another
 * site (no open redirect).
 * - return_url, when sent, must be an http(s) address on one of them, else the call is refused (422);
 * - else the calling page's origin (the Origin header) when it is on one of them;
 * - else the public URL or this request's own origin, when on one of the vendor's hosts;
 * - else the vendor's primary host.
 */
export async function returnUrl(request: FastifyRequest, asked: string | undefined): Promise<string> {
  const publicUrl = request.server.runtime.publicUrl;
  const publicHost = publicUrl === undefined ? undefined : webUrlHost(publicUrl);
  const vendorOwn = await vendorHosts(request.server.db, request.vendor.id);
  const own = publicHost === undefined ? vendorOwn : [...vendorOwn, publicHost];
  if (asked) {
    if (safeWebUrl(asked) === undefined) throw InputError.on('return_url', 'return_url must be an http(s) address');
    if (!isUrlOnHosts(asked, own)) throw InputError.on('return_url', 'return_url must be on the storefront\'s own site');
    return asked;
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string' && isUrlOnHosts(origin, own)) return new URL('/', origin).href;
  const base = baseUrl(request);
  if (isUrlOnHosts(base, vendorOwn)) return `${base}/`;
  return `${request.protocol}://${vendorOwn[0] ?? DEFAULT_HOST}/`;
}
