import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatPage } from '../../../../contract/api/support-chat.ts';
import { agentAnswer, answerOne } from '../domain/support-chat.ts';
import { createSession } from '../../accounts/index.ts';
import { openStream } from '../../../test/event-stream.ts';
import { harborFixture } from '../../../test/orders-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('support chat: a conversation with the vendor\'s support, live on the customer\'s channel', () => {
  let t: TestApp;
  let origin: string;
  let sam: string;
  let alex: string;
  beforeAll(async () => {
    t = await createTestApp();
    const h = await harborFixture(t.database.db);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    sam = await createSession(t.database.db, h.vendorId, h.sam);
    alex = await createSession(t.database.db, h.vendorId, h.alex);
  });
  afterAll(async () => t.close());

  const send = (message: unknown, token = sam) => t.post('sendmessage', { message }, { token });
  const page = async (body: object = {}, token = sam) => (await t.post('getmessage', body, { token })).body.Result as ChatPage;
  /** The agent answers as if its delay had passed. */
  const agentAnswers = async () => {
    await t.database.db.query("UPDATE support_messages SET created_at = now() - interval '1 minute' WHERE answered_at IS NULL");
    return answerOne(t.database.db);
  };

  it('keeps the customer\'s messages, tells their channel, and the demo agent reads and answers in their language', async () => {
    const stream = await openStream(origin, { token: sam });
    await stream.next((frame) => frame.event === 'ready');
    const sent = await send('  Where is my order?\nIt is late.  ');
    expect(sent.body).toMatchObject({ code: 200, Result: { sender: 'customer', message: 'Where is my order?\nIt is late.', read: 0 } });
    const mine = sent.body.Result as ChatMessage;
    expect((await stream.next((frame) => frame.event === 'chat_message')).data).toMatchObject({ kind: 'chat_message', data: mine });

    expect(await agentAnswers()).toBe(true);
    expect(await answerOne(t.database.db)).toBe(false); // answered once
    const read = await stream.next((frame) => frame.event === 'chat_read');
    expect(read.data).toMatchObject({ data: { sender: 'customer', up_to: mine.id } });
    const answer = await stream.next((frame) => frame.event === 'chat_message' && (frame.data as { data: ChatMessage }).data.sender === 'agent');
    expect((answer.data as { data: ChatMessage }).data.message).toBe(agentAnswer('order', 'en', true));

    // Looking at the conversation reads the agent's answer.
    const conversation = await page();
    expect(conversation.messages.map((m) => [m.sender, m.read])).toEqual([['customer', 1], ['agent', 1]]);
    await stream.next((frame) => frame.event === 'chat_read' && (frame.data as { data: { sender: string } }).data.sender === 'agent');
    stream.close();

    // In Arabic, later messages get no second greeting.
    await t.post('sendmessage', { message: 'شكرا', is_langauge: 'ar' }, { token: sam });
    await agentAnswers();
    const last = (await page({ mark_read: 0 })).messages.at(-1)!;
    expect(last).toMatchObject({ sender: 'agent', read: 0, message: agentAnswer('شكرا', 'ar', false) });
    expect(last.message).not.toContain('مرحبًا');
  });

  it('pages back through a long conversation and never shows another customer\'s', async () => {
    for (let n = 1; n <= 7; n++) await send(`Message ${n}`, alex);
    const latest = await page({ limit: 5 }, alex);
    expect(latest.messages.map((m) => m.message)).toEqual(['Message 3', 'Message 4', 'Message 5', 'Message 6', 'Message 7']);
    expect(latest.has_more).toBe(true);
    const older = await page({ limit: 5, before: latest.messages[0]!.id }, alex);
    expect(older).toEqual({ messages: [expect.objectContaining({ message: 'Message 1' }), expect.objectContaining({ message: 'Message 2' })], has_more: false });
    expect((await page({}, sam)).messages.some((m) => m.message.startsWith('Message '))).toBe(false);
  });

  it('refuses empty, blank, overlong and control-character messages, and guests', async () => {
    for (const bad of ['', '   \n ', 'x'.repeat(1001), 'bell\u0007', 42]) {
      const answer = await send(bad);
      expect(answer.status, JSON.stringify(bad)).toBe(422);
      expect(answer.body.errors?.message?.[0]).toBeTruthy();
    }
    expect((await send('ok'.repeat(500))).status).toBe(200);
    expect((await t.call('sendmessage', { message: 'hi' })).statusCode).toBe(401);
    expect((await t.call('getmessage', {})).statusCode).toBe(401);
    expect((await t.call('getmessage', { before: -1 }, { token: sam })).statusCode).toBe(422);
  });
});
