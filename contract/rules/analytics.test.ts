import { describe, expect, it } from 'vitest';
import { analyticsOrigins, analyticsSettingsOf, consentRequiredIn, hasAnalytics, NO_ANALYTICS, tagScriptUrl } from './analytics.ts';

describe('vendor analytics settings', () => {
  it('takes ids only by their documented patterns, and names every one it refuses', () => {
    const refused: string[] = [];
    const settings = analyticsSettingsOf(
      { ga4_measurement_id: 'G-A1B2C3D4E5', gtm_container_id: 'GTM-ABC"><script>', meta_pixel_id: '1234567890123456' },
      '1', (field) => refused.push(field),
    );
    expect(settings).toMatchObject({ ga4_measurement_id: 'G-A1B2C3D4E5', gtm_container_id: '', meta_pixel_id: '1234567890123456' });
    expect(refused).toEqual(['analytics.gtm_container_id']);
    for (const hostile of ['g-abcd1234', 'G-ABC', 'G-ABCD1234/../../x', ' G-ABCD1234', 'G-ABCD1234\n', 42, { id: 'G-ABCD' }]) {
      const seen: unknown[] = [];
      expect(analyticsSettingsOf({ ga4_measurement_id: hostile }, '1', (_, value) => seen.push(value)).ga4_measurement_id).toBe('');
      expect(seen).toEqual([hostile]);
    }
    expect(analyticsSettingsOf({ meta_pixel_id: '12345678901234567890123' }, '1').meta_pixel_id).toBe('');
  });

  it('asks for consent in the countries whose law wants it unless the vendor says, and pushes only events on its own pages unless asked', () => {
    expect(consentRequiredIn('49')).toBe(true); // Germany
    expect(consentRequiredIn('+33')).toBe(true); // France
    expect(consentRequiredIn('44')).toBe(true); // United Kingdom
    expect(consentRequiredIn('1')).toBe(false); // United States
    expect(consentRequiredIn('971')).toBe(false); // United Arab Emirates
    expect(analyticsSettingsOf({}, '49')).toEqual({ ...NO_ANALYTICS, consent_required: true });
    expect(analyticsSettingsOf({}, '1').consent_required).toBe(false);
    expect(analyticsSettingsOf({ consent_required: true }, '1').consent_required).toBe(true);
    expect(analyticsSettingsOf({ consent_required: false }, '49').consent_required).toBe(false);
    expect(analyticsSettingsOf({ consent_required: 'no' }, '49').consent_required).toBe(true);
    expect(analyticsSettingsOf(null, '1').embedded).toBe('events');
    expect(analyticsSettingsOf({ embedded: 'tags' }, '1').embedded).toBe('tags');
    expect(analyticsSettingsOf({ embedded: 'everything' }, '1').embedded).toBe('events');
    expect(hasAnalytics(analyticsSettingsOf({}, '1'))).toBe(false);
    expect(hasAnalytics(analyticsSettingsOf({ meta_pixel_id: '12345678' }, '1'))).toBe(true);
  });

  it('builds each script address from a checked id only, and lists the origins a page must allow for the tags named', () => {
    expect(tagScriptUrl('ga4', 'G-A1B2C3D4E5')).toBe('https://www.googletagmanager.com/gtag/js?id=G-A1B2C3D4E5');
    expect(tagScriptUrl('gtm', 'GTM-ABC1234')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234');
    expect(tagScriptUrl('meta', '1234567890')).toBe('https://connect.facebook.net/en_US/fbevents.js');
    expect(tagScriptUrl('ga4', 'G-A1&x=1')).toBeUndefined();
    expect(tagScriptUrl('meta', 'abc')).toBeUndefined();
    expect(analyticsOrigins(undefined)).toEqual({ script: [], connect: [], img: [] });
    const google = analyticsOrigins({ ...NO_ANALYTICS, ga4_measurement_id: 'G-A1B2C3D4E5', gtm_container_id: 'GTM-ABC1234' });
    expect(google.script).toEqual(['https://*.googletagmanager.com']);
    expect(google.connect).toContain('https://*.google-analytics.com');
    expect(google.connect.join(' ')).not.toContain('facebook');
    const meta = analyticsOrigins({ ...NO_ANALYTICS, meta_pixel_id: '1234567890' });
    expect(meta).toEqual({ script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com', 'https://connect.facebook.net'], img: ['https://www.facebook.com'] });
  });
});
