import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../../../contract/api/support-chat.ts';
import { apiStub } from '../api/client-stub.test-helpers.ts';
import { channelStub as channel } from '../realtime/channel-stub.test-helpers.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());
vi.mock('../realtime/channel.ts', async () => (await import('../realtime/channel-stub.test-helpers.ts')).stubbedChannel());

const { $chat, $chatUnread, followChat, resetChat, retryChatMessage, sendChatMessage } = await import('./chat.ts');

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const message = (id: number, sender: ChatMessage['sender'], text: string, read: 0 | 1 = 0): ChatMessage => ({ id, sender, message: text, at: '2026-11-26T06:00:00.000Z', read });
const tell = (data: ChatMessage) => {
  for (const listener of [...channel.listeners]) listener.event?.({ id: data.id, kind: 'chat_message', order_id: 0, at: data.at, data });
};
const shown = () => {
  const state = $chat.get();
  return state.status === 'ready' ? state.messages.map((m) => [m.id < 0 ? 'local' : m.id, m.sender, m.message, m.state, m.read]) : state.status;
};

beforeEach(() => {
  resetChat();
  apiStub.reset(({ name }) => (name === 'getmessage' ? { code: 200, Result: { messages: [], has_more: false } } : { code: 200 }));
});

describe('the support chat', () => {
  it('shows a message once when the channel brings it back before sendmessage answers', async () => {
    const stop = followChat({ reading: true });
    await settle();
    let answer!: (value: unknown) => void;
    apiStub.answer = ({ name }) => (name === 'sendmessage' ? new Promise((resolve) => (answer = resolve)) : { code: 200, Result: { messages: [], has_more: false } });
    const sending = sendChatMessage('  Where is my order?  ');
    expect(shown()).toEqual([['local', 'customer', 'Where is my order?', 'sending', 0]]);
    tell(message(7, 'customer', 'Where is my order?'));
    expect(shown()).toEqual([[7, 'customer', 'Where is my order?', 'sent', 0]]);
    answer({ code: 200, Result: message(7, 'customer', 'Where is my order?') });
    expect(await sending).toBe(true);
    expect(shown()).toEqual([[7, 'customer', 'Where is my order?', 'sent', 0]]);
    stop();
  });

  it('keeps a message that did not go, with its text, and sends it again on Retry', async () => {
    const stop = followChat({ reading: false });
    await settle();
    apiStub.answer = ({ name }) => {
      if (name === 'sendmessage') throw new Error('offline');
      return { code: 200, Result: { messages: [], has_more: false } };
    };
    expect(await sendChatMessage('Hello')).toBe(false);
    expect(shown()).toEqual([['local', 'customer', 'Hello', 'failed', 0]]);
    apiStub.answer = () => ({ code: 200, Result: message(9, 'customer', 'Hello') });
    const state = $chat.get();
    const localId = state.status === 'ready' ? state.messages[0]!.id : 0;
    expect(await retryChatMessage(localId)).toBe(true);
    expect(shown()).toEqual([[9, 'customer', 'Hello', 'sent', 0]]);
    // The agent's answers count as unread until someone reads the conversation.
    tell(message(10, 'agent', 'Hi!'));
    expect($chatUnread.get()).toBe(1);
    stop();
  });
});
