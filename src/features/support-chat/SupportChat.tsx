import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { $locale } from '../../core/i18n/locale.ts';
import { $isSignedIn, $user } from '../../core/session/session-state.ts';
import {
  $chat, $chatAvailable, $chatUnread, $intercomAppId, followChat, loadChat, loadOlderMessages, MAX_CHAT_MESSAGE, resetChat,
  retryChatMessage, sendChatMessage, type ShownMessage,
} from '../../core/support/chat.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { ScreenHeading } from '../../ui/headings.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

/**
 * The support chat: the launcher in a corner that opens the conversation in a dialog (signed-in customers,
 * vendors that turn it on, never on a store's menu), or the conversation as a screen of its own. With the
 * vendor's Intercom on, the launcher opens Intercom's messenger instead.
 */
export function SupportChatWidget({ hidden = false }: { hidden?: boolean }) {
  const available = useStore($chatAvailable);
  const intercom = useStore($intercomAppId);
  const signedIn = useStore($isSignedIn);
  useEffect(() => {
    if (!signedIn) resetChat();
  }, [signedIn]);
  if (!available || hidden) return null;
  return intercom ? <IntercomLauncher appId={intercom} /> : <ChatLauncher />;
}

function ChatLauncher() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const unread = useStore($chatUnread);
  useEffect(() => followChat({ reading: false }), []);
  const label = unread > 0 ? t`Chat with support, ${unread} unread` : t`Chat with support`;
  return (
    <>
      <button
        type="button"
        part="chat-launcher"
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="fixed bottom-4 end-4 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-button text-button-text shadow-lg"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="currentColor"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" /></svg>
        {unread > 0 && <span part="chat-unread" aria-hidden="true" className="absolute -top-1 -end-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold text-white">{unread}</span>}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={<Trans>Support chat</Trans>} part="chat-dialog" placement="end">
        {open && <Conversation inDialog />}
      </Dialog>
    </>
  );
}

/** Intercom's messenger, booted with the customer once, opened by the launcher. Its script loads only when the page has none. */
function IntercomLauncher({ appId }: { appId: string }) {
  const { t } = useLingui();
  const user = useStore($user);
  const open = () => {
    const global = window as unknown as { Intercom?: ((...args: unknown[]) => void) & { booted?: boolean } };
    const boot = () => {
      const intercom = global.Intercom!;
      if (!intercom.booted) {
        intercom('boot', { app_id: appId, user_id: user ? String(user.user_id) : undefined, name: user?.user_name });
        intercom.booted = true;
      }
      intercom('show');
    };
    if (global.Intercom) return boot();
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://widget.intercom.io/widget/${encodeURIComponent(appId)}`;
    script.addEventListener('load', () => global.Intercom && boot());
    document.head.append(script);
  };
  return (
    <button type="button" part="chat-launcher" aria-label={t`Chat with support`} onClick={open} data-intercom={appId}
      className="fixed bottom-4 end-4 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-button text-button-text shadow-lg">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="currentColor"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" /></svg>
    </button>
  );
}

/** The support chat as a screen (the support-chat route, `<sf-support-chat mode="inline">`). */
export function SupportChatScreen({ host }: { host: HTMLElement }) {
  const signedIn = useStore($isSignedIn);
  const available = useStore($chatAvailable);
  return (
    <section part="support-chat" className="flex flex-col gap-4">
      <ScreenHeading className="m-0 text-2xl font-bold"><Trans>Support chat</Trans></ScreenHeading>
      {!signedIn ? (
        <SignInPrompt host={host}><Trans>Sign in to chat with support.</Trans></SignInPrompt>
      ) : available ? (
        <Conversation />
      ) : (
        <p part="chat-off" className="m-0 text-muted"><Trans>This store does not offer a support chat. The Support page lists other ways to reach us.</Trans></p>
      )}
    </section>
  );
}

/** inDialog: the textbox takes the focus when it appears (the dialog opened before the conversation had loaded). */
function Conversation({ inDialog = false }: { inDialog?: boolean }) {
  const state = useStore($chat);
  useEffect(() => followChat({ reading: true }), []);
  if (state.status === 'failed') return <LoadFailed onRetry={() => void loadChat()} />;
  if (state.status !== 'ready') return <Skeleton className="h-64 w-full" />;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      {state.hasMore && (
        <Button part="chat-older" variant="secondary" className="w-fit self-center" disabled={state.loadingOlder} onClick={() => void loadOlderMessages()}>
          <Trans>Load earlier messages</Trans>
        </Button>
      )}
      <MessageList messages={state.messages} />
      <Composer focusOnMount={inDialog} />
    </div>
  );
}

function MessageList({ messages }: { messages: ShownMessage[] }) {
  const { t } = useLingui();
  const locale = useStore($locale);
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [last]);
  const time = (iso: string) => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(iso));
  return (
    <div part="chat-messages" role="log" aria-live="polite" aria-label={t`Messages`} className="max-h-[60vh] min-h-40 overflow-y-auto">
      <ol className="m-0 flex list-none flex-col gap-2 p-0">
      {messages.length === 0 && (
        <li part="chat-empty" className="py-8 text-center text-muted"><Trans>Ask us anything about your orders, payments or account.</Trans></li>
      )}
      {messages.map((message) => {
        const mine = message.sender === 'customer';
        return (
          <li key={message.id} part={`chat-message chat-message-${mine ? 'mine' : 'agent'}`} className={`flex max-w-[85%] flex-col gap-1 ${mine ? 'self-end items-end' : 'self-start items-start'}`}>
            <span className="sr-only">{mine ? <Trans>You:</Trans> : <Trans>Support:</Trans>}</span>
            <p dir="auto" className={`m-0 whitespace-pre-wrap break-words rounded-sf px-3 py-2 ${mine ? 'bg-button text-button-text' : 'bg-black/5 text-ink'}`}>{message.message}</p>
            <span className="flex items-center gap-2 text-xs text-muted">
              <time dateTime={message.at}>{time(message.at)}</time>
              {mine && <MessageState message={message} />}
            </span>
          </li>
        );
      })}
      </ol>
      <div ref={end} aria-hidden="true" className="h-0" />
    </div>
  );
}

function MessageState({ message }: { message: ShownMessage }) {
  if (message.state === 'sending') return <span part="chat-state"><Trans>Sending…</Trans></span>;
  if (message.state === 'failed') {
    return (
      <span part="chat-state" className="flex items-center gap-2 text-red-700">
        <Trans>Not sent</Trans>
        <button type="button" part="chat-retry" onClick={() => void retryChatMessage(message.id)} className="min-h-6 font-medium underline"><Trans>Retry</Trans></button>
      </span>
    );
  }
  return <span part="chat-state">{message.read ? <Trans>Read</Trans> : <Trans>Sent</Trans>}</span>;
}

function Composer({ focusOnMount }: { focusOnMount: boolean }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const ids = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);
  const over = text.length > MAX_CHAT_MESSAGE;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || over) return;
    setText('');
    void sendChatMessage(message);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  return (
    <form part="chat-form" onSubmit={submit} className="flex items-end gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={`${ids}-message`} className="sr-only"><Trans>Message</Trans></label>
        <textarea
          ref={input}
          id={`${ids}-message`}
          part="chat-input"
          rows={2}
          value={text}
          dir="auto"
          placeholder={t`Write a message`}
          aria-describedby={`${ids}-hint`}
          aria-invalid={over || undefined}
          onInput={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          className="w-full resize-none rounded-sf border border-gray-500 px-3 py-2"
        />
        <span id={`${ids}-hint`} part="chat-hint" className={`text-xs ${over ? 'text-red-700' : 'text-muted'}`}>
          {over ? <Trans>Messages can be at most {MAX_CHAT_MESSAGE} characters.</Trans> : <Trans>Enter sends, Shift+Enter starts a new line.</Trans>}
        </span>
      </div>
      <Button part="chat-send" type="submit" disabled={!text.trim() || over}><Trans>Send</Trans></Button>
    </form>
  );
}
