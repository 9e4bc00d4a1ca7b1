/**
 * Support chat (the spec's sendmessage and getmessage): one conversation between the signed-in
 * customer and the vendor's support. New messages, and the moment the other side has read them,
 * also come over the live channel (contract/api/realtime.ts: `chat_message`, `chat_read`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { MAX_CHAT_MESSAGE } from '../constants.ts';
import { BaseFields, post, RowId, Text, Whole, type Envelope } from './common.ts';


export interface ChatMessage {
  id: number;
  sender: 'customer' | 'agent';
  message: string;
  /** ISO instant it was sent. */
  at: string;
  /** 1 once the other side has seen it. */
  read: 0 | 1;
}

export interface ChatPage {
  /** Oldest first. */
  messages: ChatMessage[];
  /** Older messages are left (ask with `before` the first id). */
  has_more: boolean;
}

export const SendMessageRequest = Type.Object({
  ...BaseFields,
  message: Text({ minLength: 1, maxLength: MAX_CHAT_MESSAGE, multiline: true, nonBlank: true }),
});
export type SendMessageRequest = Static<typeof SendMessageRequest>;

export const GetMessageRequest = Type.Object({
  ...BaseFields,
  /** The page before this message id (older ones); left out: the latest. */
  before: Type.Optional(RowId),
  limit: Type.Optional(Whole(1, 100, { default: 50 })),
  /** 1 (default): the customer is looking, the agent's messages are marked read. */
  mark_read: Type.Optional(Whole(0, 1, { default: 1 })),
});
export type GetMessageRequest = Static<typeof GetMessageRequest>;

export const supportChatCalls = {
  /** Exact types: a message is text, a number is refused rather than turned into one. */
  sendmessage: post(SendMessageRequest, { exactTypes: true }).answers<Envelope<ChatMessage>>(),
  getmessage: post(GetMessageRequest).answers<Envelope<ChatPage>>(),
} as const;
