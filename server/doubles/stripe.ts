/**
 * A local stand-in for the part of Stripe's API the Stripe adapter uses, for tests: the official SDK is
 * pointed at it (host, port, protocol), so nothing leaves the machine. It keeps Checkout Sessions
 * (create with an idempotency key, retrieve, expire), refunds, and a hosted page whose Pay and Cancel
 * buttons act as Stripe's page would. Events are built here and signed by the tests with the SDK's
 * test-header helper.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DoubleSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  expires_at: number;
}

export interface DoubleRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  status: 'succeeded';
}

export interface StripeDouble {
  /** http://127.0.0.1:port, for STRIPE_API_URL / the app's stripeApiUrl. */
  url: string;
  sessions: Map<string, DoubleSession>;
  refunds: DoubleRefund[];
  /** The secret keys requests came with. */
  keys: Set<string>;
  /** Pays an open session as a customer on Stripe's page would. */
  pay(id: string): DoubleSession;
  /** A Stripe event of `type` about the session as it is now (to be signed and posted by the test). */
  event(type: string, id: string): string;
  /** The next `count` requests answer 500 (Stripe having a bad moment). */
  failNext(count: number): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  response.end(JSON.stringify(body));
}

const notFound = (response: ServerResponse) => send(response, 404, { error: { type: 'invalid_request_error', message: 'No such object' } });

export async function startStripeDouble(port = 0): Promise<StripeDouble> {
  const sessions = new Map<string, DoubleSession>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds: DoubleRefund[] = [];
  const keys = new Set<string>();
  let failures = 0;
  let base = '';

  const pay = (sessionId: string): DoubleSession => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status === 'open') Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi') });
    return session;
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://double');
      const body = await readBody(request);
      if (url.pathname === '/healthz') return send(response, 200, { ok: true });
      // The hosted page: what Stripe's checkout page does for a customer, without card details.
      const page = url.pathname.match(/^\/checkout\/([\w]+)$/);
      if (page) {
        const session = sessions.get(page[1]!);
        if (!session) return notFound(response);
        if (request.method === 'POST') {
          const action = new URLSearchParams(body).get('action');
          if (action === 'pay') pay(session.id);
          response.writeHead(303, { location: action === 'pay' ? session.success_url : session.cancel_url });
          return response.end();
        }
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe test checkout</title></head><body><main>
<h1>Stripe test checkout</h1><p>${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</p>
<form method="post"><button name="action" value="pay">Pay</button> <button name="action" value="cancel">Cancel</button></form></main></body></html>`);
      }

      const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!key.startsWith('sk_test_')) return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      keys.add(key);
      if (failures > 0) {
        failures -= 1;
        return send(response, 500, { error: { type: 'api_error', message: 'Something went wrong on Stripe\'s end' } });
      }
      const form = new URLSearchParams(body);

      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const idempotency = request.headers['idempotency-key'];
        const earlier = typeof idempotency === 'string' ? byIdempotencyKey.get(idempotency) : undefined;
        if (earlier) return send(response, 200, sessions.get(earlier));
        const sessionId = id('cs');
        const session: DoubleSession = {
          id: sessionId, object: 'checkout.session', mode: 'payment', url: `${base}/checkout/${sessionId}`, status: 'open', payment_status: 'unpaid',
          payment_intent: null, client_reference_id: form.get('client_reference_id'),
          metadata: Object.fromEntries([...form].filter(([name]) => name.startsWith('metadata[')).map(([name, value]) => [name.slice(9, -1), value])),
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]') ?? 1),
          currency: form.get('line_items[0][price_data][currency]') ?? '', success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '', expires_at: Number(form.get('expires_at')),
        };
        sessions.set(sessionId, session);
        if (typeof idempotency === 'string') byIdempotencyKey.set(idempotency, sessionId);
        return send(response, 200, session);
      }
      const one = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/);
      if (one) {
        const session = sessions.get(one[1]!);
        if (!session) return notFound(response);
        if (one[2] && request.method === 'POST') {
          if (session.status !== 'open') return send(response, 400, { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired' } });
          session.status = 'expired';
        }
        return send(response, 200, session);
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const intent = form.get('payment_intent') ?? '';
        const paid = [...sessions.values()].find((session) => session.payment_intent === intent);
        if (!paid) return send(response, 400, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        const idempotency = request.headers['idempotency-key'];
        const earlier = refunds.find((refund) => refund.payment_intent === intent);
        if (earlier && typeof idempotency === 'string') return send(response, 200, earlier);
        const refund: DoubleRefund = { id: id('re'), object: 'refund', payment_intent: intent, amount: Number(form.get('amount') ?? paid.amount_total), status: 'succeeded' };
        refunds.push(refund);
        return send(response, 200, refund);
      }
      return notFound(response);
    })().catch((error: unknown) => send(response, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    sessions,
    refunds,
    keys,
    pay,
    event(type, sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return JSON.stringify({ id: id('evt'), object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: session } });
    },
    failNext(count) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
