import { describe, expect, it } from 'vitest';
import { CONSENT_MAX_AGE_DAYS, consentModeOf, gtagConsentOf, readConsent, tcfConsentOf, writeConsent } from './consent.ts';

const DAY = 86_400_000;

describe('the customer\'s consent', () => {
  it('is remembered about 13 months, then asked again; an unreadable record asks again', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    const record = writeConsent({ analytics: true, marketing: false }, now);
    expect(readConsent(record, now + 30 * DAY)).toEqual({ analytics: true, marketing: false });
    expect(readConsent(record, now + (CONSENT_MAX_AGE_DAYS + 1) * DAY)).toBeNull();
    for (const bad of [null, '', '{', '"yes"', '{"analytics":"true","marketing":false,"at":"2026-11-28T10:00:00Z"}', '{"analytics":true,"marketing":true}']) {
      expect(readConsent(bad, now)).toBeNull();
    }
  });

  it("follows a host page's gtag consent commands, defaults then updates, and only when it set some", () => {
    // gtag's dataLayer entries are arguments objects.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the values are read through arguments
    function args(..._values: unknown[]): IArguments {
      // eslint-disable-next-line prefer-rest-params
      return arguments;
    }
    expect(gtagConsentOf([])).toBeNull();
    expect(gtagConsentOf([args('js', new Date()), { event: 'gtm.js' }])).toBeNull();
    const layer = [args('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied' })];
    expect(gtagConsentOf(layer)).toEqual({ analytics: false, marketing: false });
    layer.push(args('consent', 'update', { analytics_storage: 'granted' }));
    expect(gtagConsentOf(layer)).toEqual({ analytics: true, marketing: false });
    expect(gtagConsentOf([['consent', 'update', { ad_storage: 'granted' }]])).toEqual({ analytics: false, marketing: true });
  });

  it("reads a TCF consent manager's purposes: measurement 1 and 8, advertising 1, 3 and 4", () => {
    expect(tcfConsentOf({ gdprApplies: false })).toEqual({ analytics: true, marketing: true });
    expect(tcfConsentOf({ gdprApplies: true, purpose: { consents: { 1: true, 8: true } } })).toEqual({ analytics: true, marketing: false });
    expect(tcfConsentOf({ gdprApplies: true, purpose: { consents: { 1: true, 3: true, 4: true } } })).toEqual({ analytics: false, marketing: true });
    expect(tcfConsentOf({ gdprApplies: true, purpose: { consents: { 8: true, 3: true, 4: true } } })).toEqual({ analytics: false, marketing: false });
    expect(tcfConsentOf({ gdprApplies: true })).toEqual({ analytics: false, marketing: false });
  });

  it('tells Consent Mode v2 every signal, denied unless given', () => {
    expect(consentModeOf(null)).toEqual({ analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
    expect(consentModeOf({ analytics: true, marketing: false })).toEqual({ analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
  });
});
