import type { UserDetails } from '../../../contract/api/account.ts';
import type { VendorSettings } from '../../../contract/api/settings.ts';
import { safeLinkUrl } from '../../../contract/rules/urls.ts';

/** The side menu's items, in the order it shows them. */
export type SideMenuItem =
  | 'profile' | 'sign-in' | 'home' | 'subscription' | 'wallet' | 'orders' | 'address' | 'promocode' | 'faq'
  | 'report-bug' | 'privacy-terms' | 'support' | 'sign-out' | 'android-app' | 'ios-app' | 'developer';

/** Where each link of the side menu goes (the full page's routes, src/app/routes.tsx). */
export const SIDE_MENU_PATHS = {
  profile: '/profile',
  'sign-in': '/sign-in',
  home: '/',
  subscription: '/manage-subscription',
  wallet: '/wallet',
  orders: '/orders',
  address: '/address',
  promocode: '/promo-code',
  faq: '/faq',
  'report-bug': '/report-bug',
  'privacy-terms': '/pages',
  support: '/support',
} as const satisfies Partial<Record<SideMenuItem, string>>;

export interface SideMenuContext {
  settings: Pick<VendorSettings, 'subscription_status' | 'client_wallet_status' | 'support_field' | 'android_customer_app_url' | 'ios_customer_app_url' | 'show_contact_developer'> | null;
  user: UserDetails | null;
  signedIn: boolean;
  /** The embedding page hides Support (the element's hide-support attribute). */
  hideSupport?: boolean;
}

/** Support is hidden when the page asks, or when the vendor gives no phone, WhatsApp or email to reach it. */
function supportShown({ settings, hideSupport }: SideMenuContext): boolean {
  if (hideSupport) return false;
  const field = settings?.support_field;
  return Boolean(field && (field.phone.trim() || field.whatsapp.trim() || field.email.trim()));
}

/** The vendor's app-store links that may be drawn: each passes the one URL rule for links from data. */
export function appStoreLinks(settings: SideMenuContext['settings']): { android?: string | undefined; ios?: string | undefined } {
  return { android: safeLinkUrl(settings?.android_customer_app_url), ios: safeLinkUrl(settings?.ios_customer_app_url) };
}

/** The items the side menu shows for this customer and vendor (the spec's conditions). */
export function sideMenuItems(context: SideMenuContext): SideMenuItem[] {
  const { settings, signedIn } = context;
  const items: SideMenuItem[] = [signedIn ? 'profile' : 'sign-in', 'home'];
  if (signedIn && settings?.subscription_status === 1) items.push('subscription');
  if (signedIn && settings?.client_wallet_status === 'active') items.push('wallet');
  if (signedIn) items.push('orders', 'address');
  items.push('promocode', 'faq');
  if (signedIn) items.push('report-bug');
  items.push('privacy-terms');
  if (supportShown(context)) items.push('support');
  if (signedIn) items.push('sign-out');
  const apps = appStoreLinks(settings);
  if (apps.android) items.push('android-app');
  if (apps.ios) items.push('ios-app');
  if (settings?.show_contact_developer === 'Yes') items.push('developer');
  return items;
}
