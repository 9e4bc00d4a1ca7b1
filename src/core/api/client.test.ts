import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../i18n/i18n.ts';
import { recentHostEvents } from '../platform/host-events.ts';
import { $token } from '../session/session-state.ts';
import { API_TIMEOUT_MS, ApiError, callApi, RETRY_DELAY_MS } from './client.ts';

// callApi's transport is ofetch over the page's fetch: these tests answer that fetch as a server or a
// proxy would, and check what the customer's code gets back.

interface Sent {
  url: string;
  headers: Headers;
  body: Record<string, unknown>;
}

type Answer = { status: number; body?: unknown; type?: string } | 'network-error' | 'never';

let sent: Sent[];
let answers: Answer[];

function answerWith(...next: Answer[]): void {
  answers = next;
}

beforeAll(() => activateLocale('en'));

beforeEach(() => {
  sent = [];
  answers = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit & { signal?: AbortSignal }) => {
    sent.push({ url, headers: new Headers(init.headers), body: JSON.parse(String(init.body)) as Record<string, unknown> });
    const answer = answers.shift() ?? { status: 200, body: { code: 200 } };
    if (answer === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    if (answer === 'never') {
      return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
    }
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
    return Promise.resolve(new Response(text, { status: answer.status, headers: { 'content-type': answer.type ?? 'application/json' } }));
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $token.set('');
});

const failureOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe('callApi over ofetch', () => {
  it('sends a JSON POST with the bearer token, the vendor host and the language', async () => {
    $token.set('token-1');
    answerWith({ status: 200, body: { code: 200, Result: [] } });
    const answer = await callApi('get_cuisinelist');
    expect(answer).toEqual({ code: 200, Result: [] });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toMatch(/\/api\/v2\/get_cuisinelist$/);
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
    expect(sent[0]!.headers.get('accept')).toBe('application/json');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer token-1');
    expect(sent[0]!.headers.get('x-storefront-host')).toBe(sent[0]!.body.host);
    expect(sent[0]!.body).toMatchObject({ is_langauge: 'en' });
  });

  it('sends a call again, once, when the server was unavailable (503)', async () => {
    vi.useFakeTimers();
    answerWith({ status: 503, body: {} }, { status: 200, body: { code: 200, Result: [] } });
    const answer = callApi('get_cuisinelist');
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(await answer).toEqual({ code: 200, Result: [] });
    expect(sent).toHaveLength(2);
  });

  it('gives up after the one retry', async () => {
    vi.useFakeTimers();
    answerWith({ status: 503, body: {} }, { status: 503, body: {} });
    const failure = failureOf(callApi('get_cuisinelist'));
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(await failure).toMatchObject({ status: 503 });
    expect(sent).toHaveLength(2);
  });

  it('does not send a call without an idempotency key again after a server error or no answer', async () => {
    answerWith({ status: 500, body: { code: 500, msg: 'boom' } });
    const failure = await failureOf(callApi('get_cuisinelist'));
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 500, message: 'Server error' });
    answerWith('network-error');
    expect(await failureOf(callApi('get_cuisinelist'))).toMatchObject({ status: 0, message: 'Something went wrong, Please try again.' });
    expect(sent).toHaveLength(2);
  });

  it('does not repeat a refusal of the server limits (429): its own message reaches the customer', async () => {
    answerWith({ status: 429, body: { code: 429, msg: 'Too many times same mobile number used' } });
    const failure = await failureOf(callApi('login', { mobile_number: '501234567', country_code: '971', user_role: '1', type: 'customer' }));
    expect(failure).toMatchObject({ status: 429, message: 'Too many times same mobile number used' });
    expect(sent).toHaveLength(1);
  });

  it('sends a call with an idempotency key again after no answer, with the same key', async () => {
    vi.useFakeTimers();
    answerWith('network-error', { status: 200, body: { code: 200, Result: { subscription_id: 5, next_date: '2026-12-01' } } });
    const body = {
      restaurant_id: 1, item_id: 2, quantity: 1, order_mode: 'pickup', frequency: 'daily', weekdays: [], slot: '08:00',
      start_date: '2026-12-01', address_id: null, payment_method: 'wallet', idempotency_key: 'key-12345678',
    } as unknown as Parameters<typeof callApi<'subscription'>>[1];
    const answer = callApi('subscription', body);
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    expect(await answer).toMatchObject({ code: 200 });
    expect(sent.map((call) => call.body.idempotency_key)).toEqual(['key-12345678', 'key-12345678']);
  });

  it(`gives a call up as a network failure after ${API_TIMEOUT_MS / 1000} s without an answer`, async () => {
    vi.useFakeTimers();
    answerWith('never');
    const failure = failureOf(callApi('get_cuisinelist'));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(await Promise.race([failure.then(() => 'settled'), Promise.resolve('waiting')])).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await failure).toMatchObject({ status: 0, message: 'Something went wrong, Please try again.' });
  });

  it("ends with the caller's signal, as its abort, not as a failure to show", async () => {
    answerWith('never');
    const controller = new AbortController();
    const failure = failureOf(callApi('get_cuisinelist', {}, { signal: controller.signal }));
    controller.abort();
    const error = await failure;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
    expect(sent).toHaveLength(1);
  });

  it('takes an answer that is no JSON object (a proxy page) as a network failure', async () => {
    answerWith({ status: 200, body: '<html>Bad gateway</html>', type: 'text/html' });
    expect(await failureOf(callApi('get_cuisinelist'))).toMatchObject({ status: 0 });
    answerWith({ status: 200, body: 'not json', type: 'application/json' });
    expect(await failureOf(callApi('get_cuisinelist'))).toMatchObject({ status: 0 });
  });

  it('ends the session on a 401 for the token in use, not for one the customer already ended (a call that left before signing out)', async () => {
    const ended = () => recentHostEvents.filter((event) => event.type === 'sf-sign-out').map((event) => (event as CustomEvent<{ reason: string }>).detail.reason);
    const before = ended().length;
    try {
      $token.set('old-session');
      let release = () => {};
      const held = new Promise<void>((resolve) => { release = resolve; });
      vi.stubGlobal('fetch', async () => {
        await held;
        return new Response(JSON.stringify({ code: 401 }), { status: 401, headers: { 'content-type': 'application/json' } });
      });
      const stale = failureOf(callApi('get_user_details_web', {}));
      $token.set(''); // the customer signed out (or deleted the account) while the call was on its way
      release();
      expect(await stale).toMatchObject({ status: 401 });
      expect(ended().slice(before)).toEqual([]);
      $token.set('current-session');
      expect(await failureOf(callApi('get_user_details_web', {}))).toMatchObject({ status: 401 });
      expect(ended().slice(before)).toEqual(['expired']);
    } finally {
      $token.set('');
    }
  });

  it("shows a 422's first field error and keeps them all", async () => {
    answerWith({ status: 422, body: { code: 422, msg: 'Invalid input', errors: { mobile_number: ['Mobile number invalid', 'Too short'], otp: ['Invalid OTP'] } } });
    const failure = await failureOf(callApi('login', { mobile_number: '1', country_code: '971', user_role: '1', type: 'customer' }));
    expect(failure).toMatchObject({ status: 422, message: 'Mobile number invalid', errors: { mobile_number: ['Mobile number invalid', 'Too short'], otp: ['Invalid OTP'] } });
  });
});
