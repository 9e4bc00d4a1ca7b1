import { ConsentBanner } from '../src/features/consent/ConsentBanner.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The customer's say over the vendor's analytics (docs/analytics.md), and the entry of vendor analytics:
 * the page adds it by itself, at the start of the body, for a vendor whose settings name an analytics tag
 * (place one yourself to choose where it lives in the DOM). While the customer has not chosen and no
 * consent manager of the host page speaks for them, it shows a banner with Accept all, Reject all and
 * Settings; the settings switch measurement and marketing one by one. The full page's footer opens the
 * settings again ("Privacy settings"); on your own pages, place `<sf-consent settings-button>` where
 * customers look for it (your footer) to give them the same button.
 *
 * @attr {boolean} settings-button - Shows a "Privacy settings" button that opens the settings (any value but "false").
 * @tag sf-consent
 * @csspart base - The island's root.
 * @csspart banner - The banner, fixed at the bottom of the window.
 * @csspart banner-actions - The banner's buttons.
 * @csspart accept - Accept all.
 * @csspart reject - Reject all.
 * @csspart settings - Opens the settings.
 * @csspart settings-dialog - The settings dialog.
 * @csspart measure - The measurement switch (a checkbox).
 * @csspart marketing - The marketing switch (a checkbox).
 * @csspart save - Saves the switches as they are.
 * @csspart accept-all - Accept all, in the settings.
 * @csspart reject-all - Reject all, in the settings.
 * @csspart settings-button - The "Privacy settings" button (with `settings-button`).
 * @csspart browser-refuses - Said instead of the switches when the browser's Global Privacy Control refuses.
 * @cssprop --sf-color-primary - The privacy policy link.
 * @cssprop --sf-radius - Corner radius.
 */
export interface SfConsentAttributes {
  /** A boolean attribute: the island passes its text (undefined when bare), so the render reads the attribute itself. */
  settingsButton?: string;
}

defineIsland<SfConsentAttributes>({
  tag: 'sf-consent',
  display: 'block',
  attributes: { settingsButton: 'string' },
  render: ({ host, settingsButton }) => <ConsentBanner settingsButton={host.hasAttribute('settings-button') && settingsButton !== 'false'} />,
});
