import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $chatAvailable, $intercomAppId } from '../../core/support/chat.ts';
import { supportContacts, type SupportKind } from '../../core/support/support.ts';
import { $settings } from '../../core/settings/settings.ts';
import { vendorPage } from '../../core/settings/static-pages.ts';
import { followLink } from '../../ui/links.ts';

const ICONS: Record<SupportKind, ReactNode> = {
  phone: <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2Z" />,
  whatsapp: <path d="M21 11.5a8.4 8.4 0 0 1-12.3 7.4L3 21l2.1-5.6A8.4 8.4 0 1 1 21 11.5Z" />,
  email: <><rect x="3" y="5" width="18" height="14" rx="2" /><path d="m3 7 9 6 9-6" /></>,
};

function Label({ kind }: { kind: SupportKind }) {
  switch (kind) {
    case 'phone': return <Trans>Call</Trans>;
    case 'whatsapp': return <Trans>WhatsApp</Trans>;
    case 'email': return <Trans>Email</Trans>;
  }
}

/** The support route: the vendor's phone, WhatsApp and email as links, the support chat (when on), the help page and the FAQ. */
export function Support() {
  const settings = useStore($settings);
  const contacts = supportContacts(settings);
  const help = vendorPage(settings, 'help', '', location.origin);
  const chatAvailable = useStore($chatAvailable);
  const intercom = useStore($intercomAppId);
  const chat = chatAvailable && !intercom;
  return (
    <section part="base" className="flex flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold"><Trans>Support</Trans></h1>
      {contacts.length === 0 ? (
        <p part="empty" className="m-0"><Trans>This store has not given a phone number, WhatsApp or email for support yet.</Trans></p>
      ) : (
        <>
          <p className="m-0"><Trans>Questions about an order? Reach the store here.</Trans></p>
          <ul part="contacts" className="m-0 flex list-none flex-col gap-2 p-0">
            {contacts.map((contact) => (
              <li key={contact.kind}>
                <a
                  part={`contact ${contact.kind}`}
                  href={contact.href}
                  {...(contact.kind === 'whatsapp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  className="flex min-h-11 items-center gap-3 rounded-sf border border-black/15 px-4 py-2 text-ink no-underline hover:bg-black/5"
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">{ICONS[contact.kind]}</svg>
                  <span className="font-semibold"><Label kind={contact.kind} /></span>
                  {/* Numbers and addresses keep their left-to-right order in Arabic. */}
                  <span dir="ltr" className="min-w-0 break-all">{contact.text}</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="m-0 flex flex-wrap gap-x-4 gap-y-2">
        {chat && <a part="chat-link" href="/support-chat" onClick={(event) => followLink(event, '/support-chat')} className="inline-flex min-h-6 items-center font-medium text-primary underline"><Trans>Chat with support</Trans></a>}
        <a href="/faq" onClick={(event) => followLink(event, '/faq')} className="inline-flex min-h-6 items-center font-medium text-primary underline"><Trans>Frequently asked questions</Trans></a>
        {help && <a href="/help" onClick={(event) => followLink(event, '/help')} className="inline-flex min-h-6 items-center font-medium text-primary underline"><Trans>Help</Trans></a>}
      </p>
    </section>
  );
}
