import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createRequire } from 'node:module';
import type { IncomingHttpHeaders } from 'node:http';
import type { DoubleAnswer } from '../kit.ts';
import { checkVapid, p256PublicKey } from './vapid.ts';

/**
 * A local push service (the receiving side of Web Push: RFC 8030 messages, RFC 8291 encryption, RFC 8292
 * VAPID), for tests and the demo: it hands out stand-in browser subscriptions, takes the messages the
 * server sends to them as a push service does (checking the VAPID JWT, the TTL and the encoding), decrypts
 * each with the subscription's private key and auth secret as the browser would, and keeps them for a test
 * to read, or for a browser test to hand to the service worker. Served under /push by the doubles' server
 * (../server.ts); nothing here reaches the internet.
 */

/** The official decrypter of RFC 8188 bodies (http_ece, plain JavaScript without types): what of it is used here. */
interface HttpEce {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
}
const ece = createRequire(import.meta.url)('http_ece') as HttpEce;

/** The largest body a push service must take (RFC 8030, section 7.2: 4096 octets). */
export const MAX_PUSH_BODY = 4096;

/** A stand-in browser subscription, as `PushSubscription.toJSON()` gives it. */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A message the double took, decrypted. */
export interface ReceivedPush {
  /** 1 for the subscription's first message, then 2, … */
  n: number;
  received_at: string;
  /** The message's TTL and Urgency headers, and its Topic (null without one). */
  ttl: number;
  urgency: string;
  topic: string | null;
  /** The VAPID contact and public key it was signed with. */
  subject: string;
  vapid_key: string;
  /** The decrypted body as text, and as JSON where it is JSON (else null). */
  text: string;
  payload: unknown;
}

interface HeldSubscription {
  id: string;
  ecdh: ECDH;
  json: PushSubscriptionJson;
  /** The applicationServerKey it was made with, when given: messages signed with another key are refused (403). */
  serverKey: string | undefined;
  gone: boolean;
  messages: ReceivedPush[];
  /** Statuses the next messages are answered with instead of being taken (a push service having a bad moment). */
  failures: number[];
}

/** A request to the double, its body as bytes. */
export interface PushRequest {
  method: string;
  /** The path under /push, e.g. /send/3f0c…. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type',
};

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export class PushDouble {
  private readonly subscriptions = new Map<string, HeldSubscription>();
  /** The doubles' server's origin (http://127.0.0.1:port): the push service's, which VAPID's `aud` names. */
  base = '';

  /** A new stand-in subscription: a P-256 key pair and a 16-byte auth secret, as a browser makes them. */
  subscribe(options: { applicationServerKey?: string | undefined } = {}): PushSubscriptionJson {
    const id = randomBytes(12).toString('hex');
    const ecdh = createECDH('prime256v1');
    const p256dh = ecdh.generateKeys().toString('base64url');
    const auth = randomBytes(16).toString('base64url');
    const json: PushSubscriptionJson = { endpoint: `${this.base}/push/send/${id}`, expirationTime: null, keys: { p256dh, auth } };
    this.subscriptions.set(id, { id, ecdh, json, serverKey: options.applicationServerKey, gone: false, messages: [], failures: [] });
    return json;
  }

  /** The id of a subscription by its endpoint. */
  idOf(endpoint: string): string | undefined {
    const match = /\/push\/send\/([0-9a-f]+)$/.exec(endpoint);
    return match?.[1];
  }

  /** The messages a subscription took (also after it was removed); undefined for an id it never made. */
  messages(idOrEndpoint: string): ReceivedPush[] | undefined {
    return this.subscriptions.get(this.idOf(idOrEndpoint) ?? idOrEndpoint)?.messages;
  }

  /** The subscription is gone, as when the customer takes the browser's permission back: messages to it answer 410. */
  remove(idOrEndpoint: string): boolean {
    const held = this.subscriptions.get(this.idOf(idOrEndpoint) ?? idOrEndpoint);
    if (!held || held.gone) return false;
    held.gone = true;
    return true;
  }

  /** The next `count` messages to the subscription are answered with `status` (500, 429, …) and not taken. */
  failNext(idOrEndpoint: string, status: number, count = 1): void {
    const held = this.subscriptions.get(this.idOf(idOrEndpoint) ?? idOrEndpoint);
    if (!held) throw new Error(`the push double has no subscription ${idOrEndpoint}`);
    held.failures.push(...Array<number>(count).fill(status));
  }

  /** Takes one push message to the subscription `id`, as a push service does (RFC 8030 section 5). */
  receive(id: string, headers: IncomingHttpHeaders, body: Buffer): DoubleAnswer {
    const refuse = (status: number, error: string): DoubleAnswer => ({ status, body: { error } });
    const held = this.subscriptions.get(id);
    if (!held || held.gone) return refuse(410, 'This subscription is gone');
    const failure = held.failures.shift();
    if (failure !== undefined) return refuse(failure, 'The push double was told to fail');
    const ttlText = header(headers, 'ttl');
    if (ttlText === undefined || !/^\d{1,10}$/.test(ttlText.trim())) return refuse(400, 'A TTL header of whole seconds is required');
    const urgency = header(headers, 'urgency') ?? 'normal';
    if (!URGENCIES.has(urgency)) return refuse(400, `Urgency must be one of ${[...URGENCIES].join(', ')}`);
    const topic = header(headers, 'topic') ?? null;
    if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return refuse(400, 'Topic must be at most 32 URL-safe base64 characters');
    const vapid = checkVapid(header(headers, 'authorization'), this.base);
    if (!vapid.ok) return refuse(401, `VAPID: ${vapid.reason}`);
    if (held.serverKey && held.serverKey.replace(/=+$/, '') !== vapid.publicKey) return refuse(403, 'VAPID: signed with another key than the subscription\'s applicationServerKey');
    if (header(headers, 'content-encoding')?.toLowerCase() !== 'aes128gcm') return refuse(415, 'Content-Encoding must be aes128gcm (RFC 8291)');
    if (body.length === 0) return refuse(400, 'The message has no body');
    if (body.length > MAX_PUSH_BODY) return refuse(413, `The body is over ${MAX_PUSH_BODY} bytes`);
    let text: string;
    try {
      text = ece.decrypt(body, { version: 'aes128gcm', privateKey: held.ecdh, authSecret: Buffer.from(held.json.keys.auth, 'base64url') }).toString('utf8');
    } catch (error) {
      return refuse(400, `The body does not decrypt with the subscription's keys: ${error instanceof Error ? error.message : String(error)}`);
    }
    let payload: unknown = null;
    try {
      payload = JSON.parse(text);
    } catch {
      // Not JSON: kept as text only.
    }
    const n = held.messages.length + 1;
    held.messages.push({
      n, received_at: new Date().toISOString(), ttl: Number(ttlText), urgency, topic, subject: vapid.subject, vapid_key: vapid.publicKey, text, payload,
    });
    return { status: 201, body: '', headers: { location: `${this.base}/push/messages/${id}/${n}`, 'content-type': 'text/plain' } };
  }

  /**
   * The double's HTTP side, under /push:
   * - `POST /push/subscriptions` (optional JSON `{ applicationServerKey }`): a new subscription, 201 and its JSON;
   * - `POST /push/send/<id>`: the endpoint, a push message (201, or the push service's refusal; 410 once gone);
   * - `GET /push/messages/<id>`: `{ id, gone, messages }`, the messages taken, decrypted;
   * - `DELETE /push/subscriptions/<id>`: the subscription is gone (204).
   * Any origin may call it (a browser test's page).
   */
  answer(request: PushRequest): DoubleAnswer {
    const answer = this.route(request);
    return { ...answer, headers: { ...CORS, ...answer.headers } };
  }

  private route({ method, path, headers, body }: PushRequest): DoubleAnswer {
    if (method === 'OPTIONS') return { status: 204, body: '', headers: { 'content-type': 'text/plain' } };
    if (method === 'POST' && path === '/subscriptions') {
      let asked: { applicationServerKey?: unknown } = {};
      try {
        asked = body.length ? JSON.parse(body.toString('utf8')) as { applicationServerKey?: unknown } : {};
      } catch {
        return { status: 400, body: { error: 'The body is not JSON' } };
      }
      const key = asked.applicationServerKey;
      if (key !== undefined && (typeof key !== 'string' || !p256PublicKey(key.replace(/=+$/, '')))) {
        return { status: 400, body: { error: 'applicationServerKey must be a P-256 public key in base64url' } };
      }
      return { status: 201, body: this.subscribe({ applicationServerKey: key }) };
    }
    const send = /^\/send\/([^/]+)$/.exec(path);
    if (send && method === 'POST') return this.receive(send[1]!, headers, body);
    const listed = /^\/messages\/([^/]+)$/.exec(path);
    if (listed && method === 'GET') {
      const held = this.subscriptions.get(listed[1]!);
      if (!held) return { status: 404, body: { error: 'No such subscription' } };
      return { status: 200, body: { id: held.id, gone: held.gone, messages: held.messages } };
    }
    const removed = /^\/subscriptions\/([^/]+)$/.exec(path);
    if (removed && method === 'DELETE') {
      if (!this.subscriptions.has(removed[1]!)) return { status: 404, body: { error: 'No such subscription' } };
      this.remove(removed[1]!);
      return { status: 204, body: '', headers: { 'content-type': 'text/plain' } };
    }
    return { status: 404, body: { error: `No route ${method} /push${path}` } };
  }
}
