import { $route, HOME_ROUTE, routerState } from './router.ts';

/**
 * The full page's routing, for any route table (the table itself is the full page's, src/app/routes.tsx):
 * matching an address to a route, the guard, following the address bar, and where sign-in returns to.
 */

/** A route of the table: its name, its path (history mode, base /, `:name` for a parameter) and how the guard treats it. */
export interface RoutePattern {
  readonly name: string;
  readonly path: string;
  /** Only for guests: a signed-in customer asking for it goes home (sign-in). */
  readonly guestOnly?: boolean;
}

export interface Route {
  name: string;
  params: Record<string, string>;
  path: string;
}

export interface GuardContext {
  signedIn: boolean;
  /** The vendor settings came back empty (unknown host). */
  settingsEmpty: boolean;
}

export interface Router {
  /** The route `pathname` shows, with its parameters, or null for an address of no route. */
  match(pathname: string): Route | null;
  /**
   * Unknown paths go to /, a signed-in customer asking for a guest-only route goes home, empty vendor
   * settings go to notfound. Returns the path to go to instead, or null.
   */
  guardRedirect(pathname: string, context: GuardContext): string | null;
  /** Full-page mode: follows the address bar, applying `resolve` (the guard) first. Returns the stop. */
  start(resolve: (pathname: string) => string | null): () => void;
  /** Where to go after signing in: the `next` of the sign-in address when it is a path of this storefront, else home. */
  pathAfterSignIn(search: string): string;
}

export function createRouter(table: readonly RoutePattern[]): Router {
  const patterns = table.map((route) => ({ route, segments: route.path === '/' ? [] : route.path.split('/').slice(1) }));

  function match(pathname: string): Route | null {
    const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
    for (const { route, segments } of patterns) {
      if (segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const matches = segments.every((segment, index) => {
        const actual = parts[index] ?? '';
        if (segment.startsWith(':')) {
          if (!actual) return false;
          params[segment.slice(1)] = decodeURIComponent(actual);
          return true;
        }
        return segment === actual;
      });
      if (matches) return { name: route.name, params, path: pathname || '/' };
    }
    return null;
  }

  function guardRedirect(pathname: string, context: GuardContext): string | null {
    const route = match(pathname);
    if (context.settingsEmpty) return route?.name === 'notfound' ? null : '/notfound';
    if (!route) return '/';
    if (context.signedIn && table.some((pattern) => pattern.name === route.name && pattern.guestOnly)) return '/';
    return null;
  }

  function start(resolve: (pathname: string) => string | null): () => void {
    routerState.active = true;
    routerState.navigated = false;
    let first = true;
    const sync = () => {
      routerState.navigated = !first;
      first = false;
      const redirect = resolve(location.pathname);
      if (redirect !== null && redirect !== location.pathname) history.replaceState(null, '', redirect + location.search);
      $route.set(match(location.pathname) ?? HOME_ROUTE);
    };
    addEventListener('popstate', sync);
    sync();
    return () => {
      routerState.active = false;
      removeEventListener('popstate', sync);
    };
  }

  function pathAfterSignIn(search: string): string {
    const next = new URLSearchParams(search).get('next') ?? '';
    // Only same-site paths: '//evil.example' or 'https://…' would leave the storefront.
    return /^\/(?![/\\])/.test(next) && match(next.split('?')[0]!) ? next : '/';
  }

  return { match, guardRedirect, start, pathAfterSignIn };
}
