import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { enablePageMeta, retryStorefront, startStorefront, takeSettingsFromPage } from '../core/bootstrap.ts';
import { applyPageMeta, settingsInPage } from '../core/settings/page-meta.ts';
import { LOCALE_PARAM, localeOfAddress, SAVED_LOCALE_COOKIE } from '../../contract/rules/page-locale.ts';
import { $locale, $savedLocale } from '../core/i18n/locale.ts';
import { $route, isRouterActive, navigate } from '../core/platform/router.ts';
import { $isSignedIn, signInNavigator } from '../core/session/session-state.ts';
import { $settingsStatus } from '../core/settings/settings.ts';
import { CartDrawer } from '../features/cart-drawer/CartDrawer.tsx';
import { StoreListSkeleton } from '../features/store-list/StoreList.tsx';
import { Footer } from './Footer.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { HeadingLevel } from '../ui/headings.tsx';
import { preloadParts } from '../ui/LazyPart.tsx';
import { useScreenHeading } from './useScreenHeading.ts';
import { CurrentScreen } from './CurrentScreen.tsx';
import { Header } from './Header.tsx';
import { router, routeEntry } from './routes.tsx';
import { ChatCorner, SubscriptionNews } from './PageCompanions.tsx';
import { AppStatus } from './parts.ts';
import { isInstallablePage } from '../core/installed-app/installable.ts';

export interface StorefrontProps {
  host: HTMLElement;
  /** Store layout on home: '1' list, '2' grid (default). */
  layout?: string;
}

// The full page's HTML carries the vendor's settings: taken as this code loads, before its island starts the storefront.
takeSettingsFromPage(settingsInPage);
// A language the address names (a shared link, a search engine's alternate: `?lang=ar`) is the one the server
// drew the page in: the storefront takes it as the customer's choice, before it chooses its language.
const addressedLocale = typeof location === 'undefined' ? undefined : localeOfAddress(location.search);
if (addressedLocale) $savedLocale.set(addressedLocale);

/** The customer's chosen language, for the server as well: the page it sends next opens in it, and an address that names a language names this one. */
function keepLocaleForServer(locale: string): void {
  document.cookie = `${SAVED_LOCALE_COOKIE}=${locale}; path=/; max-age=${locale ? 31_536_000 : 0}; samesite=lax`;
  const address = new URL(location.href);
  const named = address.searchParams.get(LOCALE_PARAM);
  if (locale && named !== null && named !== locale) {
    address.searchParams.set(LOCALE_PARAM, locale);
    history.replaceState(history.state, '', address);
  }
}

let stopRouter: (() => void) | null = null;

/** Starts the router over the address bar (once): the guard waits for the stored state and settings. */
function startRouter(): () => void {
  stopRouter ??= router.start((pathname) =>
    router.guardRedirect(pathname, { signedIn: $isSignedIn.get(), settingsEmpty: $settingsStatus.get() === 'empty' }));
  return () => {
    stopRouter?.();
    stopRouter = null;
  };
}

/**
 * Before the storefront takes over a screen the server drew (define-island.tsx): the settings and the
 * language, the route, the screen's code and the answers the page came with, so its first drawing is the
 * server's, moving nothing.
 */
export async function prepareServedPage(): Promise<void> {
  await startStorefront();
  const status = $settingsStatus.get();
  if (status !== 'ready' && status !== 'empty') return;
  startRouter();
  // Its code comes only to pages the server drew: the data block's reader, and the screen's kind.
  const { servedScreenInPage } = await import('./served-screen.ts');
  const screen = servedScreenInPage();
  if (!screen) return;
  const route = $route.get();
  // With the code of what the server drew: the screen's, and the parts that come with their own code.
  const [kind] = await Promise.all([routeEntry(route).served?.(), preloadParts(screen.parts)]);
  // Answers in another language than the one the customer chose (asked for again) are left to the screen's own loads.
  if (screen.lang === $locale.get()) kind?.take(route, screen);
}

/** The whole storefront as one page: header, the screen of the current route (routes.tsx), footer. */
export function Storefront({ host, layout }: StorefrontProps) {
  const status = useStore($settingsStatus);
  const signedIn = useStore($isSignedIn);
  const main = useRef<HTMLElement>(null);
  // Subscribed so the page draws again once the router has read the address (its first route).
  useStore($route);
  const routed = isRouterActive();
  useScreenHeading(main);

  useEffect(() => {
    enablePageMeta(applyPageMeta);
    const keepLocale = $savedLocale.subscribe(keepLocaleForServer);
    signInNavigator.set(() => navigate('/sign-in'));
    return () => {
      keepLocale();
      signInNavigator.set(null);
    };
  }, []);

  // The navigation guard waits for the stored state and settings, then lets navigation continue. Started
  // before the browser paints (a layout effect): the first frame drawn with the settings is already the
  // address's screen, with its own header, so nothing moves once the route is known.
  useLayoutEffect(() => {
    if (status !== 'ready' && status !== 'empty') return;
    return startRouter();
  }, [status]);

  useEffect(() => {
    if (signedIn && $route.get().name === 'sign-in') navigate(router.pathAfterSignIn(location.search), { replace: true });
  }, [signedIn]);

  if (status === 'failed') {
    return (
      <LoadFailed onRetry={() => void retryStorefront()} className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center" />
    );
  }
  return (
    <div className="flex min-h-screen flex-col bg-white">
      {status === 'empty' ? null : <Header host={host} />}
      {/* At least a screen high: the footer starts below the first screen, so a screen whose content arrives
          after the first paint (a menu, the store list) moves nothing the customer sees (layout shift 0). */}
      <main ref={main} part="main" className="mx-auto min-h-screen w-full max-w-6xl flex-1 px-4 py-6">
        {/* The screen once the router has read the address: never home's screen (and its calls) on its default guess. */}
        {(status === 'ready' || status === 'empty') && routed ? (
          <HeadingLevel level={1}><CurrentScreen host={host} {...(layout ? { layout } : {})} /></HeadingLevel>
        ) : <StoreListSkeleton />}
      </main>
      {status === 'ready' && <Footer />}
      <CartDrawer host={host} />
      {status === 'ready' && <ChatCorner />}
      {status === 'ready' && <SubscriptionNews />}
      {/* Last, so taking over a screen the server drew (which it never draws) moves nothing before it. */}
      {status === 'ready' && <AppStatus wanted={isInstallablePage()} />}
    </div>
  );
}
