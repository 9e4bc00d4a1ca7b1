import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, type ComponentType } from 'react';
import { say } from '../core/i18n/messages.ts';
import { SCREEN_MESSAGES } from '../core/i18n/screen-messages.ts';
import { parseOrderId } from '../core/platform/ids.ts';
import { navigate } from '../core/platform/router.ts';
import { createRouter, type Route, type RoutePattern } from '../core/platform/routes.ts';
import { $isSignedIn } from '../core/session/session-state.ts';
import { $passwordsEnabled } from '../core/session/passwords.ts';
import type { VendorPageName } from '../core/settings/static-pages.ts';
import { $storeFilters } from '../core/store-directory/stores.ts';
import { Banners } from '../features/discovery/Banners.tsx';
import { Brands } from '../features/discovery/Brands.tsx';
import { TagLists } from '../features/discovery/TagLists.tsx';
import { Offers } from '../features/offers/Offers.tsx';
import { StoreList } from '../features/store-list/StoreList.tsx';
import { HeadingLevel } from '../ui/headings.tsx';
import { lazyScreen } from '../ui/LazyPart.tsx';
import { Link } from './Link.tsx';
import type { ServedKind } from './served-screen.ts';

/*
 * The full page's one route table: each route's name, path, how the page treats it, and its screen.
 * The router (matching, guard, sign-in's return), the header and the page's screen are all made
 * from it; adding a route is adding an entry here (and its screen in the feature's folder).
 *
 * Screens are fetched when their route is first shown (home's store list comes with the page itself).
 * Routes that share a screen share its component, so moving between them keeps the screen's state
 * (the checkout's steps) unless a `key` says otherwise.
 */

/** What a route's screen is given. */
export interface ScreenProps {
  route: Route;
  /** The full page's element (for host events and dialogs). */
  host: HTMLElement;
  /** Store layout on home and a category: '1' list, '2' grid (default). */
  layout?: string | undefined;
}

export interface RouteEntry extends RoutePattern {
  readonly Screen: ComponentType<ScreenProps>;
  /** Shown without making the customer choose a store first (account, information, support, the customer's own orders). */
  readonly noStoreNeeded?: true;
  /**
   * The server draws the screen (full page): it reads the same for everyone before its script runs, and
   * a crawler or a browser without JavaScript reads it. Its kind's module (served-screen.ts) names the
   * first calls the server makes for it and takes their answers in; fetched only by a page drawn so.
   */
  readonly served?: () => Promise<ServedKind>;
  /** The location dialog opens by itself when no address is known yet. */
  readonly asksLocation?: true;
  /** The support chat's corner launcher stays away (a store's menu has its own bar at the bottom; the chat screen is the chat). */
  readonly hidesChatLauncher?: true;
}

const Search = lazyScreen('screen-search', () => import('../features/search/Search.tsx').then((module) => module.Search));
const Menu = lazyScreen('screen-menu', () => import('./MenuScreen.tsx').then((module) => module.MenuScreen));
const BannerPage = lazyScreen('screen-banner', () => import('./BannerPage.tsx').then((module) => module.BannerPage));
const TagMenu = lazyScreen('screen-tag-menu', () => import('../features/tag-menu/TagMenu.tsx').then((module) => module.TagMenu));
const Landing = lazyScreen('screen-landing', () => import('../features/landing/Landing.tsx').then((module) => module.Landing));
const QrPage = lazyScreen('screen-qr', () => import('./QrPage.tsx').then((module) => module.QrPage));
const StoreFeedback = lazyScreen('screen-feedback', () => import('../features/feedback/StoreFeedback.tsx').then((module) => module.StoreFeedback));
const AddressBook = lazyScreen('screen-address-book', () => import('./AddressBook.tsx').then((module) => module.AddressBook));
const Orders = lazyScreen('screen-orders', () => import('../features/orders/Orders.tsx').then((module) => module.Orders));
const Tracking = lazyScreen('screen-tracking', () => import('../features/tracking/Tracking.tsx').then((module) => module.Tracking));
const OrderView = lazyScreen('screen-order', () => import('../features/orders/OrderView.tsx').then((module) => module.OrderView));
const Checkout = lazyScreen('screen-checkout', () => import('../features/checkout/Checkout.tsx').then((module) => module.Checkout));
const BrandPage = lazyScreen('screen-brand', () => import('./BrandPage.tsx').then((module) => module.BrandPage));
const AddressForm = lazyScreen('screen-address-form', () => import('../features/address-form/AddressForm.tsx').then((module) => module.AddressForm));
const SignIn = lazyScreen('screen-sign-in', () => import('../features/sign-in/SignIn.tsx').then((module) => module.SignIn));
const SignUp = lazyScreen('screen-sign-up', () => import('../features/sign-up/SignUp.tsx').then((module) => module.SignUp));
const ForgotPassword = lazyScreen('screen-forgot-password', () => import('../features/sign-in/ForgotPassword.tsx').then((module) => module.ForgotPassword));
const ResetPassword = lazyScreen('screen-reset-password', () => import('../features/sign-in/ResetPassword.tsx').then((module) => module.ResetPassword));
const Profile = lazyScreen('screen-profile', () => import('../features/profile/Profile.tsx').then((module) => module.Profile));
const ChangePasswordForm = lazyScreen('screen-password', () => import('../features/password/ChangePasswordForm.tsx').then((module) => module.ChangePasswordForm));
const ReportBug = lazyScreen('screen-report-bug', () => import('../features/report-bug/ReportBug.tsx').then((module) => module.ReportBug));
const Faq = lazyScreen('screen-faq', () => import('../features/faq/Faq.tsx').then((module) => module.Faq));
const StaticPage = lazyScreen('screen-page', () => import('../features/static-page/StaticPage.tsx').then((module) => module.StaticPage));
const StaticPageList = lazyScreen('screen-pages', () => import('../features/static-page/StaticPage.tsx').then((module) => module.StaticPageList));
const Support = lazyScreen('screen-support', () => import('../features/support/Support.tsx').then((module) => module.Support));
const Wallet = lazyScreen('screen-wallet', () => import('../features/wallet/Wallet.tsx').then((module) => module.Wallet));
const SubscriptionCart = lazyScreen('screen-subscription-cart', () => import('../features/subscriptions/SubscriptionCart.tsx').then((module) => module.SubscriptionCart));
const ReviewSubscription = lazyScreen('screen-review-subscription', () => import('../features/subscriptions/ReviewSubscription.tsx').then((module) => module.ReviewSubscription));
const ManageSubscriptions = lazyScreen('screen-subscriptions', () => import('../features/subscriptions/Subscriptions.tsx').then((module) => module.ManageSubscriptions));
const SubscriptionStatus = lazyScreen('screen-subscription', () => import('../features/subscriptions/Subscriptions.tsx').then((module) => module.SubscriptionStatus));
const SupportChatScreen = lazyScreen('screen-support-chat', () => import('../features/support-chat/SupportChat.tsx').then((module) => module.SupportChatScreen));

const Home = ({ layout }: ScreenProps) => (
  <>
    <Banners />
    <Brands />
    <h1 className="m-0 mb-4 text-2xl font-bold"><Trans>Stores near you</Trans></h1>
    <StoreList layout={layout ?? '2'} showFilters />
    <TagLists />
  </>
);

/** The category/{category_id} route: the store list narrowed to one cuisine. */
function CategoryScreen({ route, layout }: ScreenProps) {
  const categoryId = Number(route.params.category_id);
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

/** The order's three views (details, status, rating) are one screen; each address opens it afresh. */
const OrderScreen = ({ route, host }: ScreenProps) => (
  <div className="mx-auto max-w-2xl">
    <OrderView host={host} orderId={parseOrderId(route.params.order_id)} view={route.name === 'order-details' ? 'details' : route.name === 'rating' ? 'rating' : 'status'} key={route.path} />
  </div>
);

/** The checkout's steps (review, payment, back from an online payment) are one screen, which keeps its state between them. */
const CheckoutScreen = ({ route, host }: ScreenProps) => (
  <Checkout
    host={host}
    step={route.name === 'review-cart' ? 'review' : route.name === 'payment' ? 'payment' : 'payment-online'}
    onStep={(step) => navigate(step === 'payment' ? '/payment' : '/review-cart')}
    onPlaced={(orderId) => navigate(`/order-status/${orderId}`, { replace: true })}
    returnUrl={`${location.origin}/payment-online`}
  />
);

/** One of the vendor's own pages named by the spec (privacy policy, terms, help), read from the settings. */
const vendorPage = (name: VendorPageName) => () => <div className="mx-auto max-w-4xl"><StaticPage vendorPageName={name} /></div>;

const WalletScreen = ({ route, host }: ScreenProps) => (
  <div className="mx-auto max-w-2xl">
    <h1 className="m-0 mb-4 text-2xl font-bold"><Trans>My Wallet</Trans></h1>
    <Wallet host={host} returnUrl={`${location.origin}/wallet`} focusRecharge={route.name === 'wallet-payment'} key={route.name} />
  </div>
);

function ProfileScreen({ host }: ScreenProps) {
  const signedIn = useStore($isSignedIn);
  const passwordsEnabled = useStore($passwordsEnabled);
  return (
    <div className="mx-auto max-w-md">
      <h1 className="m-0 mb-4 text-2xl font-bold"><Trans>My profile</Trans></h1>
      {signedIn ? <Profile host={host} /> : <HeadingLevel level={2}><SignIn host={host} /></HeadingLevel>}
      {signedIn && passwordsEnabled && (
        <section aria-labelledby="sf-change-password" className="mt-6 border-t border-black/10 pt-4">
          <h2 id="sf-change-password" className="m-0 mb-3 text-lg font-bold"><Trans>Change password</Trans></h2>
          <ChangePasswordForm />
        </section>
      )}
      <p className="mt-6">
        <Link href="/address" className="font-medium text-primary underline">{say(SCREEN_MESSAGES.deliveryAddress)}</Link>
        {' · '}<Link href="/orders" className="font-medium text-primary underline">{say(SCREEN_MESSAGES.orders)}</Link>
      </p>
    </div>
  );
}

function ReportBugScreen({ host }: ScreenProps) {
  const signedIn = useStore($isSignedIn);
  return (
    <div className="mx-auto max-w-md">
      <h1 className="m-0 mb-4 text-2xl font-bold">{say(SCREEN_MESSAGES.reportBug)}</h1>
      {signedIn ? <ReportBug /> : <HeadingLevel level={2}><SignIn host={host} /></HeadingLevel>}
    </div>
  );
}

/** An address the storefront does not serve: the vendor's settings came back empty (unknown host). */
const NotFound = () => (
  <div className="py-16 text-center">
    <h1 className="m-0 text-2xl font-bold"><Trans>Page not found</Trans></h1>
    <p className="text-muted"><Trans>This storefront does not exist, or the address is wrong.</Trans></p>
  </div>
);

const narrow = 'mx-auto max-w-md';
const column = 'mx-auto max-w-2xl';

// The modules of the screens the server draws, fetched by the pages drawn so (served-screen.ts).
const servedHome = () => import('./served-home.ts').then((module) => module.servedHome);
const servedMenu = () => import('./served-menu.ts').then((module) => module.servedMenu);
const servedFaq = () => import('./served-faq.ts').then((module) => module.servedFaq);
const settingsOnly = () => import('./served-screen.ts').then((module) => module.SETTINGS_ONLY);

/** The route table (history mode, base /). */
export const ROUTES: readonly RouteEntry[] = [
  // Account, information and support: reachable before choosing a store.
  {
    name: 'sign-in', path: '/sign-in', guestOnly: true, noStoreNeeded: true,
    Screen: ({ host }) => <div className={narrow}><SignIn host={host} onSignedIn={() => navigate(router.pathAfterSignIn(location.search), { replace: true })} /></div>,
  },
  { name: 'sign-up', path: '/sign-up', noStoreNeeded: true, Screen: ({ host }) => <div className={narrow}><SignUp host={host} onSignedUp={() => navigate('/', { replace: true })} /></div> },
  { name: 'profile', path: '/profile', noStoreNeeded: true, Screen: ProfileScreen },
  { name: 'faq', path: '/faq', served: servedFaq, noStoreNeeded: true, Screen: () => <div className={column}><Faq /></div> },
  { name: 'report-bug', path: '/report-bug', noStoreNeeded: true, Screen: ReportBugScreen },
  { name: 'privacypolicy', path: '/privacypolicy', served: settingsOnly, noStoreNeeded: true, Screen: vendorPage('privacypolicy') },
  { name: 'terms', path: '/terms', served: settingsOnly, noStoreNeeded: true, Screen: vendorPage('terms') },
  { name: 'help', path: '/help', served: settingsOnly, noStoreNeeded: true, Screen: vendorPage('help') },
  { name: 'support', path: '/support', noStoreNeeded: true, Screen: () => <div className={column}><Support /></div> },
  { name: 'forgot-password', path: '/forgot-password', noStoreNeeded: true, Screen: () => <div className={narrow}><ForgotPassword onCodeSent={() => navigate('/reset-password')} /></div> },
  { name: 'reset-password', path: '/reset-password', noStoreNeeded: true, Screen: () => <div className={narrow}><ResetPassword onReset={() => navigate('/sign-in', { replace: true })} /></div> },
  { name: 'wallet', path: '/wallet', noStoreNeeded: true, Screen: WalletScreen },
  { name: 'wallet-payment', path: '/wallet-payment', noStoreNeeded: true, Screen: WalletScreen },
  { name: 'notfound', path: '/notfound', noStoreNeeded: true, Screen: NotFound },
  { name: 'support-chat', path: '/support-chat', noStoreNeeded: true, hidesChatLauncher: true, Screen: ({ host }) => <div className={column}><SupportChatScreen host={host} /></div> },
  { name: 'page', path: '/pages/:page', served: settingsOnly, noStoreNeeded: true, Screen: ({ route }) => <div className="mx-auto max-w-4xl"><StaticPage slug={route.params.page ?? ''} key={route.path} /></div> },
  { name: 'pages', path: '/pages', served: settingsOnly, noStoreNeeded: true, Screen: () => <div className={column}><StaticPageList /></div> },
  // Shopping.
  { name: 'home', path: '/', served: servedHome, asksLocation: true, Screen: Home },
  { name: 'landing-page', path: '/landing-page', Screen: () => <Landing /> },
  { name: 'vendor', path: '/vendor/:restaurant_name', served: servedMenu, Screen: ({ route, host }) => <Menu host={host} slug={route.params.restaurant_name ?? ''} key={route.path} /> },
  { name: 'restaurant', path: '/restaurant/:restaurant_id', served: servedMenu, hidesChatLauncher: true, Screen: ({ route, host }) => <Menu host={host} store={route.params.restaurant_id ?? ''} key={route.path} /> },
  {
    name: 'promo-code', path: '/promo-code',
    Screen: ({ host }) => (
      <div className={column}>
        <h1 className="m-0 mb-4 text-2xl font-bold"><Trans>Offers</Trans></h1>
        <Offers host={host} inline />
      </div>
    ),
  },
  { name: 'banner-items', path: '/banner-items/:banner_id', Screen: ({ route }) => <BannerPage bannerId={Number(route.params.banner_id)} key={route.path} /> },
  {
    name: 'search', path: '/search',
    Screen: () => (
      <div className={column}>
        <h1 className="m-0 mb-4 text-2xl font-bold"><Trans>Search</Trans></h1>
        <Search />
      </div>
    ),
  },
  { name: 'category', path: '/category/:category_id', Screen: CategoryScreen },
  { name: 'qr', path: '/qr/:restaurantid', Screen: ({ route, host }) => <QrPage host={host} store={route.params.restaurantid ?? ''} key={route.path} /> },
  { name: 'feedback', path: '/feedback/:restaurantid', Screen: ({ route }) => <StoreFeedback store={route.params.restaurantid ?? ''} key={route.path} /> },
  { name: 'brand-items', path: '/brand-items/:brand_id', Screen: ({ route }) => <BrandPage brandId={Number(route.params.brand_id)} key={route.path} /> },
  { name: 'tag-wise-menu', path: '/tag-wise-menu', Screen: ({ host }) => <TagMenu host={host} tag={new URLSearchParams(location.search).get('tag') ?? ''} /> },
  // Addresses.
  { name: 'address', path: '/address', Screen: () => <AddressBook /> },
  { name: 'add-address', path: '/add-address', Screen: ({ host }) => <div className={column}><AddressForm host={host} mode="page" /></div> },
  {
    name: 'update-address', path: '/update-address/:shiping_id',
    Screen: ({ route, host }) => {
      const id = Number(route.params.shiping_id);
      return <div className={column}><AddressForm host={host} mode="page" addressId={Number.isInteger(id) && id > 0 ? id : undefined} key={id} /></div>;
    },
  },
  // Orders and subscriptions. Coming back from a payment page or following a link to an order shows it, whatever store is chosen.
  {
    name: 'orders', path: '/orders', noStoreNeeded: true,
    Screen: ({ host }) => (
      <div className={column}>
        <h1 className="m-0 mb-4 text-2xl font-bold">{say(SCREEN_MESSAGES.orders)}</h1>
        <Orders host={host} />
      </div>
    ),
  },
  { name: 'order-details', path: '/order-details/:order_id', noStoreNeeded: true, Screen: OrderScreen },
  { name: 'order-status', path: '/order-status/:order_id', noStoreNeeded: true, Screen: OrderScreen },
  { name: 'rating', path: '/rating/:order_id', noStoreNeeded: true, Screen: OrderScreen },
  { name: 'review-cart', path: '/review-cart', asksLocation: true, Screen: CheckoutScreen },
  { name: 'payment', path: '/payment', Screen: CheckoutScreen },
  {
    name: 'trackorder', path: '/trackorder/:order_id', noStoreNeeded: true,
    Screen: ({ route, host }) => (
      <div className={column}>
        <Tracking host={host} orderId={parseOrderId(route.params.order_id)} link={new URLSearchParams(location.search).get('t') || undefined} key={route.path} />
      </div>
    ),
  },
  { name: 'payment-online', path: '/payment-online', Screen: CheckoutScreen },
  {
    name: 'review-subscription', path: '/review-subscription',
    Screen: () => (
      <div className={column}>
        <ReviewSubscription onEdit={() => navigate('/subscription-cart')} onSubscribed={(id) => navigate(`/subscription-status/${id}`, { replace: true })} />
      </div>
    ),
  },
  { name: 'subscription-cart', path: '/subscription-cart', asksLocation: true, Screen: () => <div className={column}><SubscriptionCart onReview={() => navigate('/review-subscription')} /></div> },
  {
    name: 'manage-subscription', path: '/manage-subscription',
    Screen: () => (
      <div className={column}>
        <h1 className="m-0 mb-4 text-2xl font-bold"><Trans>My Subscription</Trans></h1>
        <ManageSubscriptions statusHref="/subscription-status/{id}" />
      </div>
    ),
  },
  {
    name: 'subscription-status', path: '/subscription-status/:subscription_id',
    Screen: ({ route }) => <div className={column}><SubscriptionStatus subscriptionId={Number(route.params.subscription_id) || 0} orderHref="/order-status/{id}" key={route.path} /></div>,
  },
];

/** The full page's router over the table. */
export const router = createRouter(ROUTES);

const BY_NAME: ReadonlyMap<string, RouteEntry> = new Map(ROUTES.map((entry) => [entry.name, entry]));
const HOME = BY_NAME.get('home')!;

/** The table's entry of `route` (home's for a name the table does not have). */
export function routeEntry(route: Pick<Route, 'name'>): RouteEntry {
  return BY_NAME.get(route.name) ?? HOME;
}
