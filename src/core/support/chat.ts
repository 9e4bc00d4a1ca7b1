import { atom, computed } from 'nanostores';
import type { ChatMessage } from '../../../contract/api/support-chat.ts';
import { MAX_CHAT_MESSAGE } from '../../../contract/constants.ts';
import { callApi } from '../api/client.ts';
import { whileWatched } from '../platform/lifecycle.ts';
import { shared } from '../platform/registry.ts';
import { listenToChannel } from '../realtime/channel.ts';

/**
 * The support chat (sendmessage, getmessage): the conversation, followed on the live channel while a
 * view shows it or its launcher waits; messages sent show Sending…, Sent, Read, or Not sent with Retry
 * (the text is never lost).
 */

export { MAX_CHAT_MESSAGE };

/** A message as shown: the server's, or one of the customer's still on its way (a negative id). */
export interface ShownMessage extends ChatMessage {
  state: 'sending' | 'failed' | 'sent';
}

export type ChatState =
  | { status: 'idle' | 'loading' | 'failed' }
  | { status: 'ready'; messages: ShownMessage[]; hasMore: boolean; loadingOlder: boolean };

export const $chat = shared('support.chat', () => atom<ChatState>({ status: 'idle' }));

/** The agent's messages the customer has not seen. */
export const $chatUnread = shared('support.chat.unread', () => computed($chat, (state) =>
  state.status === 'ready' ? state.messages.filter((message) => message.sender === 'agent' && !message.read).length : 0));

export { $chatAvailable, $intercomAppId } from './chat-availability.ts';

const chat = shared('support.chat.state', () => ({ latest: 0, pending: -1, reading: 0 }));

const byId = (a: ShownMessage, b: ShownMessage) => (a.id < 0 ? Infinity : a.id) - (b.id < 0 ? Infinity : b.id);
const shown = (message: ChatMessage): ShownMessage => ({ ...message, state: 'sent' });

/** The messages with `incoming` merged in by id (newer copies win), the customer's unsent ones last. */
function merge(current: ShownMessage[], incoming: ChatMessage[]): ShownMessage[] {
  const all = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) all.set(message.id, shown(message));
  return [...all.values()].sort(byId);
}

/** Loads the latest page (marking the agent's messages read while someone reads). */
export async function loadChat(): Promise<void> {
  const request = ++chat.latest;
  const state = $chat.get();
  if (state.status !== 'ready') $chat.set({ status: 'loading' });
  try {
    const answer = await callApi('getmessage', { mark_read: chat.reading > 0 ? 1 : 0 });
    if (request !== chat.latest || answer.code !== 200 || !answer.Result) return;
    const now = $chat.get();
    const kept = now.status === 'ready' ? now.messages.filter((message) => message.id < 0 || message.id < (answer.Result!.messages[0]?.id ?? Infinity)) : [];
    $chat.set({ status: 'ready', messages: merge(kept, answer.Result.messages), hasMore: answer.Result.has_more, loadingOlder: false });
  } catch {
    if (request === chat.latest && $chat.get().status !== 'ready') $chat.set({ status: 'failed' });
  }
}

/** The page before the oldest message shown. */
export async function loadOlderMessages(): Promise<void> {
  const state = $chat.get();
  if (state.status !== 'ready' || !state.hasMore || state.loadingOlder) return;
  const oldest = state.messages.find((message) => message.id > 0);
  $chat.set({ ...state, loadingOlder: true });
  try {
    const answer = await callApi('getmessage', { ...(oldest ? { before: oldest.id } : {}), mark_read: 0 });
    const now = $chat.get();
    if (now.status !== 'ready') return;
    if (answer.code !== 200 || !answer.Result) return $chat.set({ ...now, loadingOlder: false });
    $chat.set({ ...now, messages: merge(now.messages, answer.Result.messages), hasMore: answer.Result.has_more, loadingOlder: false });
  } catch {
    const now = $chat.get();
    if (now.status === 'ready') $chat.set({ ...now, loadingOlder: false });
  }
}

function update(change: (messages: ShownMessage[]) => ShownMessage[]): void {
  const state = $chat.get();
  if (state.status === 'ready') $chat.set({ ...state, messages: change(state.messages) });
}

/** Sends a message: shown at once as Sending…, then Sent; Not sent keeps the text for Retry. Answers whether it went. */
export async function sendChatMessage(text: string, retrying?: number): Promise<boolean> {
  const message = text.trim();
  if (!message || message.length > MAX_CHAT_MESSAGE) return false;
  const localId = retrying ?? chat.pending--;
  const state = $chat.get();
  if (state.status !== 'ready') $chat.set({ status: 'ready', messages: [], hasMore: false, loadingOlder: false });
  const pending: ShownMessage = { id: localId, sender: 'customer', message, at: new Date().toISOString(), read: 0, state: 'sending' };
  update((messages) => [...messages.filter((m) => m.id !== localId), pending].sort(byId));
  try {
    const answer = await callApi('sendmessage', { message });
    if (answer.code !== 200 || !answer.Result) throw new Error(answer.msg ?? 'not sent');
    const sent = answer.Result;
    update((messages) => merge(messages.filter((m) => m.id !== localId), [sent]));
    return true;
  } catch {
    update((messages) => messages.map((m) => (m.id === localId ? { ...m, state: 'failed' } : m)));
    return false;
  }
}

/** Sends a message that did not go again. */
export function retryChatMessage(localId: number): Promise<boolean> {
  const state = $chat.get();
  const failed = state.status === 'ready' ? state.messages.find((m) => m.id === localId) : undefined;
  return failed ? sendChatMessage(failed.message, localId) : Promise.resolve(false);
}

/** Follows the conversation on the live channel while watched. */
const watchChat = shared('support.chat.watch', () => whileWatched(() => {
  void loadChat();
  let readSoon: ReturnType<typeof setTimeout> | undefined;
  const stop = listenToChannel({
    event(event) {
      if (event.kind === 'chat_message') {
        const incoming = event.data;
        // The customer's own message may come back on the channel before sendmessage answers: it takes the
        // place of the copy still shown as Sending…, so it is never shown twice.
        update((messages) => {
          const pending = incoming.sender === 'customer' && !messages.some((m) => m.id === incoming.id)
            ? messages.find((m) => m.id < 0 && m.state === 'sending' && m.message === incoming.message)
            : undefined;
          return merge(pending ? messages.filter((m) => m !== pending) : messages, [incoming]);
        });
        // Someone is reading: the agent's new message counts as seen (asked once for a burst).
        if (incoming.sender === 'agent' && chat.reading > 0 && readSoon === undefined) {
          readSoon = setTimeout(() => {
            readSoon = undefined;
            void loadChat();
          }, 300);
        }
      } else if (event.kind === 'chat_read') {
        const { sender, up_to: upTo } = event.data;
        update((messages) => messages.map((m) => (m.sender === sender && m.id > 0 && m.id <= upTo ? { ...m, read: 1 } : m)));
      }
    },
    resync: () => void loadChat(),
  });
  return () => {
    clearTimeout(readSoon);
    stop();
  };
}));

/**
 * Follows the conversation; `reading`: the customer is looking at it (the open panel, the chat screen),
 * so the agent's messages count as read. Answers the stop.
 */
export function followChat(options: { reading: boolean }): () => void {
  if (options.reading) {
    chat.reading++;
    if ($chatUnread.get() > 0) void loadChat();
  }
  const stop = watchChat();
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (options.reading) chat.reading--;
    stop();
  };
}

/** Signed out: nothing of the last customer's conversation stays. */
export function resetChat(): void {
  chat.latest++;
  $chat.set({ status: 'idle' });
}
