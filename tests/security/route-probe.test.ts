/**
 * The generated probe over every call of the contract (contract/api/calls.ts): for each field of
 * each request schema, nested fields and list items included (`lines.*.quantity`), it sends a
 * request that is valid but for that one field, set in turn to a NUL byte inside text, 100 KB of
 * text, a value of the wrong type, a negative number, 1e20 and '1e20' as text, and in a number field
 * '1e400', 'Infinity', '-Infinity' and '0x10' as text (refused); then an empty and a
 * non-JSON body, and headers with control characters or of absurd length. Each goes once as a
 * guest and once with a signed-in customer's token.
 *
 * Every answer must be a 4xx with a clear message (a `msg` that is not 'Server error'), or a 2xx
 * where the value is one the call may take (a negative number sent as a host name is just an
 * unknown host). NUL, 100 KB and wrong types are never taken. A failure names the call, the field,
 * the value and the answer, so it says what to fix.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { forgetVendors } from '../../server/http/vendor.ts';
import Ajv, { type AnySchema } from 'ajv';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CALLS, type CallName } from '../../contract/api/calls.ts';
import { API_VERSION_PATH } from '../../contract/constants.ts';
import { createCheckoutWorld, HARBOR, type CheckoutWorld } from '../../server/test/checkout-fixtures.ts';
import { issueDriverToken } from '../../server/modules/order-status/index.ts';
import { createSession } from '../../server/modules/accounts/index.ts';
import { RECHARGE_CALLS, type RechargeCallName } from '../../contract/rules/payment-providers.ts';
import { connectDemoAccounts } from '../../server/doubles/demo-accounts.ts';
import { startPaymentDoubles, type PaymentDoubles } from '../../server/doubles/server.ts';
import { startStripeDouble, type StripeDouble } from '../../server/doubles/stripe.ts';
import { ADAPTERS } from '../../server/modules/payments/adapters/index.ts';

/** The parts of a JSON schema the probe reads (TypeBox schemas are plain JSON schemas). */
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
}

/** A field (`lines.*.quantity`) and its schema. */
interface Field {
  path: string[];
  schema: Schema;
}

/** Every field of a request schema, depth first; `*` stands for a list's items. */
function fieldsOf(schema: Schema, path: string[] = []): Field[] {
  const fields: Field[] = [];
  const visit = (child: Schema, at: string[]) => {
    fields.push({ path: at, schema: child });
    fields.push(...fieldsOf(child, at));
  };
  for (const [name, child] of Object.entries(schema.properties ?? {})) visit(child, [...path, name]);
  if (schema.items) visit(schema.items, [...path, '*']);
  for (const member of schema.anyOf ?? []) {
    if (member.properties || member.items) fields.push(...fieldsOf(member, path));
  }
  return fields;
}

/* ---------- a valid request for every call ---------- */

/** A browser's push subscription keys: a P-256 public key and a 16-byte auth secret, base64url. */
const PUSH_KEYS = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };

/** Field values the schema alone cannot give (patterns, ids that must exist), by field name. */
function knownSamples(w: CheckoutWorld, knots: number): Record<string, () => unknown> {
  return {
    mobile_number: () => '4155550100',
    country_code: () => '1',
    otp: () => '123456',
    user_name: () => 'Probe',
    email: () => 'probe@example.com',
    latitude: () => 37.799,
    longitude: () => -122.41,
    restaurant_id: () => w.pizza,
    item_id: () => knots,
    item_ids: () => [knots],
    lines: () => [{ item_id: knots, quantity: 3, price: 6.5 }],
    idempotency_key: () => `probe-${Math.random().toString(36).slice(2)}`,
    payment_method: () => 'cash',
    order_mode: () => 'pickup',
    slug: () => 'golden-gate-pizzeria',
    search: () => 'pizza',
    coupon_code: () => 'WELCOME10',
    cost_range: () => '10-30',
    image: () => 'data:image/png;base64,iVBORw0KGgo=',
    token: () => 'probe-token',
    rating: () => 5,
    address: () => '1600 Stockton St',
    amount: () => 10,
    // A subscription starting in three days at noon (the pizzeria is open at every hour in the probe's world).
    start_date: () => new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    from_date: () => new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    slot: () => '12:00',
    month: () => '2026-11',
    // Three knots reach the pizzeria's minimum order.
    quantity: () => 3,
    // No such subscription (the calls that change one would meet it cancelled by subscription_cancel's own probe).
    subscription_id: () => 999_999,
    // A browser's push subscription (push-subscribe): its push service's address and its keys.
    endpoint: () => 'https://push.example.com/send/probe',
    p256dh: () => PUSH_KEYS.p256dh,
    auth: () => PUSH_KEYS.auth,
  };
}

/**
 * Optional fields the valid requests carry: a saved address needs them, though its schema leaves them to the
 * server's own checks; order_tracking needs an order id when it has no tracking link.
 */
const ALSO_SENT = new Set(['address', 'latitude', 'longitude', 'order_id']);

/** A value the schema takes (with `samples` for what the schema cannot give). */
function sample(schema: Schema, name: string, samples: Record<string, () => unknown>): unknown {
  const known = samples[name]?.();
  // A known value the field's own list of values does not take (a share is paid by wallet or online, never cash) gives way to the list's first.
  if (known !== undefined && !(schema.enum && !schema.enum.includes(known))) return known;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.[0]) return sample(schema.anyOf[0], name, samples);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'string':
      return 'probe'.padEnd(schema.minLength ?? 0, 'e');
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, name, samples));
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || ALSO_SENT.has(key)) value[key] = sample(child, key, samples);
      }
      return value;
    }
    default:
      return 1;
  }
}

/** Sets `path` in `body`, creating what lies on the way (a list gets one valid item). */
function withValue(body: Record<string, unknown>, schema: Schema, path: string[], value: unknown, samples: Record<string, () => unknown>): Record<string, unknown> {
  const copy = structuredClone(body);
  let target: Record<string, unknown> | unknown[] = copy;
  let at: Schema = schema;
  for (const [i, key] of path.entries()) {
    const last = i === path.length - 1;
    const child: Schema = key === '*' ? at.items ?? {} : at.properties?.[key] ?? at.anyOf?.find((m) => m.properties?.[key])?.properties?.[key] ?? {};
    const slot = key === '*' ? 0 : key;
    if (last) {
      Reflect.set(target, slot, value);
      break;
    }
    let next = Reflect.get(target, slot) as Record<string, unknown> | unknown[] | undefined;
    if (next === undefined || next === null || typeof next !== 'object') {
      next = child.type === 'array' || child.items ? [sample(child.items ?? {}, key, samples)] : (sample(child, key, samples) as Record<string, unknown>);
      Reflect.set(target, slot, next);
    } else if (Array.isArray(next) && next.length === 0) {
      next.push(sample(child.items ?? {}, key, samples));
    }
    target = next;
    at = child;
  }
  return copy;
}

/* ---------- the hostile values ---------- */

interface Probe {
  name: string;
  value: (schema: Schema, method: 'GET' | 'POST') => unknown;
  /** The server must refuse it (4xx), whatever the field. */
  refused: boolean;
  /** Sent only to the fields this holds for (all when absent). */
  only?: (schema: Schema) => boolean;
}

/** A field that takes a number and no text but '' (a row id or ''); one that also takes text may be 'Infinity'. */
function takesNumber(schema: Schema): boolean {
  if (schema.type === 'number' || schema.type === 'integer') return true;
  const forms = schema.anyOf ?? [];
  return forms.some(takesNumber) && !forms.some((form) => form.type === 'string' && form.const === undefined);
}

const HUNDRED_KB = 'x'.repeat(100 * 1024);

/** A value of another JSON type than the field's; in a query string, text repeated (a list). */
function wrongType(schema: Schema, method: 'GET' | 'POST'): unknown {
  if (method === 'GET') return schema.type === 'number' || schema.type === 'integer' ? 'not a number' : ['probe', 'probe'];
  if (schema.type === 'string' || schema.enum || schema.anyOf) return { probe: [1] };
  if (schema.type === 'number' || schema.type === 'integer') return 'not a number';
  if (schema.type === 'array') return { probe: 1 };
  if (schema.type === 'object') return 'not an object';
  return { probe: [1] };
}

const PROBES: Probe[] = [
  { name: 'a NUL byte', value: () => 'probe\u0000probe', refused: true },
  { name: '100 KB of text', value: () => HUNDRED_KB, refused: true },
  { name: 'the wrong type', value: wrongType, refused: true },
  { name: '-1', value: () => -1, refused: false },
  { name: '1e20', value: () => 1e20, refused: false },
  { name: "'1e20' as text", value: () => '1e20', refused: false },
  // Text that JavaScript reads as a number but that is no finite decimal number: refused by a number field.
  ...['1e400', 'Infinity', '-Infinity', '0x10'].map((text): Probe => ({ name: `'${text}' as text`, value: () => text, refused: true, only: takesNumber })),
];

/** Headers that reach the database or the answers, each with control characters or absurd length. */
const HEADER_PROBES: Array<{ name: string; headers: Record<string, string> }> = [
  { name: 'a NUL byte in Host', headers: { host: 'local\u0000host:8080' } },
  { name: 'a 10 KB Host', headers: { host: `${'h'.repeat(10 * 1024)}.example` } },
  { name: 'a NUL byte in X-Storefront-Host', headers: { 'x-storefront-host': 'local\u0000host' } },
  { name: 'a 10 KB X-Storefront-Host', headers: { 'x-storefront-host': 'h'.repeat(10 * 1024) } },
  { name: 'a NUL byte in the bearer token', headers: { authorization: 'Bearer abc\u0000def' } },
  { name: 'a 10 KB bearer token', headers: { authorization: `Bearer ${'a'.repeat(10 * 1024)}` } },
  { name: 'a NUL byte in Origin', headers: { origin: 'http://local\u0000host' } },
  { name: 'a NUL byte in User-Agent', headers: { 'user-agent': 'probe\u0000agent' } },
  { name: 'a NUL byte in Accept-Language', headers: { 'accept-language': 'en\u0000' } },
];

/* ---------- sending and judging ---------- */

interface Case {
  label: string;
  refused: boolean;
  send: (token: string | undefined) => Promise<LightMyRequestResponse>;
}

/** What is wrong with an answer, or undefined when it is one the probe accepts. */
function problemOf(response: LightMyRequestResponse, refused: boolean): string | undefined {
  const status = response.statusCode;
  let msg: unknown;
  try {
    msg = (response.json() as { msg?: unknown }).msg;
  } catch {
    msg = undefined;
  }
  const said = `${status} ${JSON.stringify(msg ?? response.body.slice(0, 120))}`;
  if (status >= 500) return `answered ${said}`;
  if (status >= 400) return typeof msg === 'string' && msg.trim() && msg !== 'Server error' ? undefined : `answered ${said} (no clear message)`;
  if (refused) return `was taken: ${said}`;
  return undefined;
}

/** Sends every case as a guest and with the token, a batch at a time; answers the failures. */
async function run(cases: Case[], token: string): Promise<string[]> {
  const failures: string[] = [];
  const jobs = cases.flatMap((c) => [
    { c, who: 'guest', token: undefined as string | undefined },
    { c, who: 'signed in', token },
  ]);
  for (let i = 0; i < jobs.length; i += 25) {
    await Promise.all(jobs.slice(i, i + 25).map(async ({ c, who, token: sent }) => {
      const problem = problemOf(await c.send(sent), c.refused);
      if (problem) failures.push(`${c.label} (${who}) ${problem}`);
    }));
  }
  return failures;
}

function headersFor(token: string | undefined, extra: Record<string, string> = {}): Record<string, string> {
  return { host: `${HARBOR}:8080`, ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra };
}

/** A GET call's query string; a list becomes a repeated key. */
function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, typeof one === 'object' ? JSON.stringify(one) : String(one));
  }
  return params.toString();
}

describe('the route probe: hostile values in every field of every call', () => {
  let w: CheckoutWorld;
  let samples: Record<string, () => unknown>;
  let doubles: PaymentDoubles;
  let stripe: StripeDouble;

  beforeAll(async () => {
    // The payment providers' doubles, and Harbor with an account at each, so the recharge calls open real payments.
    doubles = await startPaymentDoubles();
    stripe = await startStripeDouble();
    // Every call that sends a code takes its valid request from the same number.
    w = await createCheckoutWorld({ otpLimits: { sendsPerNumber: 50 }, paymentDoublesUrl: doubles.url, stripeApiUrl: stripe.url });
    // Every demo vendor's account at every provider with a double, and at Stripe (whose double is started above).
    await connectDemoAccounts(w.t.database.db);
    const token = await w.t.signIn();
    samples = knownSamples(w, await w.item('Garlic Knots'));
    // Subscriptions on, and the knots offered by subscription, so those calls' valid requests succeed too.
    await w.t.database.db.query(`UPDATE vendors SET settings = settings || '{"subscription_status": 1}' WHERE id = (SELECT vendor_id FROM restaurants WHERE id = $1)`, [w.pizza]);
    await w.t.database.db.query('UPDATE items SET is_subscribable = true WHERE id = $1', [await w.item('Garlic Knots')]);
    forgetVendors(w.t.database.db);
    // The valid order places for real, so its later fields (note, images) reach the database too.
    const quote = await w.t.post('check_restaurant_menu_with_price', { restaurant_id: w.pizza, order_mode: 'pickup', lines: [{ item_id: await w.item('Garlic Knots'), quantity: 3, price: 6.5 }] }, { token });
    const total = (quote.body.Result as { total: number }).total;
    samples.expected_total = () => total;
    // A group of the signed-in customer's (its host), so the group calls reach their group.
    const started = await w.t.post('group-start', { restaurant_id: w.pizza, order_mode: 'pickup', payer: 'host' }, { token });
    const group = (started.body.Result as { token: string }).token;
    samples.group = () => group;
  });
  afterAll(async () => {
    await w?.t.close();
    await doubles?.close();
    await stripe?.close();
  });

  /** The recharge calls (limited per customer and hour) and delete_account (which erases its customer) get a customer of their own each time. */
  const ownCustomer = (name: CallName) => name === 'delete_account' || name === 'wallet_recharge' || Object.hasOwn(RECHARGE_CALLS, name);
  let throwaway = 0;
  async function tokenFor(name: CallName): Promise<string> {
    const db = w.t.database.db;
    // The driver app's call takes a driver's token, not a customer's.
    if (name === 'driver_position') {
      const { rows } = await db.query<{ id: number; vendor_id: number }>(
        "SELECT d.id, d.vendor_id FROM drivers d JOIN vendor_hosts h ON h.vendor_id = d.vendor_id WHERE h.host = 'localhost' ORDER BY d.id LIMIT 1",
      );
      return issueDriverToken(db, rows[0]!.vendor_id, rows[0]!.id);
    }
    if (!ownCustomer(name)) return w.t.signIn();
    const { rows } = await db.query<{ id: number; vendor_id: number }>(
      `INSERT INTO users (vendor_id, country_code, mobile_number, user_name)
       SELECT vendor_id, '1', $1, 'Probe' FROM vendor_hosts WHERE host = 'localhost' RETURNING id, vendor_id`,
      [`5550${String((throwaway += 1)).padStart(6, '0')}`],
    );
    return createSession(db, rows[0]!.vendor_id, rows[0]!.id);
  }

  /** The valid request of a call, checked against its own schema the way the server checks it. */
  function validRequest(name: CallName): Record<string, unknown> {
    const call = API_CALLS[name];
    const schema = call.request as Schema;
    const body = sample(schema, '', samples) as Record<string, unknown>;
    const ajv = new Ajv({ strict: false, coerceTypes: call.exactTypes ? false : 'array' });
    const validate = ajv.compile(call.request as AnySchema);
    if (!validate(structuredClone(body))) {
      throw new Error(`No valid sample request for ${name}: ${ajv.errorsText(validate.errors)}; add the field to knownSamples`);
    }
    return body;
  }

  function send(name: CallName, body: Record<string, unknown> | string | undefined, token: string | undefined, extra: { headers?: Record<string, string>; contentType?: string } = {}) {
    const { method } = API_CALLS[name];
    const url = `${API_VERSION_PATH}/${name}`;
    const headers = headersFor(token, extra.headers);
    if (method === 'GET') {
      const query = typeof body === 'object' ? queryString(body) : (body ?? '');
      return w.t.app.inject({ method, url: query ? `${url}?${query}` : url, headers });
    }
    if (extra.contentType) headers['content-type'] = extra.contentType;
    return w.t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body }) });
  }

  const names = Object.keys(API_CALLS) as CallName[];

  /** A provider that does not take Harbor's dollars is not offered: its recharge call is refused plainly (422 on provider), and is expected to be. */
  /**
   * What a group call answers its host on the way through the calls (in the contract's order: the host's
   * part takes the sample's lines, the group is locked, placed, then no longer cancellable), beyond 200: the
   * host cannot leave (403), removes no one who is not a member (404), pays no share of a group the host pays
   * (409), and cannot cancel a group already placed (410).
   */
  const GROUP_REFUSALS: Partial<Record<CallName, number[]>> = {
    'group-leave': [403], 'group-remove-part': [403, 404], 'group-pay-share': [409], 'group-cancel': [410],
  };

  const notOffered = (name: CallName) => {
    if (!Object.hasOwn(RECHARGE_CALLS, name)) return false;
    const currencies = ADAPTERS[RECHARGE_CALLS[name as RechargeCallName]]?.facts.currencies ?? [];
    return currencies !== 'any' && !currencies.includes('USD');
  };

  it('starts from a request every call takes, so each probe reaches as deep as that field goes', async () => {
    const refused: string[] = [];
    for (const name of names) {
      const response = await send(name, validRequest(name), await tokenFor(name));
      const expected = (notOffered(name) && response.statusCode === 422 && response.json<{ msg_key?: string }>().msg_key === 'payment.method_unavailable')
        || (GROUP_REFUSALS[name]?.includes(response.statusCode) ?? false);
      if (response.statusCode !== 200 && !expected) refused.push(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(refused).toEqual([]);
    // Every provider taking dollars opened a payment at its double.
    expect(names.filter((name) => Object.hasOwn(RECHARGE_CALLS, name) && !notOffered(name)).length).toBeGreaterThan(8);
  });

  it.each(names)('%s: every field', async (name) => {
    const schema = API_CALLS[name].request as Schema;
    const body = validRequest(name);
    const cases: Case[] = [];
    for (const field of fieldsOf(schema)) {
      for (const probe of PROBES) {
        if (probe.only && !probe.only(field.schema)) continue;
        const value = probe.value(field.schema, API_CALLS[name].method);
        const probed = withValue(body, schema, field.path, value, samples);
        cases.push({ label: `${name} ${field.path.join('.')} = ${probe.name}`, refused: probe.refused, send: (t) => send(name, probed, t) });
      }
    }
    // A token per call: logout revokes its own.
    expect(await run(cases, await tokenFor(name))).toEqual([]);
  });

  it.each(names)('%s: bodies and headers', async (name) => {
    const body = validRequest(name);
    const cases: Case[] = HEADER_PROBES.map((probe) => ({
      label: `${name} with ${probe.name}`, refused: true, send: (t) => send(name, body, t, { headers: probe.headers }),
    }));
    if (API_CALLS[name].method === 'POST') {
      const required = ((API_CALLS[name].request as Schema).required ?? []).length > 0;
      cases.push(
        { label: `${name} with no body`, refused: required, send: (t) => send(name, undefined, t) },
        { label: `${name} with an empty JSON body`, refused: true, send: (t) => send(name, '', t, { contentType: 'application/json' }) },
        { label: `${name} with a body that is not JSON`, refused: true, send: (t) => send(name, '{"host": "local', t, { contentType: 'application/json' }) },
        { label: `${name} with a JSON list`, refused: true, send: (t) => send(name, '[1,2]', t, { contentType: 'application/json' }) },
        { label: `${name} with JSON null`, refused: true, send: (t) => send(name, 'null', t, { contentType: 'application/json' }) },
        { label: `${name} with a text body`, refused: true, send: (t) => send(name, 'probe\u0000probe', t, { contentType: 'text/plain' }) },
        { label: `${name} with a form body holding a NUL byte`, refused: true, send: (t) => send(name, `host=local%00host&address=a%00b`, t, { contentType: 'application/x-www-form-urlencoded' }) },
      );
    }
    expect(await run(cases, await tokenFor(name))).toEqual([]);
  });
});
