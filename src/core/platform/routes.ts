import { $route, routerState } from './router.ts';

/** The static group of the route table: account, information and support screens. */
const STATIC_GROUP = [
  ['sign-in', '/sign-in'], ['sign-up', '/sign-up'], ['profile', '/profile'], ['faq', '/faq'],
  ['report-bug', '/report-bug'], ['privacypolicy', '/privacypolicy'], ['terms', '/terms'], ['help', '/help'],
  ['support', '/support'], ['forgot-password', '/forgot-password'], ['reset-password', '/reset-password'],
  ['wallet', '/wallet'], ['wallet-payment', '/wallet-payment'], ['notfound', '/notfound'],
  ['support-chat', '/support-chat'], ['page', '/pages/:page'], ['pages', '/pages'],
] as const;

/** The route table (history mode, base /). */
export const ROUTES = [
  ...STATIC_GROUP,
  // shopping group
  ['home', '/'], ['landing-page', '/landing-page'], ['vendor', '/vendor/:restaurant_name'],
  ['restaurant', '/restaurant/:restaurant_id'], ['promo-code', '/promo-code'], ['banner-items', '/banner-items/:banner_id'],
  ['search', '/search'], ['category', '/category/:category_id'], ['qr', '/qr/:restaurantid'],
  ['feedback', '/feedback/:restaurantid'], ['brand-items', '/brand-items/:brand_id'], ['tag-wise-menu', '/tag-wise-menu'],
  // address group
  ['address', '/address'], ['add-address', '/add-address'], ['update-address', '/update-address/:shiping_id'],
  // order group
  ['orders', '/orders'], ['order-details', '/order-details/:order_id'], ['order-status', '/order-status/:order_id'],
  ['rating', '/rating/:order_id'], ['review-cart', '/review-cart'], ['payment', '/payment'],
  ['trackorder', '/trackorder/:order_id'], ['payment-online', '/payment-online'], ['review-subscription', '/review-subscription'],
  ['subscription-cart', '/subscription-cart'], ['manage-subscription', '/manage-subscription'],
  ['subscription-status', '/subscription-status/:subscription_id'],
] as const;

export type RouteName = (typeof ROUTES)[number][0];

/** The names of the static group: screens a customer must reach before choosing a store (support, FAQ, account). */
export const STATIC_ROUTES: ReadonlySet<RouteName> = new Set(STATIC_GROUP.map(([name]) => name));

/**
 * Screens that never make the customer choose a store first: the static group, and the customer's own
 * orders (coming back from a payment page or following a link to an order must show it, whatever store is chosen).
 */
export const NO_STORE_NEEDED_ROUTES: ReadonlySet<RouteName> = new Set([
  ...STATIC_ROUTES, 'orders', 'order-details', 'order-status', 'rating', 'trackorder',
]);

export interface Route {
  name: RouteName;
  params: Record<string, string>;
  path: string;
}

export function matchRoute(pathname: string): Route | null {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  for (const [name, pattern] of ROUTES) {
    const expected = pattern === '/' ? [] : pattern.split('/').slice(1);
    if (expected.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = expected.every((segment, index) => {
      const actual = parts[index] ?? '';
      if (segment.startsWith(':')) {
        if (!actual) return false;
        params[segment.slice(1)] = decodeURIComponent(actual);
        return true;
      }
      return segment === actual;
    });
    if (matches) return { name, params, path: pathname || '/' };
  }
  return null;
}

export interface GuardContext {
  signedIn: boolean;
  /** The vendor settings came back empty (unknown host). */
  settingsEmpty: boolean;
}

/**
 * Unknown paths go to /, a signed-in customer asking for sign-in goes
 * home, empty vendor settings go to notfound. Returns the path to go to instead, or null.
 */
export function guardRedirect(pathname: string, context: GuardContext): string | null {
  const route = matchRoute(pathname);
  if (context.settingsEmpty) return route?.name === 'notfound' ? null : '/notfound';
  if (!route) return '/';
  if (route.name === 'sign-in' && context.signedIn) return '/';
  return null;
}

/** Full-page mode: follows the address bar. `resolve` applies the guard. */
export function startRouter(resolve: (pathname: string) => string | null): () => void {
  routerState.active = true;
  routerState.navigated = false;
  let first = true;
  const sync = () => {
    routerState.navigated = !first;
    first = false;
    const redirect = resolve(location.pathname);
    if (redirect !== null && redirect !== location.pathname) history.replaceState(null, '', redirect + location.search);
    $route.set(matchRoute(location.pathname) ?? { name: 'home', params: {}, path: '/' });
  };
  addEventListener('popstate', sync);
  sync();
  return () => {
    routerState.active = false;
    removeEventListener('popstate', sync);
  };
}

/** Where to go after signing in: the `next` of the sign-in address when it is a path of this storefront, else home. */
export function pathAfterSignIn(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  // Only same-site paths: '//evil.example' or 'https://…' would leave the storefront.
  return /^\/(?![/\\])/.test(next) && matchRoute(next.split('?')[0]!) ? next : '/';
}
