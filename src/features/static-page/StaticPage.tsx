import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { webUrlHost } from '../../../contract/rules/urls.ts';
import { $settings, $settingsStatus } from '../../core/settings/settings.ts';
import { findStaticPage, staticPageLinks, vendorPage, type ShownPage, type VendorPageName } from '../../core/settings/static-pages.ts';
import { followLink } from '../../ui/links.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { ScreenHeading } from '../../ui/headings.tsx';

const LINK = 'font-medium text-primary underline';
const H1 = 'm-0 mb-4 text-2xl font-bold';

/** The page's address opened outside the storefront, in a new tab. */
function OpenOutside({ url }: { url: string }) {
  return (
    <a part="open-outside" href={url} target="_blank" rel="noopener noreferrer" className={`inline-flex min-h-6 items-center ${LINK}`}>
      <Trans>Open in a new tab</Trans>
    </a>
  );
}

/** A page of this site in a sandboxed frame, with a skeleton until it loads; links inside open outside. */
function Framed({ page }: { page: ShownPage }) {
  const { t } = useLingui();
  // The address whose frame has loaded: another address starts unloaded, with no effect to reset it (an
  // effect could run after a quick frame's load event, and the skeleton would stay for good).
  const [loadedUrl, setLoadedUrl] = useState('');
  const loaded = loadedUrl === page.url;
  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        {!loaded && (
          <div part="skeleton" role="status" aria-busy="true" aria-label={t`Loading page`} className="absolute inset-0">
            <Skeleton className="h-full w-full" />
          </div>
        )}
        <iframe
          part="frame"
          key={page.url}
          src={page.url}
          title={page.name}
          // Its own opaque origin: no access to the storefront, no navigating it; its links may open a new tab, outside the sandbox.
          sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="strict-origin-when-cross-origin"
          loading="eager"
          onLoad={() => setLoadedUrl(page.url)}
          className="block h-[70vh] min-h-80 w-full rounded-sf border border-black/15 bg-white"
        />
      </div>
      <p className="m-0"><OpenOutside url={page.url} /></p>
    </div>
  );
}

/** A page on another site: not framed (other sites usually refuse it), opened in a new tab instead. */
function Outside({ page }: { page: ShownPage }) {
  const host = webUrlHost(page.url) ?? page.url;
  return (
    <div part="outside" className="flex flex-col gap-2">
      <p className="m-0"><Trans>This page is on another website, <bdi>{host}</bdi>.</Trans></p>
      <p className="m-0"><OpenOutside url={page.url} /></p>
    </div>
  );
}

/** A page found: its name as the heading, then the page. */
export function ShownPageView({ page }: { page: ShownPage }) {
  return (
    <article part="base" className="flex flex-col">
      <ScreenHeading part="heading" className={H1}>{page.name}</ScreenHeading>
      {page.ownSite ? <Framed page={page} /> : <Outside page={page} />}
    </article>
  );
}

function Loading() {
  const { t } = useLingui();
  return <div part="skeleton"><Skeleton label={t`Loading page`} className="h-64 w-full" /></div>;
}

function NotFound() {
  return (
    <div part="not-found" className="flex flex-col gap-2">
      <ScreenHeading className={H1}><Trans>Page not found</Trans></ScreenHeading>
      <p className="m-0"><Trans>This store has no page at this address. It may have been moved or removed.</Trans></p>
      <p className="m-0"><a href="/pages" onClick={(event) => followLink(event, '/pages')} className={LINK}><Trans>See the store's pages</Trans></a></p>
    </div>
  );
}

export interface StaticPageProps {
  /** The static page's slug (pages/{page}). */
  slug?: string;
  /** Or one of the vendor's page URLs. */
  vendorPageName?: VendorPageName;
}

/** pages/{page}, privacypolicy, terms and help: the page's name and the page; a helpful message when there is none. */
export function StaticPage({ slug, vendorPageName }: StaticPageProps) {
  const { t } = useLingui();
  const settings = useStore($settings);
  const status = useStore($settingsStatus);
  const names: Record<VendorPageName, string> = { privacypolicy: t`Privacy Policy`, terms: t`Terms & Conditions`, help: t`Help` };
  const page = vendorPageName
    ? vendorPage(settings, vendorPageName, names[vendorPageName], location.origin)
    : findStaticPage(settings, slug ?? '', location.origin);
  const missing = !page && status !== 'idle' && status !== 'loading';
  useEffect(() => {
    // The spec logs an unknown slug as a warning; the customer is shown a message as well.
    if (missing) console.warn(`Static page not found: ${vendorPageName ?? slug ?? ''}`);
  }, [missing, slug, vendorPageName]);
  if (page) return <ShownPageView page={page} />;
  if (!missing) return <Loading />;
  return <NotFound />;
}

/** The pages route: the vendor's static pages as links, then its privacy policy, terms and help where it gives their URLs. */
export function StaticPageList() {
  const { t } = useLingui();
  const settings = useStore($settings);
  const names: Record<VendorPageName, string> = { privacypolicy: t`Privacy Policy`, terms: t`Terms & Conditions`, help: t`Help` };
  const vendorPages = (Object.keys(names) as VendorPageName[])
    .filter((name) => vendorPage(settings, name, names[name], location.origin))
    .map((name) => ({ slug: `/${name}`, name: names[name], href: `/${name}`, external: false }));
  const links = [...staticPageLinks(settings), ...vendorPages];
  return (
    <section part="base" className="flex flex-col">
      <ScreenHeading className={H1}><Trans>Pages</Trans></ScreenHeading>
      {links.length === 0 ? (
        <p part="empty" className="m-0 text-muted"><Trans>This store has not published any pages yet.</Trans></p>
      ) : (
        <ul part="pages" className="m-0 flex list-none flex-col gap-1 p-0">
          {links.map((link) => (
            <li key={link.slug}>
              {link.external ? (
                <a href={link.href} target="_blank" rel="noopener noreferrer" className={`inline-flex min-h-11 items-center ${LINK}`}>
                  {link.name}<span className="sr-only"> <Trans>(opens in a new tab)</Trans></span>
                </a>
              ) : (
                <a href={link.href} onClick={(event) => followLink(event, link.href)} className={`inline-flex min-h-11 items-center ${LINK}`}>{link.name}</a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
