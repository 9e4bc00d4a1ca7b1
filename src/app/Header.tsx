import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { useHeight } from '../ui/useSize.ts';
import { assetUrl } from '../core/platform/config.ts';
import { say } from '../core/i18n/messages.ts';
import { SCREEN_MESSAGES } from '../core/i18n/screen-messages.ts';
import { $route, isRouterActive } from '../core/platform/router.ts';
import { $isSignedIn } from '../core/session/session-state.ts';
import { $appName, $settings } from '../core/settings/settings.ts';
import { CartButton } from '../features/cart-button/CartButton.tsx';
import { LanguageSwitcher } from '../features/language/LanguageSwitcher.tsx';
import { LocationPicker } from '../features/location/LocationPicker.tsx';
import { Offers } from '../features/offers/Offers.tsx';
import { OrderModeSwitch } from '../features/order-mode/OrderModeSwitch.tsx';
import { SideMenu } from '../features/side-menu/SideMenu.tsx';
import { StorePicker } from '../features/store-picker/StorePicker.tsx';
import * as Parts from './parts.ts';
import { routeEntry } from './routes.tsx';
import { Link } from './Link.tsx';

/**
 * The page header. Below the spec's 1024 px threshold (Tailwind's lg) it keeps the menu button, logo,
 * location and cart on one row; search, offers, language and the account links move into the side menu,
 * and on home the order-mode switch and store picker take a second row.
 */
export function Header({ host }: { host: HTMLElement }) {
  const { t } = useLingui();
  const settings = useStore($settings);
  const appName = useStore($appName);
  const signedIn = useStore($isSignedIn);
  const route = useStore($route);
  const entry = routeEntry(route);
  const logo = settings?.app_layout?.[0]?.web_horizontal_logo || settings?.app_logo;
  // Before the router has read the address the route is its default (home): nothing that belongs to
  // home alone (a second row, a modal) on that guess, or the header would change its height once it has.
  const routerActive = isRouterActive();
  const home = routerActive && route.name === 'home';
  const showsSearch = home || settings?.product_type?.id === 2;
  // What sticks below the header (the menu's categories and the cart beside it) stops at its foot.
  const headerRef = useRef<HTMLElement>(null);
  const headerHeight = useHeight(headerRef);
  useEffect(() => {
    const header = headerRef.current;
    header?.parentElement?.style.setProperty('--sf-menu-sticky-top', `${headerHeight}px`);
    // The page scrolls what takes the focus out from under the header while it sticks (WCAG 2.4.11).
    const sticky = header && getComputedStyle(header).position === 'sticky';
    document.documentElement.style.scrollPaddingTop = sticky ? `${headerHeight + 8}px` : '';
  }, [headerHeight]);
  useEffect(() => () => void (document.documentElement.style.scrollPaddingTop = ''), []);
  return (
    <header ref={headerRef} part="header" className="sf-page-header sticky top-0 z-10 border-b border-black/10 bg-white">
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
          {/* A box of fixed size, whatever the logo's shape: the header is laid out once, before the logo arrives. */}
          {logo ? <img src={assetUrl(logo)} alt={appName} className="h-8 w-28 object-contain object-left rtl:object-right sm:w-40 lg:h-9 lg:w-48" /> : appName}
        </Link>
        <div className="order-last flex w-full flex-wrap items-center gap-2 empty:hidden lg:order-none lg:w-auto lg:flex-nowrap">
          {home && <OrderModeSwitch host={host} />}
          <StorePicker host={host} variant="button" force={!entry.noStoreNeeded} />
        </div>
        <div className="flex min-w-0 flex-1 lg:flex-initial">
          <LocationPicker
            host={host}
            autoOpen={routerActive && Boolean(entry.asksLocation)}
            checkKey={route.path}
            renderAddressForm={({ open, onClose }) => <Parts.AddressFormDialog wanted={open} host={host} open={open} onClose={onClose} />}
          />
        </div>
        <nav aria-label={t`Account`} className="ms-auto hidden items-center gap-1 lg:flex">
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
