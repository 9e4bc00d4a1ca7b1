/**
 * JSON over HTTP for the providers reached through their REST APIs: a bounded wait, the provider's
 * own error message kept, and nothing retried here (a caller retries where the provider takes an
 * idempotency key).
 */
export class ProviderHttpError extends Error {
  constructor(readonly provider: string, readonly status: number, readonly body: unknown) {
    super(`${provider} answered ${status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
}

export interface ProviderRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent as JSON, unless `form` is set. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  timeoutMs?: number;
}

/** A provider's answer as JSON; throws ProviderHttpError for an answer outside 2xx. */
export async function providerFetch<T>(provider: string, url: string, request: ProviderRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  } else if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  const response = await fetch(url, {
    method: request.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'error',
    signal: AbortSignal.timeout(request.timeoutMs ?? 20_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: kept as text for the error.
  }
  if (!response.ok) throw new ProviderHttpError(provider, response.status, parsed);
  return parsed as T;
}

/** HTTP Basic authorisation of a key pair. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}
