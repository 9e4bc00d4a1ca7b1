// Finding 5: the payment return URL was built from the request's Origin header (or its Host header)
// when the caller sent no return_url, and a return_url on the Origin's site was accepted, so a crafted
// call sent the customer to another site after paying. Return URLs now stay on the vendor's own hosts
// (vendor_hosts) and the configured public URL; anything else falls back to the vendor's own site,
// or, for an explicit return_url, is refused.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderResult, PriceBreakdown } from '../../contract/api/checkout.ts';
import { buildApp } from '../../server/app.ts';
import { createCheckoutWorld, order, pricing, truffleCart, type CheckoutWorld, type TruffleCart } from '../../server/test/checkout-fixtures.ts';

describe('the payment return URL (finding 5)', () => {
  let w: CheckoutWorld;
  let cart: TruffleCart;
  let alex: string;
  let total: number;
  let configured: FastifyInstance;
  beforeAll(async () => {
    w = await createCheckoutWorld();
    cart = await truffleCart(w, 1000);
    alex = cart.alex;
    const quote = await w.t.post('check_restaurant_menu_with_price', pricing(w.pizza, cart.lines()), { token: alex });
    total = (quote.body.Result as PriceBreakdown).total;
    // The same data served by a server that is configured with its public URL.
    configured = await buildApp({ db: w.t.database.db, logger: false, production: false, publicUrl: 'https://shop.harbor.example', paymentSweepMs: 0 });
    await configured.ready();
  });
  afterAll(async () => {
    await configured.close();
    await w.t.close();
  });

  /** An online order; answers the HTTP answer and, when placed, the return URL its payment keeps. */
  async function placeOnline(extra: Record<string, unknown>, headers: Record<string, string>, app = w.t.app) {
    const body = { ...order(w.pizza, cart.lines(), total, { payment_method: 'online' }), ...extra };
    const res = await app.inject({
      method: 'POST', url: '/api/v2/place_order', payload: body,
      headers: { host: 'localhost:8080', authorization: `Bearer ${alex}`, ...headers },
    });
    if (res.statusCode !== 200) return { res, returnUrl: undefined };
    expect(res.json().code, res.body).toBe(200);
    const { order_id } = res.json().Result as PlaceOrderResult;
    const [payment] = await w.sql<{ return_url: string }>('SELECT return_url FROM payments WHERE order_id = $1', [order_id]);
    return { res, returnUrl: payment!.return_url };
  }

  it('does not return to the site a hostile Origin header names, but to the vendor\'s own', async () => {
    const { returnUrl } = await placeOnline({}, { origin: 'https://evil.example' });
    expect(returnUrl).toBe('http://localhost:8080/');
  });

  it('does not return to a site a poisoned Host header names when the body names the vendor', async () => {
    const { returnUrl } = await placeOnline({ host: 'localhost' }, { host: 'evil.example:8080' });
    expect(returnUrl).toBe('http://localhost/');
  });

  it('refuses a return_url on another site, even on the site the Origin header names', async () => {
    for (const [url, origin] of [
      ['https://evil.example/phish', 'https://evil.example'],
      ['https://localhost.evil.example/payment-online', 'http://localhost:5173'],
      ['https://localhost@evil.example/payment-online', 'http://localhost:5173'],
      ['//evil.example/payment-online', 'http://localhost:5173'],
      ['javascript:alert(1)//localhost/', 'http://localhost:5173'],
    ] as const) {
      const { res } = await placeOnline({ return_url: url }, { origin });
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json().errors), url).toEqual(['return_url']);
    }
  });

  it('returns to the vendor\'s own hosts on any port, as asked or as the calling page', async () => {
    expect((await placeOnline({ return_url: 'http://127.0.0.1:5173/payment-online?x=1' }, {})).returnUrl).toBe('http://127.0.0.1:5173/payment-online?x=1');
    expect((await placeOnline({}, { origin: 'http://localhost:5173' })).returnUrl).toBe('http://localhost:5173/');
  });

  it('counts the configured public URL as the storefront\'s own site', async () => {
    const asked = await placeOnline({ return_url: 'https://shop.harbor.example/payment-online' }, { origin: 'https://shop.harbor.example' }, configured);
    expect(asked.returnUrl).toBe('https://shop.harbor.example/payment-online');
    expect((await placeOnline({}, { origin: 'https://shop.harbor.example' }, configured)).returnUrl).toBe('https://shop.harbor.example/');
    // A hostile Origin falls back to the vendor's primary host (the public URL is not one of its hosts here).
    expect((await placeOnline({}, { origin: 'https://evil.example' }, configured)).returnUrl).toBe('http://localhost/');
  });
});
