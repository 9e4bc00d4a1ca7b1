import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harborFixture, insertOrder } from '../../../test/orders-fixtures.ts';
import { createTestApp, HARBOR, type TestApp } from '../../../test/test-app.ts';

const customer = { country_code: '1', user_role: '1', type: 'customer' } as const;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const png = `data:image/png;base64,${PNG.toString('base64')}`;

describe('profile, delete account and bug reports', () => {
  let t: TestApp;
  let h: Awaited<ReturnType<typeof harborFixture>>;
  beforeAll(async () => {
    t = await createTestApp();
    h = await harborFixture(t.database.db);
  });
  afterAll(async () => t.close());

  const devOtp = async (mobile: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/dev/otp.json?mobile_number=${mobile}&host=localhost` });
    return res.json<{ otp: string }>().otp;
  };
  /** Registers a new customer by the API and returns the token and user id. */
  const register = async (mobile: string, name: string) => {
    await t.call('registration', { ...customer, mobile_number: mobile, user_name: name, email: 'first@example.com' });
    const body = (await t.call('verify_otp', { ...customer, mobile_number: mobile, otp: await devOtp(mobile) })).json();
    expect(body.code).toBe(200);
    return { token: body.token as string, userId: body.user_details.user_id as number };
  };

  it('update_profile needs the bearer, a name and a valid email, and answers the new details', async () => {
    const { token } = await register('4155557001', 'Jo Park');
    expect((await t.post('update_profile', { user_name: 'Jo', email: 'jo@example.com' })).status).toBe(401);
    const blank = await t.post('update_profile', { user_name: '   ', email: 'jo@example.com' }, { token });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ user_name: ['Name is required'] });
    const bad = await t.post('update_profile', { user_name: 'Jo', email: 'not-an-email' }, { token });
    expect(bad.body.errors).toEqual({ email: ['Email invalid'] });
    expect((await t.post('update_profile', { user_name: 'Jo', email: '' }, { token })).status).toBe(422);
    expect((await t.post('update_profile', { user_name: 'x'.repeat(101), email: 'jo@example.com' }, { token })).status).toBe(422);

    const ok = await t.post('update_profile', { user_name: '  Jo Kim ', email: ' Jo.Kim@Example.com ' }, { token });
    expect(ok.body).toMatchObject({ code: 200, user_details: { user_name: 'Jo Kim', email: 'jo.kim@example.com', mobile_number: '4155557001' } });
    expect((await t.post('get_user_details_web', {}, { token })).body).toMatchObject({ user_details: { user_name: 'Jo Kim' } });
  });

  it('delete_account revokes every session, erases the person, keeps the orders and frees the number', async () => {
    const mobile = '4155557002';
    const first = await register(mobile, 'Dee Leet');
    const second = await t.signIn(HARBOR, mobile);
    const db = t.database.db;
    await t.post('add_shiping_address', {
      address_clarification: 'Home', address: '1 Private Lane', flat_no: '2', house_name: 'H', landmark: '',
      city: 'SF', state: '', zip_code: '', latitude: 37.77, longitude: -122.41,
    }, { token: first.token });
    const orderId = await insertOrder(db, { vendorId: h.vendorId, userId: first.userId, restaurantId: h.pizzeria, lines: [{ itemId: h.margherita, quantity: 2 }] });
    await db.query(`UPDATE orders SET delivery_address = '1 Private Lane', note = 'ring twice' WHERE id = $1`, [orderId]);
    const before = (await db.query<{ total_minor: string }>('SELECT total_minor FROM orders WHERE id = $1', [orderId])).rows[0]!;
    await t.post('customer_report_bug', { description: 'Broken', images: [png] }, { token: first.token });
    // A password and a linked Google identity are the person's too.
    await db.query(`UPDATE users SET password_hash = 'scrypt$x$y', password_changed_at = now() WHERE id = $1`, [first.userId]);
    await db.query(`INSERT INTO social_identities (vendor_id, provider, subject, user_id) VALUES ($1, 'google', 'g-dee', $2)`, [h.vendorId, first.userId]);

    expect((await t.post('delete_account', {})).status).toBe(401);
    expect((await t.post('delete_account', {}, { token: first.token })).body).toEqual({ code: 200, msg: 'Account deleted' });

    // Both sessions are gone.
    for (const token of [first.token, second]) {
      const res = await t.post('get_user_details_web', {}, { token });
      expect(res.status).toBe(401);
      expect((await t.post('delete_account', {}, { token })).status).toBe(401);
    }
    const user = (await db.query('SELECT user_name, email, mobile_number, country_code, deleted_at FROM users WHERE id = $1', [first.userId])).rows[0];
    expect(user).toMatchObject({ user_name: '', email: '', mobile_number: `deleted-${first.userId}`, country_code: '' });
    expect(user.deleted_at).not.toBeNull();
    const count = async (sql: string) => Number((await db.query<{ n: string }>(sql, [first.userId])).rows[0]!.n);
    expect(await count('SELECT count(*) AS n FROM addresses WHERE user_id = $1')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM bug_reports WHERE user_id = $1')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM social_identities WHERE user_id = $1')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM users WHERE id = $1 AND (password_hash IS NOT NULL OR password_changed_at IS NOT NULL)')).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM otp_codes WHERE mobile_number = '${mobile}' AND $1::bigint > 0`)).toBe(0);
    // The order stays for the vendor's books, with its totals and lines, without the address or note.
    const order = (await db.query('SELECT total_minor, delivery_address, note, delivery_latitude FROM orders WHERE id = $1', [orderId])).rows[0];
    expect(order).toMatchObject({ total_minor: before.total_minor, delivery_address: '', note: '', delivery_latitude: null });
    expect(await count(`SELECT count(*) AS n FROM order_lines WHERE order_id = ${orderId} AND $1::bigint > 0`)).toBe(1);

    // The number is unknown now and registers afresh as a new customer.
    expect((await t.call('check_mobile_number', { ...customer, mobile_number: mobile })).json().code).toBe(101);
    const again = await register(mobile, 'New Person');
    expect(again.userId).not.toBe(first.userId);
    expect((await t.post('get_user_details_web', {}, { token: again.token })).body).toMatchObject({ user_details: { user_name: 'New Person', email: 'first@example.com' } });
    expect((await t.post('order_history', {}, { token: again.token })).body.Result ?? []).toEqual([]);
  });

  it('customer_report_bug stores the description, screenshots, page and browser', async () => {
    const { token, userId } = await register('4155557003', 'Bug Finder');
    expect((await t.post('customer_report_bug', { description: 'x' })).status).toBe(401);
    const res = await t.post('customer_report_bug', {
      description: 'The cart\nforgets my items', images: [png, png], page: 'http://localhost/review-cart', user_agent: 'Test/1.0',
    }, { token });
    expect(res.body).toMatchObject({ code: 200, msg: 'Thank you. Your report has been sent.' });
    const id = (res.body.Result as { report_id: number }).report_id;
    const row = (await t.database.db.query('SELECT user_id, vendor_id, description, page, user_agent FROM bug_reports WHERE id = $1', [id])).rows[0];
    expect(row).toMatchObject({ description: 'The cart\nforgets my items', page: 'http://localhost/review-cart', user_agent: 'Test/1.0' });
    expect(Number(row.user_id)).toBe(userId);
    expect(Number(row.vendor_id)).toBe(h.vendorId);
    const images = await t.database.db.query('SELECT mime_type FROM bug_report_images WHERE report_id = $1 ORDER BY position', [id]);
    expect(images.rows.map((r) => r.mime_type)).toEqual(['image/png', 'image/png']);
    // Page and browser are cut to 500 characters.
    const long = await t.post('customer_report_bug', { description: 'Long', page: 'p'.repeat(1500), user_agent: 'u'.repeat(1500) }, { token });
    const cut = (await t.database.db.query('SELECT length(page) AS p, length(user_agent) AS u FROM bug_reports WHERE id = $1', [(long.body.Result as { report_id: number }).report_id])).rows[0];
    expect(cut).toMatchObject({ p: 500, u: 500 });
  });

  it('customer_report_bug refuses a blank description, more images than the limit and what is not an image', async () => {
    const { token } = await register('4155557004', 'Bug Finder');
    expect((await t.post('customer_report_bug', { description: '  \n ' }, { token })).status).toBe(422);
    expect((await t.post('customer_report_bug', { description: 'x'.repeat(2001) }, { token })).status).toBe(422);
    expect((await t.post('customer_report_bug', { description: 'bad\u0000' }, { token })).status).toBe(422);
    const tooMany = await t.post('customer_report_bug', { description: 'Four', images: [png, png, png, png] }, { token });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ images: ['You have reached max image upload limit'] });
    const notImage = await t.post('customer_report_bug', { description: 'Svg', images: [png, `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`] }, { token });
    expect(notImage.body.errors).toEqual({ 'images.1': ['Please choose a PNG, JPEG, WebP or GIF image'] });
    const big = `data:image/png;base64,${Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]).toString('base64')}`;
    expect((await t.post('customer_report_bug', { description: 'Big', images: [big] }, { token })).body.errors).toEqual({ 'images.0': ['The image must be 2 MB or smaller'] });
    const { rows } = await t.database.db.query("SELECT count(*)::int AS n FROM bug_reports WHERE description IN ('Four', 'Svg', 'Big')");
    expect(rows[0].n).toBe(0);
  });
});
