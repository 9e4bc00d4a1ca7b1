import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { assetUrl } from '../../core/platform/config.ts';
import { appStoreLinks } from '../../core/session/side-menu.ts';
import { $appName, $settings } from '../../core/settings/settings.ts';
import { followLink } from '../../ui/links.ts';

/** A link to the vendor's app in an app store, in a new tab. */
function AppStoreLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center rounded-sf border border-black/20 px-4 py-2 font-medium text-ink no-underline hover:bg-black/5">
        {children}
      </a>
    </li>
  );
}

/**
 * landing-page: the vendor's welcome screen. The logo (or the app name), the vendor's description,
 * the sign-up picture when the vendor set one (login_signup_page_image), Order now to home, and the
 * app-store links when configured.
 */
export function Landing() {
  // Images go through assetUrl like every other: the image URL rule, resolved on the API's origin.
  const settings = useStore($settings);
  const appName = useStore($appName);
  const logo = assetUrl(settings?.app_layout?.[0]?.web_square_logo || settings?.app_logo || '');
  const picture = assetUrl(settings?.login_signup_page_image ?? '');
  const apps = appStoreLinks(settings);
  const description = settings?.web_settings?.meta_description?.trim();
  return (
    <section part="landing" className="mx-auto grid max-w-5xl items-center gap-8 py-6 md:grid-cols-2 md:py-12">
      <div className="flex flex-col items-start gap-4">
        {logo && <img src={logo} alt="" className="h-16 w-16 rounded-sf object-contain" />}
        <h1 className="m-0 text-3xl font-bold sm:text-4xl">{appName}</h1>
        {description && <p className="m-0 text-lg text-muted">{description}</p>}
        <a
          href="/"
          part="order-now"
          onClick={(event) => followLink(event, '/')}
          className="inline-flex min-h-12 items-center rounded-sf bg-button px-6 py-3 text-lg font-semibold text-button-text no-underline hover:underline"
        >
          <Trans>Order now</Trans>
        </a>
        {(apps.android || apps.ios) && (
          <ul part="apps" className="m-0 flex list-none flex-wrap gap-3 p-0">
            {apps.android && <AppStoreLink href={apps.android}><Trans>Get it on Google Play</Trans></AppStoreLink>}
            {apps.ios && <AppStoreLink href={apps.ios}><Trans>Download on the App Store</Trans></AppStoreLink>}
          </ul>
        )}
      </div>
      {picture && <img part="picture" src={picture} alt="" className="aspect-[4/3] w-full rounded-sf object-cover" />}
    </section>
  );
}
