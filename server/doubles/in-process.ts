import type { DoubleStore, ProviderDouble } from './kit.ts';

/**
 * A `fetch` answered by one double's handler in this process, as the doubles' server would answer it
 * (a JSON or form body read by its content type), for an adapter's unit tests. Each request is noted in
 * `calls` ("POST /path") when given.
 */
export function answeredBy(double: ProviderDouble, store: DoubleStore, calls?: string[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    calls?.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    const raw = typeof init?.body === 'string' ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : '';
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([name, value]) => [name.toLowerCase(), value]));
    const json = String(headers['content-type']).includes('json');
    const body = json ? (raw ? JSON.parse(raw) as Record<string, unknown> : {}) : Object.fromEntries(new URLSearchParams(raw));
    const answer = await double.handle({ method: init?.method ?? 'GET', path: url.pathname.slice(double.name.length + 1), query: url.searchParams, headers, raw, body }, store);
    const type = answer?.headers?.['content-type'] ?? 'application/json';
    const text = typeof answer?.body === 'string' && !type.includes('json') ? answer.body : JSON.stringify(answer?.body ?? { error: 'no route' });
    return new Response(text, { status: answer?.status ?? 404, headers: { ...answer?.headers, 'content-type': type } });
  };
}
