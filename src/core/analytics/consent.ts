/**
 * The customer's say over analytics: what they chose (remembered per vendor on this browser), or what
 * decides for them — their browser's Global Privacy Control (a refusal), the host page's own consent
 * manager (followed as it is), or a vendor that needs no consent. Until one of these speaks, nothing is
 * measured and the banner asks.
 */
import { atom } from 'nanostores';
import { shared } from '../platform/registry.ts';

export interface ConsentChoice {
  /** Measurement (Google Analytics: analytics_storage). */
  analytics: boolean;
  /** Advertising (Google's ad_storage, ad_user_data, ad_personalization; the Meta Pixel). */
  marketing: boolean;
}

/** Who decided: the customer (the banner or the settings), their browser (GPC), the host page's consent manager, or the vendor (none needed). */
export type ConsentSource = 'customer' | 'browser' | 'host' | 'vendor';

export interface Consent {
  /** null until decided. */
  choice: ConsentChoice | null;
  /** Who decided; 'asking' while the banner asks the customer; null until analytics has started. */
  source: ConsentSource | 'asking' | null;
}

export const $consent = shared('analytics.consent', () => atom<Consent>({ choice: null, source: null }));

/**
 * The consent settings are open: from the banner's Settings, `<sf-consent settings-button>`, or the page's
 * `sf-consent-open` event (the full page's footer sends it).
 */
export const $consentSettingsOpen = shared('analytics.consent.settings', () => atom(false));

export const REFUSED: ConsentChoice = { analytics: false, marketing: false };
export const ACCEPTED: ConsentChoice = { analytics: true, marketing: true };

/** A remembered choice is asked again after about 13 months, as European regulators advise. */
export const CONSENT_MAX_AGE_DAYS = 395;

/** Where a vendor's choice is kept on this browser (the consent record itself, needed to honour it). */
export function consentKey(vendorId: number): string {
  return `sf-consent:${vendorId}`;
}

/** The remembered choice, or null when there is none, it is unreadable, or it is too old. */
export function readConsent(text: string | null, now: number): ConsentChoice | null {
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as { analytics?: unknown; marketing?: unknown; at?: unknown };
    const at = typeof stored.at === 'string' ? Date.parse(stored.at) : NaN;
    if (typeof stored.analytics !== 'boolean' || typeof stored.marketing !== 'boolean' || !(now - at < CONSENT_MAX_AGE_DAYS * 86_400_000)) return null;
    return { analytics: stored.analytics, marketing: stored.marketing };
  } catch {
    return null;
  }
}

export function writeConsent(choice: ConsentChoice, now: number): string {
  return JSON.stringify({ ...choice, at: new Date(now).toISOString() });
}

/** Whether a dataLayer entry is a gtag command (its arguments object, or an array). */
export function isCommand(entry: unknown): entry is ArrayLike<unknown> {
  return Array.isArray(entry) || Object.prototype.toString.call(entry) === '[object Arguments]';
}

/**
 * The consent a host page set with gtag's consent commands in its dataLayer (its defaults, then each
 * update), or null when it set none: then the page has no consent manager of its own we can follow.
 */
export function gtagConsentOf(layer: readonly unknown[]): ConsentChoice | null {
  let state: Record<string, unknown> | null = null;
  for (const entry of layer) {
    if (!isCommand(entry) || entry[0] !== 'consent' || (entry[1] !== 'default' && entry[1] !== 'update')) continue;
    const values = entry[2];
    if (typeof values === 'object' && values !== null) state = { ...(state ?? {}), ...(values as Record<string, unknown>) };
  }
  return state && { analytics: state.analytics_storage === 'granted', marketing: state.ad_storage === 'granted' };
}

/** The parts of an IAB TCF v2 consent record read here. */
export interface TcfData {
  gdprApplies?: boolean;
  eventStatus?: string;
  purpose?: { consents?: Record<string, boolean> };
}

/**
 * A TCF consent manager's record as a choice: measurement needs purposes 1 (store information on a
 * device) and 8 (measure content performance); advertising needs 1, 3 and 4 (personalised advertising
 * profiles and their use). Where GDPR does not apply, the manager asks nothing and both are allowed.
 */
export function tcfConsentOf(data: TcfData): ConsentChoice {
  if (data.gdprApplies === false) return ACCEPTED;
  const consents = data.purpose?.consents ?? {};
  const given = (...purposes: number[]) => purposes.every((purpose) => consents[purpose] === true);
  return { analytics: given(1, 8), marketing: given(1, 3, 4) };
}

/** The Consent Mode v2 state of a choice (denied for each signal not given). */
export function consentModeOf(choice: ConsentChoice | null): Record<string, 'granted' | 'denied'> {
  const state = (given: boolean | undefined) => (given ? 'granted' : 'denied');
  return {
    analytics_storage: state(choice?.analytics),
    ad_storage: state(choice?.marketing),
    ad_user_data: state(choice?.marketing),
    ad_personalization: state(choice?.marketing),
  };
}
