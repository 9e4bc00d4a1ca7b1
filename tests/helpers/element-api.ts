/**
 * The API in element tests: calls to the real test server (same-origin through the
 * web-test-runner proxy), signing this page in and out, and a stub that answers
 * some of the page's API calls itself.
 */
import { latestOtp } from './element-input.ts';
import { sharedStore } from './element-state.ts';

export interface ApiEnvelope { code: number; msg?: string; Result?: unknown }

/** POSTs a v2 call for the default vendor (localhost) in English, with an optional bearer token. */
export async function api<T = ApiEnvelope>(name: string, body: Record<string, unknown> = {}, token = ''): Promise<T> {
  const response = await fetch(`/api/v2/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ host: 'localhost', is_langauge: 'en', ...body }),
  });
  return (await response.json()) as T;
}

type Identity = { mobile_number: string; country_code: string; user_role: string; type: string };

const customerIdentity = (mobile: string): Identity => ({ mobile_number: mobile, country_code: '1', user_role: '1', type: 'customer' });

/** Verifies the code the server just sent and signs this page in with the session; returns the token. */
async function verifyHere(identity: Identity): Promise<string> {
  const otp = await latestOtp(identity.mobile_number);
  const verified = await api<{ token: string; user_details: unknown }>('verify_otp', { ...identity, otp });
  sharedStore<string>('persistent:token').set(verified.token);
  sharedStore<unknown>('persistent:user').set(verified.user_details);
  return verified.token;
}

/** Registers a fresh customer through the API and signs this page in; returns the token. */
export async function signInByApi(name = 'Location Tester'): Promise<string> {
  const identity = customerIdentity(`41${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 10)}`);
  await api('registration', { ...identity, user_name: name, email: 'location@example.com' });
  return verifyHere(identity);
}

/** Signs this page in as a seeded customer (Alex Rivera, 4155550100, has 25.00 in the wallet); returns the token. */
export async function signInAs(mobile: string): Promise<string> {
  const identity = customerIdentity(mobile);
  await api('login', identity);
  return verifyHere(identity);
}

export function signOutLocally(): void {
  sharedStore<string>('persistent:token').set('');
  sharedStore<unknown>('persistent:user').set(null);
}

/** Saves an address straight through the API. */
export function addAddressByApi(token: string, address: Record<string, unknown>): Promise<{ code: number; Result: { shiping_id: number } }> {
  return api('add_shiping_address', {
    city: 'San Francisco', address_clarification: 'Home', landmark: '', state: 'CA', flat_no: '', house_name: '', zip_code: '',
    ...address,
  }, token);
}

/** A request the page makes through fetch: the API call's name (last path segment) and its JSON body. */
export interface ApiRequest {
  name: string;
  body: Record<string, unknown>;
  input: RequestInfo | URL;
  init: RequestInit | undefined;
}

export type ApiStubAnswer = (request: ApiRequest, realFetch: typeof fetch) => Response | undefined | Promise<Response | undefined>;

/**
 * Answers the page's fetch calls with `answer` from now on; where it answers undefined,
 * the real server answers. Returns the function that puts the real fetch back.
 */
export function stubApi(answer: ApiStubAnswer): () => void {
  const original = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const name = url.split('?')[0]!.split('/').pop()!;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const stubbed = await answer({ name, body, input, init }, original);
    return stubbed ?? original(input, init);
  };
  return () => {
    window.fetch = original;
  };
}

/** A 200 JSON response. */
export function json(value: unknown): Response {
  return new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
}
