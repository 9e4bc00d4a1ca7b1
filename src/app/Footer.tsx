import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import type { StaticPage, WebSettings } from '../../contract/api/settings.ts';
import { safeLinkUrl } from '../../contract/rules/urls.ts';
import { $appName, $settings } from '../core/vendor/settings.ts';

/** Footer text longer than 250 characters is cut to 210 plus an ellipsis. */
export function footerText(text: string): string {
  return text.length > 250 ? `${text.slice(0, 210)}…` : text;
}

/**
 * The Quick Links: `/pages/{slug}`, or the page's own address when it is an external link. A link
 * whose address the URL rule drops (`javascript:`, `data:`, …) is left out.
 */
export function quickLinks(pages: readonly StaticPage[] | undefined): Array<{ page: StaticPage; href: string }> {
  return (pages ?? []).flatMap((page) => {
    const href = page.is_external_link ? safeLinkUrl(page.url) : `/pages/${page.slug}`;
    return href ? [{ page, href }] : [];
  });
}

/** The social links that are set and pass the URL rule. */
export function socialLinks(web: Partial<WebSettings> | undefined): Array<[name: string, href: string]> {
  const links: Array<[string, string | undefined]> = [
    ['instagram', safeLinkUrl(web?.instagram)],
    ['facebook', safeLinkUrl(web?.facebook_link)],
    ['twitter', safeLinkUrl(web?.twitter)],
    ['youtube', safeLinkUrl(web?.youtube)],
  ];
  return links.filter((entry): entry is [string, string] => entry[1] !== undefined);
}

export function Footer() {
  const settings = useStore($settings);
  const appName = useStore($appName);
  const web = settings?.web_settings;
  const pages = quickLinks(settings?.static_pages);
  const social = socialLinks(web);
  const year = new Date().getFullYear();
  const owner = settings?.copyright_name || appName;
  return (
    <footer part="footer" className="mt-12 bg-footer px-4 py-8 text-footer-text">
      <div className="mx-auto flex max-w-6xl flex-col gap-6">
        {web?.footer_text && <p className="m-0 max-w-2xl text-sm">{footerText(web.footer_text)}</p>}
        {pages.length > 0 && (
          <nav aria-label="Quick Links">
            <h2 className="m-0 mb-2 text-sm font-semibold"><Trans>Quick Links</Trans></h2>
            <ul className="m-0 flex list-none flex-wrap gap-x-6 gap-y-2 p-0 text-sm">
              {pages.map(({ page, href }) => (
                <li key={page.slug}>
                  <a className="text-footer-text underline-offset-2 hover:underline" href={href}>
                    {page.page_name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {social.length > 0 && (
          <ul className="m-0 flex list-none gap-4 p-0 text-sm">
            {social.map(([name, url]) => (
              <li key={name}>
                <a className="capitalize text-footer-text hover:underline" href={url} rel="noopener noreferrer" target="_blank">
                  {name}
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="m-0 text-sm">
          <Trans>© {year} {owner}. All rights reserved.</Trans>
        </p>
      </div>
    </footer>
  );
}
