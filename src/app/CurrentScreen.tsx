import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { say } from '../core/i18n/messages.ts';
import { SCREEN_MESSAGES } from '../core/i18n/screen-messages.ts';
import { parseOrderId } from '../core/orders/orders.ts';
import { $route, navigate } from '../core/platform/router.ts';
import { pathAfterSignIn } from '../core/platform/routes.ts';
import { $isSignedIn } from '../core/session/session-state.ts';
import { $passwordsEnabled } from '../core/session/passwords.ts';
import { $storeFilters } from '../core/store-directory/stores.ts';
import { Banners } from '../features/discovery/Banners.tsx';
import { Brands } from '../features/discovery/Brands.tsx';
import { TagLists } from '../features/discovery/TagLists.tsx';
import { Offers } from '../features/offers/Offers.tsx';
import { StoreList } from '../features/store-list/StoreList.tsx';
import { HeadingLevel } from '../ui/headings.tsx';
import * as Screens from './screens.ts';
import { Link } from './Link.tsx';

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

/** The screen of the current route (the route table is core/platform/routes.ts). */
export function CurrentScreen({ host, layout }: { host: HTMLElement; layout?: string }) {
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
