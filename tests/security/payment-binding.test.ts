// Finding 6: the test payment page settled a session for anyone who had its id, and took a
// form post from any site. Its link now carries a token signed for the session, the customer
// and an expiry, which the page and its post require; posts come only from the page's own origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceOrderResult } from '../../contract/api/checkout.ts';
import { buildApp } from '../../server/app.ts';
import { signLink } from '../../server/modules/payments/index.ts';
import { ALEX, createCheckoutWorld, order, pressPaymentButton, SAM, truffleCart, type CheckoutWorld, type TruffleCart } from '../../server/test/checkout-fixtures.ts';
import { injectCall } from '../../server/test/test-app.ts';

const OWN = 'http://localhost:8080';

describe('the test payment page is bound to the customer who placed the order', () => {
  let w: CheckoutWorld;
  let cart: TruffleCart;
  let alex: string;
  let alexId: number;
  let samId: number;
  beforeAll(async () => {
    w = await createCheckoutWorld();
    cart = await truffleCart(w, 100);
    alex = cart.alex;
    const ids = await w.sql<{ id: number; mobile_number: string }>('SELECT id, mobile_number FROM users WHERE mobile_number = ANY($1::text[])', [[ALEX, SAM]]);
    alexId = ids.find((u) => u.mobile_number === ALEX)!.id;
    samId = ids.find((u) => u.mobile_number === SAM)!.id;
  });
  afterAll(async () => w.t.close());

  /** An online pickup order placed by Alex: its session id and the link place_order answered. */
  async function placeOnline(): Promise<{ session: string; link: URL; orderId: number }> {
    const lines = cart.lines();
    const quote = await w.t.post('check_restaurant_menu_with_price', { restaurant_id: w.pizza, order_mode: 'pickup', lines }, { token: alex });
    const total = (quote.body.Result as { total: number }).total;
    const placed = await w.t.post('place_order', order(w.pizza, lines, total, { payment_method: 'online', return_url: `${OWN}/payment-online` }), { token: alex });
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    const result = placed.body.Result as PlaceOrderResult;
    const link = new URL(result.payment_url);
    return { session: decodeURIComponent(link.pathname.split('/').pop()!), link, orderId: result.order_id };
  }

  const open = (path: string) => w.t.app.inject({ method: 'GET', url: path, headers: { host: 'localhost:8080' } });
  const post = (path: string, headers: Record<string, string> = { origin: OWN }, action = 'pay') => pressPaymentButton(w.t.app, path, action, headers);
  const paymentStatus = async (orderId: number) =>
    (await w.sql<{ status: string }>('SELECT status FROM payments WHERE order_id = $1', [orderId]))[0]?.status;
  const secret = () => w.t.app.runtime.secrets.paymentLink;
  const inAMinute = () => new Date(Date.now() + 60_000);

  it('answers a link with a token, and the page opens and settles with it', async () => {
    const { link, orderId } = await placeOnline();
    expect(link.searchParams.get('token')).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const page = await open(link.pathname + link.search);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('value="pay"');
    const paid = await post(link.pathname + link.search);
    expect(paid.statusCode).toBe(303);
    expect(await paymentStatus(orderId)).toBe('paid');
  });

  it('the session id alone neither opens nor settles the page', async () => {
    const { link, orderId } = await placeOnline();
    const page = await open(link.pathname);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This payment link is not valid.');
    expect(page.body).not.toContain('value="pay"');
    expect((await post(link.pathname)).statusCode).toBe(404);
    expect(await paymentStatus(orderId)).toBe('pending');
  });

  it('refuses a token made for another customer, another session, or tampered with', async () => {
    const { session, link, orderId } = await placeOnline();
    const other = await placeOnline();
    const token = link.searchParams.get('token')!;
    const [expires, mac] = token.split('.');
    const wrong = {
      'another customer': signLink(secret(), session, samId, inAMinute()),
      'another session': other.link.searchParams.get('token')!,
      'another key': signLink('not-the-server-key', session, alexId, inAMinute()),
      'a later expiry': `${Number(expires) + 3600}.${mac}`,
      'a changed signature': `${expires}.${mac!.startsWith('A') ? 'B' : 'A'}${mac!.slice(1)}`,
      'no signature': expires!,
    };
    for (const [what, bad] of Object.entries(wrong)) {
      const path = `${link.pathname}?token=${encodeURIComponent(bad)}`;
      expect((await open(path)).statusCode, what).toBe(404);
      expect((await post(path)).statusCode, what).toBe(404);
    }
    expect(await paymentStatus(orderId)).toBe('pending');
  });

  it('refuses an expired token with its own page, and settles nothing', async () => {
    const { session, link, orderId } = await placeOnline();
    const path = `${link.pathname}?token=${signLink(secret(), session, alexId, new Date(Date.now() - 1000))}`;
    const page = await open(path);
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('This payment link has expired.');
    expect(page.body).not.toContain('value="pay"');
    expect((await post(path)).statusCode).toBe(403);
    expect(await paymentStatus(orderId)).toBe('pending');
  });

  it('refuses a post from another origin, or from nowhere it can tell, with a clear page', async () => {
    const { link, orderId } = await placeOnline();
    const path = link.pathname + link.search;
    const crossSite: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:8081' },
      { referer: 'https://evil.example/pay' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ];
    for (const headers of crossSite) {
      const refused = await post(path, headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.body).toContain('A payment can only be made from its own payment page.');
    }
    expect(await paymentStatus(orderId)).toBe('pending');
    // Its own page's post, told by Referer or Sec-Fetch-Site where a browser sends no Origin, is taken.
    expect((await post(path, { referer: `${OWN}${path}` }, 'cancel')).statusCode).toBe(303);
    expect(await paymentStatus(orderId)).toBe('cancelled');
    const second = await placeOnline();
    expect((await post(second.link.pathname + second.link.search, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(303);
    expect(await paymentStatus(second.orderId)).toBe('paid');
  });

  it('lets the browser send the page\'s origin with its post: the page\'s referrer policy is not no-referrer', async () => {
    const { link } = await placeOnline();
    const page = await open(link.pathname + link.search);
    // A form post from a no-referrer page carries `Origin: null`, which the post refuses.
    expect(page.headers['referrer-policy']).toBe('same-origin');
  });

  it('a production server without PAYMENT_TEST_PROVIDER has no test payment page and takes no online payment', async () => {
    const { link } = await placeOnline();
    const production = await buildApp({ db: w.t.database.db, logger: false, production: true, publicUrl: OWN, paymentSweepMs: 0 });
    try {
      const page = await production.inject({ method: 'GET', url: link.pathname + link.search, headers: { host: 'localhost:8080' } });
      expect(page.body).not.toContain('Test payment');
      const lines = cart.lines();
      const placed = await injectCall(production, 'place_order', order(w.pizza, lines, 22.5, { payment_method: 'online' }), { token: alex });
      expect(placed.statusCode).toBe(422);
      expect(placed.json().errors).toEqual({ payment_method: ['Online payment is not available for this store'] });
    } finally {
      await production.close();
    }
  });
});
