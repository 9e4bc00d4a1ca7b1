import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { enablePageMeta, retryStorefront, takeSettingsFromPage } from '../core/bootstrap.ts';
import { applyPageMeta, settingsInPage } from '../core/settings/page-meta.ts';
import { $route, navigate } from '../core/platform/router.ts';
import { $isSignedIn, signInNavigator } from '../core/session/session-state.ts';
import { $settingsStatus } from '../core/settings/settings.ts';
import { CartDrawer } from '../features/cart-drawer/CartDrawer.tsx';
import { StoreListSkeleton } from '../features/store-list/StoreList.tsx';
import { Footer } from './Footer.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { HeadingLevel } from '../ui/headings.tsx';
import { useScreenHeading } from './useScreenHeading.ts';
import { CurrentScreen } from './CurrentScreen.tsx';
import { Header } from './Header.tsx';
import { router } from './routes.tsx';
import { ChatCorner, SubscriptionNews } from './PageCompanions.tsx';

export interface StorefrontProps {
  host: HTMLElement;
  /** Store layout on home: '1' list, '2' grid (default). */
  layout?: string;
}

// The full page's HTML carries the vendor's settings: taken as this code loads, before its island starts the storefront.
takeSettingsFromPage(settingsInPage);

/** The whole storefront as one page: header, the screen of the current route (routes.tsx), footer. */
export function Storefront({ host, layout }: StorefrontProps) {
  const status = useStore($settingsStatus);
  const signedIn = useStore($isSignedIn);
  const main = useRef<HTMLElement>(null);
  useScreenHeading(main);

  useEffect(() => {
    enablePageMeta(applyPageMeta);
    signInNavigator.set(() => navigate('/sign-in'));
    return () => signInNavigator.set(null);
  }, []);

  // The navigation guard waits for the stored state and settings, then lets navigation continue.
  useEffect(() => {
    if (status !== 'ready' && status !== 'empty') return;
    return router.start((pathname) => router.guardRedirect(pathname, { signedIn: $isSignedIn.get(), settingsEmpty: status === 'empty' }));
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
      <main ref={main} part="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {status === 'ready' || status === 'empty' ? (
          <HeadingLevel level={1}><CurrentScreen host={host} {...(layout ? { layout } : {})} /></HeadingLevel>
        ) : <StoreListSkeleton />}
      </main>
      {status === 'ready' && <Footer />}
      <CartDrawer host={host} />
      {status === 'ready' && <ChatCorner />}
      {status === 'ready' && <SubscriptionNews />}
    </div>
  );
}
