import { SideMenu } from '../src/features/side-menu/SideMenu.tsx';
import { InlineRoom } from '../src/ui/Skeleton.tsx';
import { defineIsland, useOpenAttribute } from './define-island.tsx';

/**
 * The side menu: a menu button and a drawer at the inline start (the right in Arabic). Its items follow the
 * customer and the vendor: Welcome with name and mobile and My profile when signed in, else Welcome Guest with
 * Sign In; Home; My Subscription (signed in, subscriptions on); My Wallet with the balance (signed in, wallet
 * active); Orders and Delivery Address (signed in); Promocode; FAQ; Report a Bug (signed in); Privacy & Terms;
 * Support (when the vendor gives a phone, WhatsApp or email, unless `hide-support`); Sign Out after confirmation;
 * the Android and iOS app links when configured; the developer credit when the vendor shows it. The links are
 * the storefront's routes (`/orders`, `/faq`, …) on this site. Focus stays in the drawer while it is open,
 * Escape closes it and focus returns to the menu button.
 *
 * @tag sf-side-menu
 * @attr {boolean} open - Present while the drawer is open; set or remove it to open or close the drawer.
 * @attr {boolean} hide-support - Leaves Support out of the menu (any value but "false").
 * @attr {string} developer-url - Where the developer credit links to; without it the credit is plain text.
 * @prop {boolean} open - Reflects the `open` attribute.
 * @event sf-sign-out - The customer signed out from the menu. `detail: { reason: 'user' }`.
 * @csspart base - The island's root.
 * @csspart menu-button - The button that opens the drawer.
 * @csspart drawer - The side panel (a native dialog).
 * @csspart close - The close button.
 * @csspart welcome - The welcome lines (name and mobile, or Welcome Guest).
 * @csspart items - The list of links.
 * @csspart item - Each link or button of the list; each also has its own part: `profile`, `sign-in`, `home`, `subscription`, `wallet`, `orders`, `address`, `promocode`, `faq`, `report-bug`, `privacy-terms`, `support`, `sign-out`.
 * @csspart wallet-balance - The wallet balance beside My Wallet.
 * @csspart apps - The store-app links (`app-link`, with `android` or `ios`).
 * @csspart developer - The developer credit.
 * @csspart confirm-dialog - The Sign Out confirmation.
 * @csspart confirm-sign-out - Its confirming button.
 */
export interface SfSideMenuAttributes {
  developerUrl?: string;
  /** A boolean attribute: the island passes its text (undefined when bare), so the render reads the attribute itself. */
  hideSupport?: string;
}

/** The drawer's open state is the host's `open` attribute. */
function HostSideMenu({ host, hideSupport, developerUrl }: { host: HTMLElement; hideSupport: boolean; developerUrl?: string | undefined }) {
  const [open, onOpenChange] = useOpenAttribute(host);
  return <SideMenu host={host} open={open} onOpenChange={onOpenChange} hideSupport={hideSupport} {...(developerUrl ? { developerUrl } : {})} />;
}

defineIsland<SfSideMenuAttributes>({
  tag: 'sf-side-menu',
  openProperty: true,
  display: 'inline',
  placeholder: <InlineRoom width={44} height={44} />,
  attributes: { developerUrl: 'string', hideSupport: 'string' },
  render: ({ host, developerUrl, hideSupport }) => (
    // A bare attribute is empty text, which the island passes as undefined: read the attribute itself.
    <HostSideMenu host={host} hideSupport={host.hasAttribute('hide-support') && hideSupport !== 'false'} developerUrl={developerUrl} />
  ),
});

