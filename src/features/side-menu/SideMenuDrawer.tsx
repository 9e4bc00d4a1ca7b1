import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { say } from '../../core/i18n/messages.ts';
import { SCREEN_MESSAGES } from '../../core/i18n/screen-messages.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { $isSignedIn, $user } from '../../core/session/session-state.ts';
import { appStoreLinks, SIDE_MENU_PATHS, sideMenuItems, type SideMenuItem } from '../../core/session/side-menu.ts';
import { safeLinkUrl } from '../../../contract/rules/urls.ts';
import { $moneyFormat, $settings } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { followLink } from '../../ui/links.ts';
import { SignOutDialog } from '../../ui/SignOutDialog.tsx';
import type { SideMenuProps } from './SideMenu.tsx';

const ROW = 'flex min-h-11 items-center gap-3 rounded-sf px-3 py-2 font-medium text-ink no-underline hover:bg-black/5';

function MenuLink({ href, children, part }: { href: string; children: ReactNode; part: string }) {
  return (
    <li>
      <a href={href} part={`item ${part}`} className={ROW} onClick={(event) => followLink(event, href)}>
        {children}
      </a>
    </li>
  );
}

/**
 * The side menu's drawer at the inline start with the spec's items (sideMenuItems decides which), the
 * wallet balance, Sign Out after confirmation, the store-app links and the developer credit. Its code is
 * fetched when the menu first opens (SideMenu).
 */
export function SideMenuDrawer({ host, open, close, hideSupport = false, developerUrl = '', extra }: Omit<SideMenuProps, 'open' | 'onOpenChange'> & { open: boolean; close: () => void }) {
  const { t } = useLingui();
  const settings = useStore($settings);
  const user = useStore($user);
  const signedIn = useStore($isSignedIn);
  const money = useStore($moneyFormat);
  const [confirming, setConfirming] = useState(false);
  /** A link followed in this tab closes the menu: the menu's own links and those the page adds (`extra`). */
  const closeOnLink = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link && !link.hasAttribute('target')) close();
  };
  const items = sideMenuItems({ settings, user: signedIn ? user : null, signedIn, hideSupport });
  const has = (item: SideMenuItem) => items.includes(item);
  const link = (item: keyof typeof SIDE_MENU_PATHS, label: ReactNode) =>
    has(item) && (
      <MenuLink key={item} href={SIDE_MENU_PATHS[item]} part={item}>
        {label}
      </MenuLink>
    );
  const name = user?.user_name ?? '';
  const mobile = user?.mobile_number ?? '';
  const apps = appStoreLinks(settings);
  const appLinks = [
    { item: 'android-app', part: 'android', href: apps.android, label: <Trans>Get it on Google Play</Trans> },
    { item: 'ios-app', part: 'ios', href: apps.ios, label: <Trans>Download on the App Store</Trans> },
  ] as const;
  const shownApps = appLinks.filter((app) => has(app.item));
  const developerHref = safeLinkUrl(developerUrl);

  return (
    <Dialog open={open} title={t`Menu`} onClose={close} part="drawer" placement="start">
      <Button variant="ghost" part="close" aria-label={t`Close menu`} onClick={close} className="absolute end-3 top-3 h-11 w-11 !p-0">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </Button>
      <div part="welcome" className="flex flex-col gap-1 border-b border-black/10 pb-3">
        {signedIn && user ? (
          <>
            <p className="m-0 font-semibold">{say(SCREEN_MESSAGES.welcome, { name })}</p>
            <p className="m-0 text-sm text-muted" dir="ltr" style={{ textAlign: 'start' }}>
              <bdi dir="ltr">{mobile}</bdi>
            </p>
          </>
        ) : (
          <p className="m-0 font-semibold">{t`Welcome Guest`}</p>
        )}
      </div>
      <nav aria-label={t`Menu`} onClick={closeOnLink}>
        <ul part="items" className="m-0 flex list-none flex-col gap-1 p-0">
          {link('profile', <Trans>My profile</Trans>)}
          {link('sign-in', <Trans>Sign In</Trans>)}
          {link('home', <Trans context="navigation">Home</Trans>)}
          {link('subscription', t`My Subscription`)}
          {has('wallet') &&
            link(
              'wallet',
              <>
                <span className="flex-1">{t`My Wallet`}</span>
                <span part="wallet-balance" className="text-sm text-muted">{formatPrice(user?.wallet_amount ?? 0, money)}</span>
              </>,
            )}
          {link('orders', say(SCREEN_MESSAGES.orders))}
          {link('address', say(SCREEN_MESSAGES.deliveryAddress))}
          {link('promocode', say(SCREEN_MESSAGES.promocode))}
          {link('faq', say(SCREEN_MESSAGES.faq))}
          {link('report-bug', say(SCREEN_MESSAGES.reportBug))}
          {link('privacy-terms', t`Privacy & Terms`)}
          {link('support', say(SCREEN_MESSAGES.support))}
          {has('sign-out') && (
            <li>
              <button type="button" part="item sign-out" className={`${ROW} w-full text-start`} onClick={() => setConfirming(true)}>
                {t`Sign Out`}
              </button>
            </li>
          )}
        </ul>
      </nav>
      {extra && (
        <div className="contents" onClick={closeOnLink}>
          {extra}
        </div>
      )}
      {shownApps.length > 0 && (
        <ul part="apps" className="m-0 flex list-none flex-wrap gap-2 p-0">
          {shownApps.map((app) => (
            <li key={app.item}>
              <a href={app.href} target="_blank" rel="noopener noreferrer" part={`app-link ${app.part}`} className={`${ROW} border border-black/20`}>
                {app.label}
              </a>
            </li>
          ))}
        </ul>
      )}
      {has('developer') && (
        <p part="developer" className="m-0 text-sm text-muted">
          {developerHref ? (
            <a href={developerHref} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-6 items-center text-ink underline">
              <Trans>Contact the developer</Trans>
            </a>
          ) : (
            <Trans>Contact the developer</Trans>
          )}
        </p>
      )}
      <SignOutDialog host={host} open={confirming} title={t`Sign Out`} onClose={() => setConfirming(false)} onSigningOut={close} />
    </Dialog>
  );
}
