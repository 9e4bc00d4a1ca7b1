/**
 * Finding 2, "500 on ordinary bad input": a NUL byte in a text field or in the Host header, and
 * numbers past PostgreSQL's range, ended in 'Server error'. Each is now a 4xx that says what is
 * wrong; a value that still slipped past the schemas is refused by the database with 422, not 500.
 * (The generated probe over every call is route-probe.test.ts.)
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../server/http/errors.ts';
import { createTestApp, HARBOR, type TestApp } from '../../server/test/test-app.ts';

const NEAR = { latitude: 37.799, longitude: -122.41 };

describe('bad numbers and control characters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** The nearby-store list (get_nearby_restaurant_v2) with `extra` in its body: status and first message. */
  async function nearby(extra: Record<string, unknown>, headers: Record<string, string> = {}) {
    const response = await t.app.inject({
      method: 'POST', url: '/api/v2/get_nearby_restaurant_v2', headers: { host: `${HARBOR}:8080`, ...headers }, payload: { ...NEAR, ...extra },
    });
    const body = response.json<{ code: number; msg?: string; errors?: Record<string, string[]> }>();
    return { status: response.statusCode, msg: body.msg, errors: body.errors };
  }

  it('refuses skip, total_record and vendor_id past their range with 422 and the range', async () => {
    expect(await nearby({ skip: 1e20 })).toMatchObject({ status: 422, errors: { skip: ['skip must be a whole number from 0 to 100000'] } });
    expect(await nearby({ skip: -1 })).toMatchObject({ status: 422, msg: 'skip must be a whole number from 0 to 100000' });
    expect(await nearby({ skip: 2.5 })).toMatchObject({ status: 422, msg: 'skip must be a whole number from 0 to 100000' });
    expect(await nearby({ total_record: 1e20 })).toMatchObject({ status: 422, msg: 'total_record must be a whole number from 1 to 1000' });
    expect(await nearby({ vendor_id: 1e20 })).toMatchObject({ status: 422, msg: 'vendor_id must be a positive whole number' });
    expect(await nearby({ cuisine_id: '1e20' })).toMatchObject({ status: 422, msg: 'cuisine_id must be a positive whole number' });
    expect((await nearby({ skip: 100_000 })).status).toBe(200);
  });

  it('reads a number from finite decimal text only: infinite, hexadecimal and padded text are refused with the bounds', async () => {
    for (const text of ['1e400', 'Infinity', '-Infinity', '0x10', '0b1', ' 5']) {
      expect(await nearby({ skip: text })).toMatchObject({ status: 422, errors: { skip: ['skip must be a whole number from 0 to 100000'] } });
      expect(await nearby({ latitude: text })).toMatchObject({ status: 422, errors: { latitude: ['Latitude must be between -90 and 90'] } });
      expect(await nearby({ cuisine_id: text })).toMatchObject({ status: 422, msg: 'cuisine_id must be a positive whole number' });
    }
    // Decimal text is still read as the number it is, and text fields keep any text.
    expect((await nearby({ skip: '12', latitude: '37.799', longitude: '-1.2241e2' })).status).toBe(200);
    expect((await nearby({ cityname: 'Infinity' })).status).toBe(200);
    // Every bad field is named, the loose number beside the others.
    expect(await nearby({ skip: 'Infinity', total_record: 0 })).toMatchObject({
      status: 422, errors: { skip: ['skip must be a whole number from 0 to 100000'], total_record: ['total_record must be a whole number from 1 to 1000'] },
    });
    // In a query string, and in a list made of one value.
    const token = await t.signIn();
    for (const after of ['1e400', 'Infinity', '0x10']) {
      const events = await t.app.inject({ url: `/api/v2/events?after=${after}`, headers: { host: `${HARBOR}:8080`, authorization: `Bearer ${token}` } });
      expect(events.statusCode).toBe(422);
      const stream = await t.app.inject({ url: `/api/v2/events/stream?after=${after}`, headers: { host: `${HARBOR}:8080`, authorization: `Bearer ${token}` } });
      expect(stream.statusCode).toBe(422);
    }
    const items = await t.post('get_items_status', { restaurant_id: 1, item_ids: 'Infinity' });
    expect(items).toMatchObject({ status: 422, body: { msg: 'item_ids must be a list of at most 500 item ids' } });
  });

  it("refuses a cost_range past 9 digits, and takes the largest it allows", async () => {
    expect(await nearby({ cost_range: '1e20-1e21' })).toMatchObject({ status: 422, msg: "cost_range must look like '10-30'" });
    expect(await nearby({ cost_range: '1234567890-1' })).toMatchObject({ status: 422, msg: "cost_range must look like '10-30'" });
    expect((await nearby({ cost_range: '999999999.9999-999999999.9999' })).status).toBe(200);
  });

  it('refuses a NUL byte in a text field with 422 naming the field', async () => {
    expect(await nearby({ cityname: 'San\u0000Francisco' })).toMatchObject({
      status: 422, errors: { cityname: ['cityname must not contain control characters'] },
    });
    expect(await nearby({ host: 'local\u0000host' })).toMatchObject({ status: 422, msg: 'host must not contain control characters' });
    const slug = await t.post('get_restaurant_detail_by_slug', { slug: 'golden-gate\u0000pizzeria' });
    expect(slug).toMatchObject({ status: 422, body: { msg: 'slug must not contain control characters' } });
    const token = await t.signIn();
    const coupon = await t.post('coupon_redeem', {
      restaurant_id: 1, order_mode: 'pickup', lines: [{ item_id: 1, quantity: 1, price: 1 }], coupon_code: 'WELCOME\u000010',
    }, { token });
    expect(coupon).toMatchObject({ status: 422, body: { msg: 'coupon_code must not contain control characters' } });
  });

  it('refuses a NUL byte or an absurd length in the Host header, and a NUL byte in the bearer token, with 400', async () => {
    expect(await nearby({}, { host: 'local\u0000host:8080' })).toMatchObject({ status: 400, msg: 'The host header holds control characters' });
    expect(await nearby({}, { host: `${'h'.repeat(10 * 1024)}.example` })).toMatchObject({ status: 400, msg: 'The host header is longer than 300 characters' });
    expect(await nearby({}, { 'x-storefront-host': 'local\u0000host' })).toMatchObject({ status: 400 });
    expect(await nearby({}, { authorization: 'Bearer abc\u0000def' })).toMatchObject({ status: 400, msg: 'The authorization header holds control characters' });
    // A query string may carry a host its schema does not name.
    const settings = await t.app.inject({ url: '/api/v2/settings?vendor_id=1&host=local%00host', headers: { host: `${HARBOR}:8080` } });
    expect(settings.statusCode).toBe(400);
    expect(settings.json()).toMatchObject({ msg: 'The host name is not valid' });
  });
});

describe('a value the database refuses', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    // A route that hands its query to the database unchecked, as a schema without a bound would.
    app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/raw', async (request) => {
      const { sql, value } = request.query as { sql: string; value: string };
      const casts: Record<string, string> = { text: '$1::text', bigint: '$1::bigint', int: '$1::int', time: '$1::timestamptz' };
      const { rows } = await t.database.db.query(`SELECT ${casts[sql] ?? '$1::text'} AS v`, [value]);
      return rows[0];
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('answers 422 with a clear message, never 500, and the next request still works', async () => {
    const ask = async (sql: string, value: string) => {
      const response = await app.inject({ url: `/raw?${new URLSearchParams({ sql, value }).toString()}` });
      return { status: response.statusCode, body: response.json<unknown>() };
    };
    expect(await ask('text', 'a\u0000b')).toEqual({
      status: 422, body: { code: 422, msg: 'The request holds characters that cannot be stored', errors: { body: ['The request holds characters that cannot be stored'] } },
    });
    expect(await ask('bigint', '100000000000000000000')).toMatchObject({ status: 422, body: { msg: 'A number in the request is out of range' } });
    expect(await ask('int', '1e20')).toMatchObject({ status: 422, body: { msg: 'A value in the request is not valid' } });
    expect(await ask('time', 'nonsense')).toMatchObject({ status: 422, body: { msg: 'A date or time in the request is not valid' } });
    expect(await ask('bigint', '42')).toEqual({ status: 200, body: { v: 42 } });
  });

  it('answers a change the database refuses for one of its rules with 409 or 422, never 500', async () => {
    // A route that writes what it is given, as a domain function that missed a race or a rule would.
    const writer = Fastify({ logger: false });
    installErrorHandler(writer);
    writer.post('/write', async (request) => {
      const { sql } = request.body as { sql: string };
      await t.database.db.query(sql);
      return { done: true };
    });
    await writer.ready();
    try {
      const write = async (sql: string) => {
        const response = await writer.inject({ method: 'POST', url: '/write', payload: { sql } });
        return { status: response.statusCode, body: response.json<unknown>() };
      };
      const { rows: [host] } = await t.database.db.query<{ host: string; vendor_id: number }>('SELECT host, vendor_id FROM vendor_hosts LIMIT 1');
      // The same row twice (unique), a row that is not there (foreign key), a value a check refuses, a value missing.
      expect(await write(`INSERT INTO vendor_hosts (host, vendor_id) VALUES ('${host!.host}', ${host!.vendor_id})`))
        .toEqual({ status: 409, body: { code: 409, msg: 'This was already done; reload and try again' } });
      expect(await write(`INSERT INTO vendor_hosts (host, vendor_id) VALUES ('nowhere.example', 999999999)`))
        .toEqual({ status: 409, body: { code: 409, msg: 'Something this refers to has changed; reload and try again' } });
      expect(await write(`INSERT INTO support_messages (vendor_id, user_id, sender, body) VALUES (${host!.vendor_id}, 1, 'robot', 'hi')`))
        .toEqual({ status: 422, body: { code: 422, msg: 'A value in the request is not valid' } });
      expect(await write(`INSERT INTO vendor_hosts (host, vendor_id) VALUES (NULL, ${host!.vendor_id})`))
        .toEqual({ status: 422, body: { code: 422, msg: 'A value the request needs is missing' } });
    } finally {
      await writer.close();
    }
  });
});
