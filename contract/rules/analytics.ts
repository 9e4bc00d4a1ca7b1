/**
 * Vendor analytics: which tags a vendor names (Google Analytics 4, Google Tag Manager, Meta Pixel), the
 * one pattern each id must match before it reaches a script address, where the tags load from and talk
 * to (the page's security policy allows those origins and no others), and whose customers are asked for
 * consent unless the vendor says otherwise. The server checks the settings by it where they enter; the
 * storefront builds each script address from it; the full page's policy lists its origins.
 */
/** What a vendor's settings say about analytics (settings.analytics; every id '' when unused). */
export interface AnalyticsSettings {
  /** Google Analytics 4 measurement id, `G-` and 4 to 16 capitals or digits ('G-A1B2C3D4E5'). */
  ga4_measurement_id: string;
  /** Google Tag Manager web container id, `GTM-` and 4 to 12 capitals or digits ('GTM-ABC1234'). */
  gtm_container_id: string;
  /** Meta Pixel id: 8 to 20 digits. */
  meta_pixel_id: string;
  /** Whether nothing is measured until the customer agrees (the banner). */
  consent_required: boolean;
  /**
   * On the vendor's own pages (the embedded elements): 'events' puts the events in the page's
   * `dataLayer` for the tags the vendor's site runs; 'tags' also loads the tags above when the page has
   * none of them. The full page always loads its tags itself.
   */
  embedded: 'events' | 'tags';
}

/** Whether the settings name any tag at all. */
export function hasAnalytics(settings: Pick<AnalyticsSettings, 'ga4_measurement_id' | 'gtm_container_id' | 'meta_pixel_id'> | undefined): boolean {
  return Boolean(settings && (settings.ga4_measurement_id || settings.gtm_container_id || settings.meta_pixel_id));
}

export const GA4_MEASUREMENT_ID = /^G-[A-Z0-9]{4,16}$/;
export const GTM_CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;
export const META_PIXEL_ID = /^[0-9]{8,20}$/;

export const NO_ANALYTICS: AnalyticsSettings = {
  ga4_measurement_id: '', gtm_container_id: '', meta_pixel_id: '', consent_required: true, embedded: 'events',
};

/**
 * Countries whose law asks for consent before analytics or advertising storage (the European Economic
 * Area, the United Kingdom and Switzerland), by their calling code, as a vendor's country is stored.
 */
const CONSENT_COUNTRIES = new Set([
  '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49',
  '350', '351', '352', '353', '354', '356', '357', '358', '359', '370', '371', '372', '385', '386', '420', '421', '423',
]);

/** Whether customers of a vendor in that country are asked for consent when the vendor does not say. */
export function consentRequiredIn(countryCallingCode: string): boolean {
  return CONSENT_COUNTRIES.has(countryCallingCode.replace(/^\+/, ''));
}

export type AnalyticsTag = 'ga4' | 'gtm' | 'meta';

/** A tag's script address, built only from an id that matches its pattern (undefined otherwise). */
export function tagScriptUrl(tag: AnalyticsTag, id: string): string | undefined {
  if (tag === 'ga4') return GA4_MEASUREMENT_ID.test(id) ? `https://www.googletagmanager.com/gtag/js?id=${id}` : undefined;
  if (tag === 'gtm') return GTM_CONTAINER_ID.test(id) ? `https://www.googletagmanager.com/gtm.js?id=${id}` : undefined;
  return META_PIXEL_ID.test(id) ? 'https://connect.facebook.net/en_US/fbevents.js' : undefined;
}

/** Origins per content security policy directive. */
export interface TagOrigins {
  script: string[];
  connect: string[];
  img: string[];
}

/** The origins each tag loads scripts from and sends to (as their vendors document them for a content security policy). */
export const TAG_ORIGINS: Record<AnalyticsTag, TagOrigins> = {
  ga4: {
    script: ['https://*.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
    img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  },
  gtm: {
    script: ['https://*.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
    img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  },
  meta: {
    script: ['https://connect.facebook.net'],
    connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
    img: ['https://www.facebook.com'],
  },
};

/** The tags the settings name, each with its id. */
export function namedTags(settings: AnalyticsSettings): Array<{ tag: AnalyticsTag; id: string }> {
  const named: Array<{ tag: AnalyticsTag; id: string }> = [];
  if (settings.ga4_measurement_id) named.push({ tag: 'ga4', id: settings.ga4_measurement_id });
  if (settings.gtm_container_id) named.push({ tag: 'gtm', id: settings.gtm_container_id });
  if (settings.meta_pixel_id) named.push({ tag: 'meta', id: settings.meta_pixel_id });
  return named;
}

/** The origins a page running these tags must allow, per directive, without repeats. */
export function tagOrigins(tags: readonly AnalyticsTag[]): TagOrigins {
  const union = (key: keyof TagOrigins) => [...new Set(tags.flatMap((tag) => TAG_ORIGINS[tag][key]))];
  return { script: union('script'), connect: union('connect'), img: union('img') };
}

/** The origins of the tags the settings name (none without settings). */
export function analyticsOrigins(settings: AnalyticsSettings | undefined): TagOrigins {
  return tagOrigins(settings ? namedTags(settings).map(({ tag }) => tag) : []);
}

/**
 * The analytics settings as stored (settings.analytics), under the rules: an id outside its pattern
 * becomes '' and is reported to `refused`; consent follows the vendor's country unless stored as a boolean.
 */
export function analyticsSettingsOf(
  stored: unknown, countryCallingCode: string, refused: (field: string, value: unknown) => void = () => {},
): AnalyticsSettings {
  const record = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const id = (key: 'ga4_measurement_id' | 'gtm_container_id' | 'meta_pixel_id', pattern: RegExp): string => {
    const value = record[key];
    if (value === undefined || value === '') return '';
    if (typeof value === 'string' && pattern.test(value)) return value;
    refused(`analytics.${key}`, value);
    return '';
  };
  return {
    ga4_measurement_id: id('ga4_measurement_id', GA4_MEASUREMENT_ID),
    gtm_container_id: id('gtm_container_id', GTM_CONTAINER_ID),
    meta_pixel_id: id('meta_pixel_id', META_PIXEL_ID),
    consent_required: typeof record.consent_required === 'boolean' ? record.consent_required : consentRequiredIn(countryCallingCode),
    embedded: record.embedded === 'tags' ? 'tags' : 'events',
  };
}
