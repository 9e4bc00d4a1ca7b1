import { SupportChatScreen, SupportChatWidget } from '../src/features/support-chat/SupportChat.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The support chat with the vendor's support (sendmessage, getmessage), for signed-in customers of a
 * vendor that turns it on (`support_chat.is_enable`). `mode="widget"` (default): a round launcher in the
 * page's lower inline-end corner, with the number of unread answers, that opens the conversation in a
 * dialog (focus kept inside, Escape closes); place it on every page but a store's menu. `mode="inline"`:
 * the conversation as a section of the page. Messages arrive live; the customer's show Sending…, Sent,
 * Read, or Not sent with Retry (the text is kept); Enter sends, Shift+Enter starts a new line; older
 * messages load on request; new ones are announced politely. With the vendor's Intercom on
 * (`intercom_details`), the launcher opens the vendor's Intercom messenger instead.
 *
 * @tag sf-support-chat
 * @attr {'widget'|'inline'} mode - A launcher and dialog, or the conversation in place. Default 'widget'.
 * @event sf-sign-in-required - A guest pressed Sign In (inline). `detail: { reason: 'orders' }`.
 * @csspart base - The island's root.
 * @csspart chat-launcher - The round launcher (widget).
 * @csspart chat-unread - The number of unread answers on the launcher.
 * @csspart chat-dialog - The dialog (widget).
 * @csspart support-chat - The section (inline).
 * @csspart chat-messages - The conversation (a polite log).
 * @csspart chat-message - A message (also `chat-message-mine` or `chat-message-agent`).
 * @csspart chat-state - Sending…, Sent, Read or Not sent under the customer's message.
 * @csspart chat-retry - Retry for a message that was not sent.
 * @csspart chat-older - Load earlier messages.
 * @csspart chat-empty - Said before the first message.
 * @csspart chat-form - The message form.
 * @csspart chat-input - The message box.
 * @csspart chat-hint - The hint under it (or the length message).
 * @csspart chat-send - The Send button.
 * @csspart chat-off - Said (inline) when the vendor has no support chat.
 * @csspart sign-in-prompt - The prompt a guest sees (inline).
 * @csspart error - The failure message with Retry.
 * @cssprop --sf-color-button - The launcher, the Send button and the customer's messages.
 * @cssprop --sf-color-button-text - Their text.
 * @cssprop --sf-color-text - Text colour.
 * @cssprop --sf-color-text-muted - Times and states.
 * @cssprop --sf-radius - Corner radius.
 */
export interface SfSupportChatAttributes {
  mode?: 'widget' | 'inline';
}

defineIsland<SfSupportChatAttributes>({
  tag: 'sf-support-chat',
  display: 'block',
  attributes: { mode: 'string' },
  render: ({ host, mode }) => (mode === 'inline' ? <SupportChatScreen host={host} /> : <SupportChatWidget />),
});
