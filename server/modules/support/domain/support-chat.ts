import type pg from 'pg';
import type { ChatMessage, ChatPage } from '../../../../contract/api/support-chat.ts';
import type { Db } from '../../../db/pool.ts';
import { inTransaction } from '../../../db/tx.ts';
import { publishEvent } from '../../events/index.ts';

/**
 * Support chat: one conversation per customer of a vendor. Each message and each read receipt is also an
 * event on the customer's live channel, written in the same transaction (events/domain/realtime-events.ts).
 */

interface MessageRow {
  id: number;
  sender: ChatMessage['sender'];
  body: string;
  created_at: Date;
  read_at: Date | null;
}

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id, sender: row.sender, message: row.body, at: row.created_at.toISOString(), read: row.read_at ? 1 : 0,
});

async function insertMessage(client: pg.PoolClient, vendorId: number, userId: number, sender: ChatMessage['sender'], body: string, lang: string): Promise<ChatMessage> {
  const { rows } = await client.query<MessageRow>(
    `INSERT INTO support_messages (vendor_id, user_id, sender, body, lang) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, sender, body, created_at, read_at`,
    [vendorId, userId, sender, body, lang],
  );
  const message = toMessage(rows[0]!);
  await publishEvent(client, vendorId, userId, { kind: 'chat_message', order_id: 0, data: message });
  return message;
}

/** sendmessage: the customer's message, trimmed (line breaks kept). */
export function sendMessage(db: Db, vendorId: number, userId: number, text: string, lang: string): Promise<ChatMessage> {
  return inTransaction(db, (client) => insertMessage(client, vendorId, userId, 'customer', text.trim(), lang));
}

/** Marks the messages of `sender` read up to now and tells the customer's channel; nothing when none was unread. */
async function markRead(client: pg.PoolClient, vendorId: number, userId: number, sender: ChatMessage['sender']): Promise<void> {
  const { rows } = await client.query<{ up_to: number | null }>(
    `WITH read AS (
       UPDATE support_messages SET read_at = now()
       WHERE vendor_id = $1 AND user_id = $2 AND sender = $3 AND read_at IS NULL RETURNING id)
     SELECT max(id) AS up_to FROM read`,
    [vendorId, userId, sender],
  );
  const upTo = rows[0]?.up_to;
  if (upTo) await publishEvent(client, vendorId, userId, { kind: 'chat_read', order_id: 0, data: { sender, up_to: upTo } });
}

/**
 * getmessage: a page of the conversation, oldest first: the latest `limit`, or those before `before`.
 * With `markRead`, the agent's messages count as seen by the customer.
 */
export async function getMessages(db: Db, vendorId: number, userId: number, page: { before?: number | undefined; limit: number; markRead: boolean }): Promise<ChatPage> {
  return inTransaction(db, async (client) => {
    if (page.markRead) await markRead(client, vendorId, userId, 'agent');
    const { rows } = await client.query<MessageRow>(
      `SELECT id, sender, body, created_at, read_at FROM support_messages
       WHERE vendor_id = $1 AND user_id = $2 AND ($3::bigint IS NULL OR id < $3) ORDER BY id DESC LIMIT $4`,
      [vendorId, userId, page.before ?? null, page.limit + 1],
    );
    const has_more = rows.length > page.limit;
    return { messages: rows.slice(0, page.limit).reverse().map(toMessage), has_more };
  });
}

/* ---------- the demo support agent ---------- */

/** The demo agent answers a customer this long after their message (it has read it by then). */
export const AGENT_DELAY_MS = 1500;

const GREETING: Record<string, string> = {
  en: 'Hello, thank you for writing to us! This is the support team.',
  ar: 'مرحبًا، شكرًا لتواصلك معنا! معك فريق الدعم.',
  de: 'Hallo, danke für Ihre Nachricht! Hier ist das Support-Team.',
  es: '¡Hola, gracias por escribirnos! Te atiende el equipo de soporte.',
  fr: 'Bonjour, merci de nous avoir écrit ! Ici l’équipe d’assistance.',
};
const ORDER_ANSWER: Record<string, string> = {
  en: 'You can follow each order live under Orders. Tell us the order number and we will look into it right away.',
  ar: 'يمكنك متابعة كل طلب مباشرة من قسم الطلبات. أرسل لنا رقم الطلب وسنتحقق منه فورًا.',
  de: 'Jede Bestellung können Sie unter „Bestellungen“ live verfolgen. Nennen Sie uns die Bestellnummer, wir sehen sofort nach.',
  es: 'Puedes seguir cada pedido en directo en Pedidos. Dinos el número de pedido y lo revisamos enseguida.',
  fr: 'Vous pouvez suivre chaque commande en direct dans Commandes. Donnez-nous le numéro de commande et nous regardons tout de suite.',
};
const GENERAL_ANSWER: Record<string, string> = {
  en: 'We have your message and will help you with it. Is there anything else we should know?',
  ar: 'وصلتنا رسالتك وسنساعدك بخصوصها. هل هناك شيء آخر تود إخبارنا به؟',
  de: 'Wir haben Ihre Nachricht erhalten und helfen Ihnen gern. Gibt es noch etwas, das wir wissen sollten?',
  es: 'Hemos recibido tu mensaje y te ayudaremos. ¿Hay algo más que debamos saber?',
  fr: 'Nous avons bien reçu votre message et allons vous aider. Y a-t-il autre chose à savoir ?',
};
/** Words that make the agent talk about orders, in the storefront's languages. */
const ORDER_WORDS = /order|deliver|driver|late|where|bestell|liefer|pedido|entrega|commande|livr|طلب|توصيل|سائق|تأخ/i;

/** What the demo agent says to the customer's message, in their language. */
export function agentAnswer(text: string, lang: string, firstOfConversation: boolean): string {
  const pick = (table: Record<string, string>) => table[lang] ?? table.en!;
  const answer = pick(ORDER_WORDS.test(text) ? ORDER_ANSWER : GENERAL_ANSWER);
  return firstOfConversation ? `${pick(GREETING)} ${answer}` : answer;
}

/**
 * Answers one customer waiting longer than AGENT_DELAY_MS: reads their messages (a read receipt on their
 * channel), then answers the latest in its language. FOR UPDATE SKIP LOCKED, so several server processes
 * share the queue and a customer is answered once. False when nobody waits.
 */
export async function answerOne(db: Db): Promise<boolean> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<{ vendor_id: number; user_id: number }>(
      `SELECT vendor_id, user_id FROM support_messages
       WHERE sender = 'customer' AND answered_at IS NULL AND created_at <= now() - make_interval(secs => $1)
       ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [AGENT_DELAY_MS / 1000],
    );
    const waiting = rows[0];
    if (!waiting) return false;
    const { vendor_id: vendorId, user_id: userId } = waiting;
    const { rows: asked } = await client.query<{ body: string; lang: string; answered_before: boolean }>(
      `UPDATE support_messages m SET answered_at = now()
       WHERE vendor_id = $1 AND user_id = $2 AND sender = 'customer' AND answered_at IS NULL
       RETURNING body, lang, EXISTS (SELECT 1 FROM support_messages a WHERE a.vendor_id = $1 AND a.user_id = $2 AND a.sender = 'agent') AS answered_before`,
      [vendorId, userId],
    );
    const latest = asked.at(-1);
    if (!latest) return true;
    await markRead(client, vendorId, userId, 'customer');
    await insertMessage(client, vendorId, userId, 'agent', agentAnswer(asked.map((m) => m.body).join(' '), latest.lang, !latest.answered_before), latest.lang);
    return true;
  });
}

export interface SupportAgent {
  stop(): Promise<void>;
}

/** Runs the demo agent: looks for waiting customers every half second. */
export function startSupportAgent(db: Db, onError: (error: unknown) => void = () => {}): SupportAgent {
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const round = async () => {
    while (!stopped && (await answerOne(db))) { /* next customer */ }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().catch(onError).finally(() => {
        running = undefined;
        schedule();
      });
    }, 500);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
