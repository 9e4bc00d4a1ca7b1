/**
 * The two demo vendors of the e2e server (see playwright.config.ts), on port 8181.
 *
 * Chromium resolves every *.localhost name to loopback, so pages can be opened
 * on http://souq.localhost:8181. Node cannot resolve souq.localhost (glibc has
 * no such rule), so requests made from the test process (fetch, Playwright's
 * `request` fixture) go to HARBOR.origin and name the vendor with `hostHeaders()`
 * or a `host` parameter instead.
 */
export const E2E_PORT = Number(process.env.E2E_PORT) || 8181;

export interface VendorHost {
  /** Host name the server maps to the vendor (port ignored by the server). */
  host: string;
  /** Origin to open in the browser. */
  origin: string;
}

/** The first demo vendor (Harbor Eats): plain localhost. */
export const HARBOR: VendorHost = { host: 'localhost', origin: `http://localhost:${E2E_PORT}` };

/** The second demo vendor (سوق المدينة, Arabic, right-to-left). */
export const SOUQ: VendorHost = { host: 'souq.localhost', origin: `http://souq.localhost:${E2E_PORT}` };

export const VENDORS = { harbor: HARBOR, souq: SOUQ } as const;

/** Payments demo vendors, seeded where the providers' doubles run (the e2e server): Masala Street (rupees), Berliner Bäckerei (euros, German). */
export const MASALA: VendorHost = { host: 'masala.localhost', origin: `http://masala.localhost:${E2E_PORT}` };
export const BERLIN: VendorHost = { host: 'berlin.localhost', origin: `http://berlin.localhost:${E2E_PORT}` };

/** Where the test process (Node) reaches the server, whatever the vendor. */
export const API_ORIGIN = HARBOR.origin;

/** Absolute URL on a vendor's origin: `vendorUrl(SOUQ, '/demo/')`. */
export function vendorUrl(vendor: VendorHost, path = '/'): string {
  return new URL(path, vendor.origin).toString();
}

/** Headers that make an API call from Node count for `vendor`. */
export function hostHeaders(vendor: VendorHost): Record<string, string> {
  return { 'X-Storefront-Host': vendor.host };
}
