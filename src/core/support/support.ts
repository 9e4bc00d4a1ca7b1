/**
 * The support contacts of the settings' support_field as links: phone (tel:), WhatsApp
 * (https://wa.me/ and the number's digits) and email (mailto:), each through the URL rule.
 * A contact whose link the rule refuses, or that is empty, is left out.
 */
import type { VendorSettings } from '../../../contract/api/settings.ts';
import { safeLinkUrl } from '../../../contract/rules/urls.ts';

export type SupportKind = 'phone' | 'whatsapp' | 'email';

export interface SupportContact {
  kind: SupportKind;
  /** What the customer reads: the number or address as the vendor wrote it. */
  text: string;
  href: string;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** A phone number's dialable form: a leading + and its digits; undefined without 5 to 15 digits. */
export function dialable(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 5 || digits.length > 15) return undefined;
  return `${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/** The contacts the vendor gives, in the order phone, WhatsApp, email. */
export function supportContacts(settings: Partial<Pick<VendorSettings, 'support_field'>> | null | undefined): SupportContact[] {
  const field = settings?.support_field;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const contacts: SupportContact[] = [];
  const phone = text(field?.phone);
  const phoneNumber = dialable(phone);
  const phoneHref = phoneNumber && safeLinkUrl(`tel:${phoneNumber}`);
  if (phoneHref) contacts.push({ kind: 'phone', text: phone, href: phoneHref });
  const whatsapp = text(field?.whatsapp);
  const whatsappNumber = dialable(whatsapp);
  const whatsappHref = whatsappNumber && safeLinkUrl(`https://wa.me/${whatsappNumber.replace('+', '')}`);
  if (whatsappHref) contacts.push({ kind: 'whatsapp', text: whatsapp, href: whatsappHref });
  const email = text(field?.email);
  const emailHref = EMAIL.test(email) ? safeLinkUrl(`mailto:${email}`) : undefined;
  if (emailHref) contacts.push({ kind: 'email', text: email, href: emailHref });
  return contacts;
}
