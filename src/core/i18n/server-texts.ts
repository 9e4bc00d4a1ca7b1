import { shared } from '../platform/registry.ts';

/** What puts the server's texts in the customer's language (server-messages.ts). */
export interface ServerTextTranslation {
  customerText(serverText: string, key?: unknown): string;
  inCustomerLanguage<T>(answer: T): T;
}

/**
 * The server answers in the spec's English, which is also the storefront's English word for word (a
 * test holds it), so an English page shows the texts as they come and never downloads the table
 * that translates them: activateLocale loads it beside any other language's catalog and sets it here.
 */
const translation = shared('i18n.server-texts', () => ({ current: null as ServerTextTranslation | null }));

export function setServerTextTranslation(next: ServerTextTranslation | null): void {
  translation.current = next;
}

/** A server text in the customer's language when the storefront knows it (by our server's `msg_key`, else by the text), else the text as it came. */
export function customerText(serverText: string, key?: unknown): string {
  return translation.current ? translation.current.customerText(serverText, key) : serverText;
}

/** An answer whose `msg` and field errors are in the customer's language (see customerText). */
export function inCustomerLanguage<T>(answer: T): T {
  return translation.current ? translation.current.inCustomerLanguage(answer) : answer;
}
