/**
 * What a vendor's settings say about analytics, and whether they name any tag: the one question every
 * page asks before it fetches the analytics code (the rest of the rule is contract/rules/analytics.ts).
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
