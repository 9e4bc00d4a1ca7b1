import { useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { footerText, quickLinks, socialLinks, type QuickLinkName, type SocialName } from '../core/settings/footer.ts';
import { emitHostEvent } from '../core/platform/host-events.ts';
import { $appName, $settings } from '../core/settings/settings.ts';
import { followLink } from '../ui/links.ts';

/** 24 x 24 outline icons (stroke `currentColor`, so forced colours and the footer text colour apply). */
const SOCIAL_ICONS: Record<SocialName, React.ReactNode> = {
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
    </>
  ),
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  twitter: (
    <path d="M23 3a10.9 10.9 0 0 1-3.14 1.53 4.48 4.48 0 0 0-7.86 3v1A10.66 10.66 0 0 1 3 4s-4 9 5 13a11.64 11.64 0 0 1-7 2c9 5 20 0 20-11.5a4.5 4.5 0 0 0-.08-.83A7.72 7.72 0 0 0 23 3z" />
  ),
  youtube: (
    <>
      <path d="M22.54 6.42a2.78 2.78 0 0 0-1.94-2C18.88 4 12 4 12 4s-6.88 0-8.6.46a2.78 2.78 0 0 0-1.94 2A29 29 0 0 0 1 11.75a29 29 0 0 0 .46 5.33A2.78 2.78 0 0 0 3.4 19c1.72.46 8.6.46 8.6.46s6.88 0 8.6-.46a2.78 2.78 0 0 0 1.94-2 29 29 0 0 0 .46-5.25 29 29 0 0 0-.46-5.33z" />
      <path d="m9.75 15.02 5.75-3.27-5.75-3.27v6.54z" />
    </>
  ),
};

export function Footer() {
  const { t } = useLingui();
  const settings = useStore($settings);
  const appName = useStore($appName);
  const web = settings?.web_settings;
  const links = quickLinks(settings);
  const social = socialLinks(web);
  const year = new Date().getFullYear();
  // 'Harbor Eats Inc.' already ends the sentence: the line's own full stop is not doubled ('Inc..').
  const owner = (settings?.copyright_name || appName).replace(/[.。]+$/, '');
  const linkLabels: Record<QuickLinkName, string> = {
    about: t`About us`,
    terms: t`Terms & Conditions`,
    refund: t`Refund Policy`,
    support: t`Support`,
    shipping: t`Shipping & Delivery`,
    privacy: t`Privacy Policy`,
    faq: t`FAQ`,
  };
  const socialLabels: Record<SocialName, string> = {
    instagram: t`Instagram`,
    facebook: t`Facebook`,
    twitter: t`Twitter`,
    youtube: t`YouTube`,
  };
  return (
    <footer part="footer" className="mt-12 bg-footer px-4 py-8 text-start text-footer-text">
      <div className="mx-auto flex min-w-0 max-w-6xl flex-col gap-6">
        {web?.footer_text && <p className="m-0 max-w-2xl break-words text-sm">{footerText(web.footer_text)}</p>}
        {links.length > 0 && (
          <nav aria-labelledby="sf-footer-quick-links">
            <h2 id="sf-footer-quick-links" className="m-0 mb-2 text-sm font-semibold">{t`Quick Links`}</h2>
            <ul className="m-0 flex list-none flex-wrap gap-x-6 gap-y-1 p-0 text-sm">
              {links.map(({ name, href, external }) => (
                <li key={name}>
                  <a
                    className="inline-flex min-h-[1.5rem] items-center py-1 text-footer-text underline-offset-2 hover:underline"
                    href={href}
                    data-link={name}
                    {...(external
                      ? { rel: 'noopener noreferrer', target: '_blank' }
                      : { onClick: (event: React.MouseEvent<HTMLAnchorElement>) => followLink(event, href) })}
                  >
                    {linkLabels[name]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {social.length > 0 && (
          <ul aria-label={t`Follow us`} className="m-0 flex list-none flex-wrap gap-2 p-0">
            {social.map(({ name, href }) => (
              <li key={name}>
                <a
                  className="inline-flex h-11 w-11 items-center justify-center rounded-full text-footer-text hover:bg-white/10 focus-visible:outline focus-visible:outline-2"
                  href={href}
                  aria-label={socialLabels[name]}
                  data-social={name}
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                    {SOCIAL_ICONS[name]}
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        )}
        {settings?.analytics && (
          <button
            type="button"
            part="privacy-settings"
            onClick={() => emitHostEvent('sf-consent-open', {})}
            className="inline-flex min-h-[1.5rem] items-center self-start py-1 text-sm text-footer-text underline underline-offset-2"
          >
            {t`Privacy settings`}
          </button>
        )}
        <p className="m-0 text-sm">{t`© ${year} ${owner}. All rights reserved.`}</p>
      </div>
    </footer>
  );
}
