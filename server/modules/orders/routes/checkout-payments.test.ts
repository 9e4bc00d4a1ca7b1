import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentStatusResult, PlaceOrderResult } from '../../../../contract/api/checkout.ts';
import { expirePayments } from '../../payments/index.ts';
import { createCheckoutWorld, line, order, pressPaymentButton, SAM, truffleCart, type CheckoutWorld } from '../../../test/checkout-fixtures.ts';

const RETURN = 'http://localhost:5173/review-cart?step=pay';

describe('online payment through the test provider', () => {
  let w: CheckoutWorld;
  let alex: string;
  let truffle: number;
  let trufSmall: number;
  beforeAll(async () => {
    w = await createCheckoutWorld();
    ({ alex, truffle, small: trufSmall } = await truffleCart(w, 100));
  });
  afterAll(async () => w.t.close());

  const stock = async () => (await w.sql<{ s: number }>('SELECT stock AS s FROM items WHERE id = $1', [truffle]))[0]!.s;
  const redemptions = async (orderId: number) =>
    (await w.sql<{ n: number }>('SELECT count(*)::int AS n FROM coupon_redemptions WHERE order_id = $1', [orderId]))[0]!.n;

  /** An online pickup order of one Truffle Prosciutto with PICKUP15 (22 − 3.30 + 0.50 packaging). */
  async function placeOnline(extra: object = {}, headers: Record<string, string> = {}) {
    const body = { ...order(w.pizza, [line(truffle, 1, 22, [trufSmall])], 19.2, { payment_method: 'online', coupon_code: 'PICKUP15', return_url: RETURN }), ...extra };
    const res = await w.t.app.inject({
      method: 'POST', url: '/api/v2/place_order', payload: body,
      headers: { host: 'localhost:8080', authorization: `Bearer ${alex}`, origin: 'http://localhost:5173', ...headers },
    });
    expect(res.json().code, res.body).toBe(200);
    const result = res.json().Result as PlaceOrderResult;
    const url = new URL(result.payment_url);
    return { body, result, path: url.pathname + url.search };
  }

  const page = (path: string) => w.t.app.inject({ method: 'GET', url: path, headers: { host: 'localhost:8080' } });
  // As the page's own form posts: from the page's origin (other origins are refused, see tests/security/payment-binding.test.ts).
  const press = (path: string, action: string) => pressPaymentButton(w.t.app, path, action);
  const status = async (orderId: number, token = alex) =>
    (await w.t.post('check_payment_status', { order_id: orderId }, { token })).body;

  it('opens a pending payment: the order waits in payment_pending with stock and coupon held', async () => {
    const before = await stock();
    const { result, path } = await placeOnline();
    expect(result).toMatchObject({ status: 'payment_pending', payment_status: 'pending', total: 19.2, replayed: 0 });
    expect(result.payment_url).toMatch(/^http:\/\/localhost:8080\/pay\/test\/[A-Za-z0-9_-]{32}\?token=\d+\.[A-Za-z0-9_-]{43}$/);
    expect(await stock()).toBe(before - 1);
    expect(await redemptions(result.order_id)).toBe(1);
    expect((await status(result.order_id)).Result).toEqual({ order_id: result.order_id, payment_status: 'pending', status: 'payment_pending' });

    const html = await page(path);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('Harbor Eats');
    expect(html.body).toContain('$19.20');
    expect(html.body).toContain(`#${result.order_id}`);
    for (const button of ['value="pay"', 'value="fail"', 'value="cancel"', '>Fail payment<', '>Cancel<']) expect(html.body).toContain(button);
  });

  it('Pay confirms server-side: payment paid, order placed, and back to the return URL', async () => {
    const { result, path, body } = await placeOnline();
    const res = await press(path, 'pay');
    expect(res.statusCode).toBe(303);
    const back = new URL(res.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:5173/review-cart');
    expect(Object.fromEntries(back.searchParams)).toEqual({ step: 'pay', order_id: String(result.order_id), payment: 'paid' });
    expect((await status(result.order_id)).Result).toEqual({ order_id: result.order_id, payment_status: 'paid', status: 'placed' });
    expect(await w.sql('SELECT from_status, to_status, actor FROM order_status_events WHERE order_id = $1 ORDER BY id', [result.order_id])).toEqual([
      { from_status: null, to_status: 'payment_pending', actor: 'customer' },
      { from_status: 'payment_pending', to_status: 'placed', actor: 'payment' },
    ]);
    // Confirming again, even with another button, changes nothing.
    const again = await press(path, 'fail');
    expect(new URL(again.headers.location as string).searchParams.get('payment')).toBe('paid');
    expect((await status(result.order_id)).Result).toMatchObject({ payment_status: 'paid', status: 'placed' });
    expect((await page(path)).body).toContain('This payment has been made.');
    // A replayed place_order answers the same, paid order.
    const replay = { body: (await w.t.app.inject({
      method: 'POST', url: '/api/v2/place_order', payload: body,
      headers: { host: 'localhost:8080', authorization: `Bearer ${alex}`, origin: 'http://localhost:5173' },
    })).json() };
    expect(replay.body.Result).toMatchObject({ order_id: result.order_id, status: 'placed', payment_url: '', replayed: 1 });
  });

  for (const [action, outcome] of [['fail', 'failed'], ['cancel', 'cancelled']] as const) {
    it(`${action === 'fail' ? 'Fail payment' : 'Cancel'}: no order goes to the store, stock and coupon are released`, async () => {
      const before = await stock();
      const { result, path } = await placeOnline();
      const res = await press(path, action);
      expect(res.statusCode).toBe(303);
      expect(new URL(res.headers.location as string).searchParams.get('payment')).toBe(outcome);
      expect((await status(result.order_id)).Result).toEqual({ order_id: result.order_id, payment_status: outcome, status: 'payment_failed' });
      expect(await stock()).toBe(before);
      expect(await redemptions(result.order_id)).toBe(0);
      expect(await w.sql('SELECT status FROM payments WHERE order_id = $1', [result.order_id])).toEqual([{ status: outcome }]);
    });
  }

  it('treats a payment left open past 15 minutes as cancelled: on check_payment_status, on the page and by the sweeper', async () => {
    const before = await stock();
    const a = await placeOnline();
    const b = await placeOnline();
    const c = await placeOnline();
    expect(await stock()).toBe(before - 3);
    await w.sql(`UPDATE payments SET expires_at = now() - interval '1 minute' WHERE order_id = ANY($1::bigint[])`, [[a.result.order_id, b.result.order_id, c.result.order_id]]);

    expect((await status(a.result.order_id)).Result).toEqual({ order_id: a.result.order_id, payment_status: 'cancelled', status: 'payment_failed' });
    // Pressing Pay too late does not take the money.
    const late = await press(b.path, 'pay');
    expect(new URL(late.headers.location as string).searchParams.get('payment')).toBe('cancelled');
    expect(await expirePayments(w.t.database.db)).toBe(1);
    expect((await status(c.result.order_id)).Result).toMatchObject({ payment_status: 'cancelled', status: 'payment_failed' });
    expect(await w.sql('SELECT status FROM payments WHERE order_id = $1', [c.result.order_id])).toEqual([{ status: 'expired' }]);
    expect(await stock()).toBe(before);
  });

  it('returns to the calling page’s origin without a return_url, and only shows the customer their own order', async () => {
    const { result, path } = await placeOnline({ return_url: undefined }, { origin: 'http://127.0.0.1:3000' });
    const res = await press(path, 'cancel');
    expect((res.headers.location as string).startsWith('http://127.0.0.1:3000/?order_id=')).toBe(true);
    const sam = await w.t.signIn(undefined, SAM);
    expect(await status(result.order_id, sam)).toEqual({ code: 101, msg: 'Order not found' });
    expect((await w.t.post('check_payment_status', { order_id: result.order_id })).status).toBe(401);
    const unknown = status(999_999) as Promise<{ code: number; Result?: PaymentStatusResult }>;
    expect((await unknown).code).toBe(101);
  });

  it('returns only to the storefront\'s own site: another site\'s return_url is refused (no open redirect)', async () => {
    const body = order(w.pizza, [line(truffle, 1, 22, [trufSmall])], 19.2, { payment_method: 'online', coupon_code: 'PICKUP15', return_url: 'https://evil.example/phish' });
    const res = await w.t.app.inject({
      method: 'POST', url: '/api/v2/place_order', payload: body,
      headers: { host: 'localhost:8080', authorization: `Bearer ${alex}`, origin: 'http://localhost:5173' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['return_url']);
  });

  it('answers 404 for unknown sessions and 422 for an unknown action', async () => {
    expect((await page('/pay/test/not-a-session-id-at-all-xyz')).statusCode).toBe(404);
    expect((await press('/pay/test/not-a-session-id-at-all-xyz', 'pay')).statusCode).toBe(404);
    expect((await page('/pay/test/<script>')).statusCode).toBe(404);
    const { path } = await placeOnline();
    expect((await press(path, 'steal')).statusCode).toBe(422);
  });
});
