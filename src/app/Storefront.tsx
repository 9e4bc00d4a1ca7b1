import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { enablePageMeta, retryStorefront } from '../core/bootstrap.ts';
import { applyPageMeta } from '../core/settings/page-meta.ts';
import { assetUrl } from '../core/platform/config.ts';
import { say } from '../core/i18n/messages.ts';
import { SCREEN_MESSAGES } from '../core/i18n/screen-messages.ts';
import { parseOrderId } from '../core/orders/orders.ts';
import { $route, isRouterActive, navigate } from '../core/platform/router.ts';
import { NO_STORE_NEEDED_ROUTES, guardRedirect, pathAfterSignIn, startRouter } from '../core/platform/routes.ts';
import { $isSignedIn, signInNavigator } from '../core/session/session-state.ts';
import { $locale } from '../core/i18n/locale.ts';
import { listenToChannel } from '../core/realtime/channel.ts';
import { $passwordsEnabled } from '../core/session/passwords.ts';
import { $appName, $settings, $settingsStatus } from '../core/settings/settings.ts';
import { $storeFilters } from '../core/store-directory/stores.ts';
import { CartButton } from '../features/cart-button/CartButton.tsx';
import { CartDrawer } from '../features/cart-drawer/CartDrawer.tsx';
import { Banners } from '../features/discovery/Banners.tsx';
import { Brands } from '../features/discovery/Brands.tsx';
import { TagLists } from '../features/discovery/TagLists.tsx';
import { LanguageSwitcher } from '../features/language/LanguageSwitcher.tsx';
import { LocationPicker } from '../features/location/LocationPicker.tsx';
import { Offers } from '../features/offers/Offers.tsx';
import { OrderModeSwitch } from '../features/order-mode/OrderModeSwitch.tsx';
import { SideMenu } from '../features/side-menu/SideMenu.tsx';
import { StoreList, StoreListSkeleton } from '../features/store-list/StoreList.tsx';
import { StorePicker } from '../features/store-picker/StorePicker.tsx';
import { followLink } from '../ui/links.ts';
import { Footer } from './Footer.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { HeadingLevel } from '../ui/headings.tsx';
import { useScreenHeading } from './useScreenHeading.ts';
import * as Screens from './screens.ts';
import { $chatAvailable } from '../core/support/chat-availability.ts';

function Link({ href, children, className = '' }: { href: string; children: React.ReactNode; className?: string }) {
  return (
    <a
      href={href}
      className={`text-ink no-underline hover:underline ${className}`}
      onClick={(event) => followLink(event, href)}
    >
      {children}
    </a>
  );
}

/** The routes where the location modal opens by itself when no place is stored. */
const LOCATION_ROUTES: ReadonlySet<string> = new Set(['home', 'review-cart', 'subscription-cart']);

/**
 * The page header. Below the spec's 1024 px threshold (Tailwind's lg) it keeps the menu button, logo,
 * location and cart on one row; search, offers, language and the account links move into the side menu,
 * and on home the order-mode switch and store picker take a second row.
 */
function Header({ host }: { host: HTMLElement }) {
  const { t } = useLingui();
  const settings = useStore($settings);
  const appName = useStore($appName);
  const signedIn = useStore($isSignedIn);
  const route = useStore($route);
  const logo = settings?.app_layout?.[0]?.web_horizontal_logo || settings?.app_logo;
  const showsSearch = route.name === 'home' || settings?.product_type?.id === 2;
  // Before the router has read the address the route is its default (home): no modal on that guess.
  const routerActive = isRouterActive();
  return (
    <header part="header" className="sf-page-header sticky top-0 z-10 border-b border-black/10 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-2 px-2 py-2 sm:px-4 lg:flex-nowrap lg:gap-4 lg:py-3">
        <SideMenu
          host={host}
          extra={
            <div part="menu-extra" className="flex flex-col gap-2 border-t border-black/10 pt-3 lg:hidden">
              {showsSearch && (
                <Link href="/search" className="flex min-h-11 items-center rounded-sf px-3 py-2 font-medium">
                  <Trans>Search</Trans>
                </Link>
              )}
              <LanguageSwitcher host={host} />
            </div>
          }
        />
        <Link href="/" className="flex min-h-11 shrink-0 items-center gap-2 text-lg font-bold">
          {logo ? <img src={assetUrl(logo)} alt={appName} className="h-8 w-auto max-w-[7rem] object-contain sm:max-w-[10rem] lg:h-9 lg:max-w-none" /> : appName}
        </Link>
        <div className="order-last flex w-full flex-wrap items-center gap-2 empty:hidden lg:order-none lg:w-auto lg:flex-nowrap">
          {route.name === 'home' && <OrderModeSwitch host={host} />}
          <StorePicker host={host} variant="button" force={!NO_STORE_NEEDED_ROUTES.has(route.name)} />
        </div>
        <div className="flex min-w-0 flex-1 lg:flex-initial">
          <LocationPicker
            host={host}
            autoOpen={routerActive && LOCATION_ROUTES.has(route.name)}
            checkKey={route.path}
            renderAddressForm={({ open, onClose }) => <Screens.AddressFormDialog wanted={open} host={host} open={open} onClose={onClose} />}
          />
        </div>
        <nav aria-label={t`Account`} className="ms-auto hidden items-center gap-3 lg:flex">
          {showsSearch && (
            <Link href="/search" className="whitespace-nowrap rounded-sf px-3 py-2 font-medium">
              <Trans>Search</Trans>
            </Link>
          )}
          <Offers host={host} />
          <LanguageSwitcher host={host} />
          {signedIn && (
            <Link href="/orders" className="whitespace-nowrap rounded-sf px-3 py-2 font-medium">
              {say(SCREEN_MESSAGES.orders)}
            </Link>
          )}
          <Link href={signedIn ? '/profile' : '/sign-in'} className="whitespace-nowrap rounded-sf px-3 py-2 font-medium">
            {signedIn ? <Trans>My profile</Trans> : <Trans>Sign In</Trans>}
          </Link>
        </nav>
        <div className="ms-auto shrink-0 lg:ms-0">
          <CartButton host={host} />
        </div>
      </div>
    </header>
  );
}

/** The category/{category_id} route: the store list narrowed to one cuisine. */
function CategoryPage({ categoryId, layout }: { categoryId: number; layout?: string | undefined }) {
  useEffect(() => {
    if (!(Number.isInteger(categoryId) && categoryId > 0)) return;
    $storeFilters.set({ ...$storeFilters.get(), cuisineId: categoryId });
    // Leaving the category page leaves the cuisine behind, so home lists every store again.
    return () => $storeFilters.set({ ...$storeFilters.get(), cuisineId: null });
  }, [categoryId]);
  return (
    <>
      <h1 className="m-0 mb-4 text-2xl font-bold"><Trans>Stores near you</Trans></h1>
      <StoreList layout={layout ?? '2'} showFilters />
    </>
  );
}

function Page({ host, layout }: { host: HTMLElement; layout?: string }) {
  const route = useStore($route);
  const signedIn = useStore($isSignedIn);
  const passwordsEnabled = useStore($passwordsEnabled);
  switch (route.name) {
    case 'home':
      return (
        <>
          <Banners />
          <Brands />
          <h1 className="m-0 mb-4 text-2xl font-bold"><Trans>Stores near you</Trans></h1>
          <StoreList layout={layout ?? '2'} showFilters />
          <TagLists />
        </>
      );
    case 'search':
      return (
        <div className="mx-auto max-w-2xl">
          <h1 className="m-0 mb-4 text-2xl font-bold"><Trans>Search</Trans></h1>
          <Screens.Search />
        </div>
      );
    case 'restaurant':
      return <Screens.Menu host={host} store={route.params.restaurant_id ?? ''} key={route.path} />;
    case 'vendor':
      return <Screens.Menu host={host} slug={route.params.restaurant_name ?? ''} key={route.path} />;
    case 'banner-items':
      return <Screens.BannerPage bannerId={Number(route.params.banner_id)} key={route.path} />;
    case 'tag-wise-menu':
      return <Screens.TagMenu host={host} tag={new URLSearchParams(location.search).get('tag') ?? ''} />;
    case 'landing-page':
      return <Screens.Landing />;
    case 'qr':
      return <Screens.QrPage host={host} store={route.params.restaurantid ?? ''} key={route.path} />;
    case 'feedback':
      return <Screens.StoreFeedback store={route.params.restaurantid ?? ''} key={route.path} />;
    case 'address':
      return <Screens.AddressBook />;
    case 'orders':
      return (
        <div className="mx-auto max-w-2xl">
          <h1 className="m-0 mb-4 text-2xl font-bold">{say(SCREEN_MESSAGES.orders)}</h1>
          <Screens.Orders host={host} />
        </div>
      );
    case 'trackorder':
      return (
        <div className="mx-auto max-w-2xl">
          <Screens.Tracking host={host} orderId={parseOrderId(route.params.order_id)} link={new URLSearchParams(location.search).get('t') || undefined} key={route.path} />
        </div>
      );
    case 'order-details':
    case 'order-status':
    case 'rating':
      return (
        <div className="mx-auto max-w-2xl">
          <Screens.OrderView host={host} orderId={parseOrderId(route.params.order_id)} view={route.name === 'order-details' ? 'details' : route.name === 'rating' ? 'rating' : 'status'} key={route.path} />
        </div>
      );
    case 'review-cart':
    case 'payment':
    case 'payment-online':
      return (
        <Screens.Checkout
          host={host}
          step={route.name === 'review-cart' ? 'review' : route.name}
          onStep={(step) => navigate(step === 'payment' ? '/payment' : '/review-cart')}
          onPlaced={(orderId) => navigate(`/order-status/${orderId}`, { replace: true })}
          returnUrl={`${location.origin}/payment-online`}
        />
      );
    case 'promo-code':
      return (
        <div className="mx-auto max-w-2xl">
          <h1 className="m-0 mb-4 text-2xl font-bold"><Trans>Offers</Trans></h1>
          <Offers host={host} inline />
        </div>
      );
    case 'brand-items':
      return <Screens.BrandPage brandId={Number(route.params.brand_id)} key={route.path} />;
    case 'category':
      return <CategoryPage categoryId={Number(route.params.category_id)} layout={layout} />;
    case 'add-address':
      return (
        <div className="mx-auto max-w-2xl">
          <Screens.AddressForm host={host} mode="page" />
        </div>
      );
    case 'update-address': {
      const id = Number(route.params.shiping_id);
      return (
        <div className="mx-auto max-w-2xl">
          <Screens.AddressForm host={host} mode="page" addressId={Number.isInteger(id) && id > 0 ? id : undefined} key={id} />
        </div>
      );
    }
    case 'sign-in':
      return (
        <div className="mx-auto max-w-md">
          <Screens.SignIn host={host} onSignedIn={() => navigate(pathAfterSignIn(location.search), { replace: true })} />
        </div>
      );
    case 'sign-up':
      return (
        <div className="mx-auto max-w-md">
          <Screens.SignUp host={host} onSignedUp={() => navigate('/', { replace: true })} />
        </div>
      );
    case 'forgot-password':
      return (
        <div className="mx-auto max-w-md">
          <Screens.ForgotPassword onCodeSent={() => navigate('/reset-password')} />
        </div>
      );
    case 'reset-password':
      return (
        <div className="mx-auto max-w-md">
          <Screens.ResetPassword onReset={() => navigate('/sign-in', { replace: true })} />
        </div>
      );
    case 'profile':
      return (
        <div className="mx-auto max-w-md">
          <h1 className="m-0 mb-4 text-2xl font-bold"><Trans>My profile</Trans></h1>
          {signedIn ? <Screens.Profile host={host} /> : <HeadingLevel level={2}><Screens.SignIn host={host} /></HeadingLevel>}
          {signedIn && passwordsEnabled && (
            <section aria-labelledby="sf-change-password" className="mt-6 border-t border-black/10 pt-4">
              <h2 id="sf-change-password" className="m-0 mb-3 text-lg font-bold"><Trans>Change password</Trans></h2>
              <Screens.ChangePasswordForm />
            </section>
          )}
          <p className="mt-6">
            <Link href="/address" className="font-medium text-primary underline">{say(SCREEN_MESSAGES.deliveryAddress)}</Link>
            {' · '}<Link href="/orders" className="font-medium text-primary underline">{say(SCREEN_MESSAGES.orders)}</Link>
          </p>
        </div>
      );
    case 'report-bug':
      return (
        <div className="mx-auto max-w-md">
          <h1 className="m-0 mb-4 text-2xl font-bold">{say(SCREEN_MESSAGES.reportBug)}</h1>
          {signedIn ? <Screens.ReportBug /> : <HeadingLevel level={2}><Screens.SignIn host={host} /></HeadingLevel>}
        </div>
      );
    case 'faq':
      return <div className="mx-auto max-w-2xl"><Screens.Faq /></div>;
    case 'pages':
      return <div className="mx-auto max-w-2xl"><Screens.StaticPageList /></div>;
    case 'page':
      return <div className="mx-auto max-w-4xl"><Screens.StaticPage slug={route.params.page ?? ''} key={route.path} /></div>;
    case 'privacypolicy':
    case 'terms':
    case 'help':
      return <div className="mx-auto max-w-4xl"><Screens.StaticPage vendorPageName={route.name} key={route.path} /></div>;
    case 'support':
      return <div className="mx-auto max-w-2xl"><Screens.Support /></div>;
    case 'support-chat':
      return <div className="mx-auto max-w-2xl"><Screens.SupportChatScreen host={host} /></div>;
    case 'wallet':
    case 'wallet-payment':
      return (
        <div className="mx-auto max-w-2xl">
          <h1 className="m-0 mb-4 text-2xl font-bold"><Trans>My Wallet</Trans></h1>
          <Screens.Wallet host={host} returnUrl={`${location.origin}/wallet`} focusRecharge={route.name === 'wallet-payment'} key={route.name} />
        </div>
      );
    case 'subscription-cart':
      return <div className="mx-auto max-w-2xl"><Screens.SubscriptionCart onReview={() => navigate('/review-subscription')} /></div>;
    case 'review-subscription':
      return (
        <div className="mx-auto max-w-2xl">
          <Screens.ReviewSubscription onEdit={() => navigate('/subscription-cart')} onSubscribed={(id) => navigate(`/subscription-status/${id}`, { replace: true })} />
        </div>
      );
    case 'manage-subscription':
      return (
        <div className="mx-auto max-w-2xl">
          <h1 className="m-0 mb-4 text-2xl font-bold"><Trans>My Subscription</Trans></h1>
          <Screens.ManageSubscriptions statusHref="/subscription-status/{id}" />
        </div>
      );
    case 'subscription-status':
      return (
        <div className="mx-auto max-w-2xl">
          <Screens.SubscriptionStatus subscriptionId={Number(route.params.subscription_id) || 0} orderHref="/order-status/{id}" key={route.path} />
        </div>
      );
    case 'notfound':
      return (
        <div className="py-16 text-center">
          <h1 className="m-0 text-2xl font-bold"><Trans>Page not found</Trans></h1>
          <p className="text-muted"><Trans>This storefront does not exist, or the address is wrong.</Trans></p>
        </div>
      );
    default:
      return (
        <div className="py-16 text-center">
          <h1 className="m-0 text-2xl font-bold"><Trans>Coming soon</Trans></h1>
          <p className="text-muted"><Trans>This part of the storefront is not open yet.</Trans></p>
          <Link href="/" className="font-medium text-primary underline"><Trans>Back to stores</Trans></Link>
        </div>
      );
  }
}

/**
 * What the subscription schedule did, told on any screen while the customer is here (a missed delivery,
 * a day the store is closed): the live channel is followed only for a vendor with subscriptions, and the
 * subscription code is fetched when such news first comes.
 */
function SubscriptionNews() {
  const signedIn = useStore($isSignedIn);
  const offered = useStore($settings)?.subscription_status === 1;
  useEffect(() => {
    if (!signedIn || !offered) return undefined;
    return listenToChannel({
      event: (event) => {
        if (event.kind !== 'subscription_delivery') return;
        void import('../core/subscriptions/subscriptions.ts').then((module) => module.tellDelivery(event, $locale.get()));
      },
    });
  }, [signedIn, offered]);
  return null;
}

/** The support chat's launcher, on every screen but a store's menu (spec). */
function ChatCorner() {
  const route = useStore($route);
  const available = useStore($chatAvailable);
  return <Screens.SupportChatWidget wanted={available} hidden={route.name === 'restaurant' || route.name === 'support-chat'} />;
}

export interface StorefrontProps {
  host: HTMLElement;
  /** Store layout on home: '1' list, '2' grid (default). */
  layout?: string;
}

/** The whole storefront as one page: header, the routes of core/platform/router.ts, footer. */
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
    return startRouter((pathname) => guardRedirect(pathname, { signedIn: $isSignedIn.get(), settingsEmpty: status === 'empty' }));
  }, [status]);

  useEffect(() => {
    if (signedIn && $route.get().name === 'sign-in') navigate(pathAfterSignIn(location.search), { replace: true });
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
          <HeadingLevel level={1}><Page host={host} {...(layout ? { layout } : {})} /></HeadingLevel>
        ) : <StoreListSkeleton />}
      </main>
      {status === 'ready' && <Footer />}
      <CartDrawer host={host} />
      {status === 'ready' && <ChatCorner />}
      {status === 'ready' && <SubscriptionNews />}
    </div>
  );
}
