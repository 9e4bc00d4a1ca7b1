import { createHash } from 'node:crypto';
import type { ProviderPayment, ProviderVerdict } from '../providers/provider.ts';
import type { AdapterContext, ProviderAdapter } from '../kit/adapter.ts';
import { basicAuth, ProviderHttpError, providerFetch, type ProviderRequest } from '../kit/http.ts';
import { notifiedSession, signedNotifyUrl } from '../kit/signatures.ts';

/** The market a currency is sold in through Klarna: its purchase country and locale. */
const MARKETS: Record<string, { country: string; locale: string }> = {
  USD: { country: 'US', locale: 'en-US' },
  EUR: { country: 'DE', locale: 'en-DE' },
  GBP: { country: 'GB', locale: 'en-GB' },
  SEK: { country: 'SE', locale: 'en-SE' },
  NOK: { country: 'NO', locale: 'en-NO' },
  DKK: { country: 'DK', locale: 'en-DK' },
  CHF: { country: 'CH', locale: 'en-CH' },
  AUD: { country: 'AU', locale: 'en-AU' },
  CAD: { country: 'CA', locale: 'en-CA' },
  NZD: { country: 'NZ', locale: 'en-NZ' },
  PLN: { country: 'PL', locale: 'en-PL' },
  CZK: { country: 'CZ', locale: 'en-CZ' },
};

/** An HPP session as Klarna reads it (and sends it in its status callbacks). */
export interface HppSession {
  session_id: string;
  status: 'WAITING' | 'BACK' | 'IN_PROGRESS' | 'MANUAL_ID_CHECK' | 'COMPLETED' | 'CANCELLED' | 'FAILED' | 'DISABLED' | 'ERROR';
  authorization_token?: string;
  order_id?: string;
  klarna_reference?: string;
  updated_at?: string;
  expires_at?: string;
}

interface OmOrder {
  order_id: string;
  status: string;
  order_amount: number;
  captured_amount: number;
  refunded_amount: number;
}

function klarna<T>(ctx: AdapterContext, path: string, request: ProviderRequest = {}): Promise<T> {
  return providerFetch<T>('klarna', `${ctx.apiBase}${path}`, {
    ...request, headers: { authorization: basicAuth(ctx.account.publicKey, ctx.account.secretKey), ...request.headers },
  });
}

const readSession = (ctx: AdapterContext, ref: string) => klarna<HppSession>(ctx, `/hpp/v1/sessions/${encodeURIComponent(ref)}`);

/**
 * An HPP session's state as ours. The order is placed and captured by Klarna (CAPTURE_ORDER), so a
 * completed session with its order is paid; a completed one still without its order is pending. A FAILED
 * session is not final (Klarna lets the customer try again) until it is closed.
 */
export function verdictOfSession(session: Pick<HppSession, 'status' | 'order_id'>): ProviderVerdict {
  switch (session.status) {
    case 'COMPLETED':
      return session.order_id ? { outcome: 'paid', providerPayment: session.order_id } : { outcome: 'pending' };
    case 'CANCELLED':
    case 'DISABLED':
      return { outcome: 'cancelled' };
    case 'ERROR':
      return { outcome: 'failed' };
    default:
      return { outcome: 'pending' };
  }
}

/** A UUID made from `text` (Klarna's idempotency keys are UUIDs): the same text gives the same key. */
export function uuidOf(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Klarna's Hosted Payment Page over its REST APIs (Klarna publishes no Node SDK): a Klarna Payments
 * session (payments v1) with the amount in the currency's minor units as one order line, then an HPP
 * session (hpp v1) for it that places and captures the order itself (place_order_mode CAPTURE_ORDER),
 * with the way back as its success, cancel, back, failure and error URLs. The HPP session is the payment's
 * provider_ref, its order the money taken. The return carries nothing signed, so Klarna is asked; a
 * customer back without paying has the session disabled (so it can no longer be paid) and is told 'failed'
 * when Klarna refused them (FAILED, ERROR), else 'cancelled'. Klarna does not sign its status callbacks:
 * they go to the notify URL with our own signature of the session (signedNotifyUrl), and the session they
 * name is then read from Klarna, never taken from the body. A refund (order management v1) of what was
 * captured carries a Klarna-Idempotency-Key keyed by the session, after a look at what was refunded already.
 */
export const klarnaAdapter: ProviderAdapter = {
  name: 'klarna',
  facts: {
    integration: { kind: 'rest', api: 'Klarna Payments v1, Hosted Payment Page v1, Order Management v1' },
    page: 'hosted page',
    webhook: 'unsigned status callbacks: our signature of the session in the notify URL, then the session read from Klarna',
    currencies: Object.keys(MARKETS),
    liveApi: 'https://api.klarna.com',
  },
  async create(ctx, session, { back, notify }) {
    const market = MARKETS[session.currencyCode];
    if (!market) throw new Error(`Klarna is not offered in ${session.currencyCode} here`);
    const name = session.orderId === null ? `${session.vendorName}: wallet recharge` : `${session.vendorName}: order #${session.orderId}`;
    const payments = await klarna<{ session_id: string }>(ctx, '/payments/v1/sessions', {
      json: {
        acquiring_channel: 'ECOMMERCE', intent: 'buy',
        purchase_country: market.country, purchase_currency: session.currencyCode, locale: market.locale,
        order_amount: session.amountMinor, order_tax_amount: 0,
        order_lines: [{
          type: 'digital', reference: session.orderId === null ? 'wallet-recharge' : `order-${session.orderId}`, name: name.slice(0, 255),
          quantity: 1, unit_price: session.amountMinor, tax_rate: 0, total_amount: session.amountMinor, total_discount_amount: 0, total_tax_amount: 0,
        }],
        merchant_reference1: session.sessionId,
        ...(session.orderId === null ? {} : { merchant_reference2: String(session.orderId) }),
      },
    });
    const away = back('cancel');
    const hpp = await klarna<{ session_id: string; redirect_url: string }>(ctx, '/hpp/v1/sessions', {
      json: {
        payment_session_url: `${ctx.apiBase}/payments/v1/sessions/${payments.session_id}`,
        merchant_urls: {
          success: back('success'), cancel: away, back: away, failure: away, error: away,
          status_update: signedNotifyUrl(notify, ctx.account.webhookSecret, session.sessionId),
        },
        options: { place_order_mode: 'CAPTURE_ORDER', page_title: session.vendorName.slice(0, 100) },
      },
    });
    return { url: hpp.redirect_url, ref: hpp.session_id };
  },
  async onReturn(ctx, payment) {
    // The return carries nothing signed: Klarna is asked.
    const session = await readSession(ctx, payment.ref);
    const verdict = verdictOfSession(session);
    if (verdict.outcome !== 'pending' || session.status === 'COMPLETED') return verdict;
    // Back without paying: the session is disabled, so it can no longer be paid.
    await klarnaAdapter.close!(ctx, payment);
    const after = await readSession(ctx, payment.ref);
    if (after.status === 'COMPLETED') return verdictOfSession(after);
    return { outcome: session.status === 'FAILED' ? 'failed' : 'cancelled' };
  },
  async check(ctx, payment) {
    return verdictOfSession(await readSession(ctx, payment.ref));
  },
  async close(ctx, payment) {
    const session = await readSession(ctx, payment.ref);
    if (session.status === 'COMPLETED' || session.status === 'CANCELLED' || session.status === 'DISABLED') return;
    try {
      await klarna(ctx, `/hpp/v1/sessions/${encodeURIComponent(payment.ref)}`, { method: 'DELETE' });
    } catch (error) {
      // 400: completed meanwhile; 404: expired. Either way it can no longer be opened.
      if (!(error instanceof ProviderHttpError) || (error.status !== 400 && error.status !== 404)) throw error;
    }
  },
  async webhook(ctx, input) {
    if (!notifiedSession(input.query, ctx.account.webhookSecret)) return { kind: 'forged' };
    let ref: unknown;
    try {
      ref = (JSON.parse(input.body.toString('utf8')) as { session?: { session_id?: unknown } }).session?.session_id;
    } catch {
      return { kind: 'ignored' };
    }
    if (typeof ref !== 'string' || !ref) return { kind: 'ignored' };
    // The body is not signed: the session it names is read from Klarna, and only what Klarna says counts.
    const verdict = verdictOfSession(await readSession(ctx, ref));
    return verdict.outcome === 'pending' ? { kind: 'ignored' } : { kind: 'event', ref, verdict };
  },
  async refund(ctx, payment: ProviderPayment) {
    const orderId = payment.providerPayment;
    if (!orderId) throw new Error(`No order to refund for Klarna session ${payment.ref}`);
    const path = `/ordermanagement/v1/orders/${encodeURIComponent(orderId)}`;
    const order = await klarna<OmOrder>(ctx, path);
    if (order.refunded_amount >= payment.amountMinor) return;
    if (order.captured_amount === 0) {
      // Authorised but never captured: nothing was charged, the authorisation is released instead.
      if (order.status === 'AUTHORIZED') await klarna(ctx, `${path}/cancel`, { method: 'POST' });
      return;
    }
    const left = Math.min(payment.amountMinor, order.captured_amount) - order.refunded_amount;
    if (left <= 0) return;
    await klarna(ctx, `${path}/refunds`, {
      headers: { 'klarna-idempotency-key': uuidOf(`refund:${payment.ref}`) },
      json: { refunded_amount: left, description: 'Not taken by the store' },
    });
  },
};
