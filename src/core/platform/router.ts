import { atom } from 'nanostores';
import { shared } from './registry.ts';
import type { Route } from './routes.ts';

/**
 * Moving between the full page's screens: the current route and navigation. The route table, the guard
 * and the router that follows the address bar are in routes.ts, which only the full page loads; an
 * element on a vendor's page only asks whether the router runs and navigates (loads the address).
 */
/** Home's route: where the router starts, and the screen of an address no route matches. */
export const HOME_ROUTE: Route = { name: 'home', params: {}, path: '/' };
export const $route = shared('router.route', () => atom<Route>(HOME_ROUTE));
/** Whether the full page's router runs, and whether the current route came from a navigation (routes.ts sets both). */
export const routerState = shared('router.state', () => ({ active: false, navigated: false }));

export function isRouterActive(): boolean {
  return routerState.active;
}

/** Whether the current route came from a navigation (a link, back or forward), not from the page's first load. */
export function routeCameFromNavigation(): boolean {
  return routerState.navigated;
}

/** Goes to `path` inside the full-page app; elsewhere it loads the address. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (!routerState.active) {
    location.assign(path);
    return;
  }
  if (options.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  // A new screen starts at its top; back and forward restore the position they left (the browser's own).
  scrollTo({ top: 0 });
  dispatchEvent(new PopStateEvent('popstate'));
}

/** Full-page sign-in that comes back to `returnTo` (e.g. '/review-cart') once the customer is signed in. */
export function navigateToSignIn(returnTo?: string): void {
  navigate(returnTo ? `/sign-in?next=${encodeURIComponent(returnTo)}` : '/sign-in');
}
