import { $config } from '../platform/config.ts';
import { $locale } from '../i18n/locale.ts';
import { $token, endSession } from '../session/session-state.ts';
import { showError } from '../platform/toast.ts';
import { say } from '../i18n/messages.ts';
import { inCustomerLanguage } from '../i18n/server-messages.ts';
import type { CallAnswer, CallRequest, PostCallName } from '../../../contract/api/calls.ts';
import type { ValidationErrorBody } from '../../../contract/api/common.ts';

/** A failed call: HTTP status, the envelope's code and message, and field errors for 422. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** An answer outside 2xx, with its body read as JSON when it is JSON. */
class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** The body of an answer as JSON; undefined for an empty or non-JSON body. */
async function jsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** The response-error handler waits 500 ms, so a burst of failures shows one message. */
export const ERROR_DEBOUNCE_MS = 500;
let pendingError: ReturnType<typeof setTimeout> | undefined;
function reportDebounced(text: string): void {
  clearTimeout(pendingError);
  pendingError = setTimeout(() => showError(text), ERROR_DEBOUNCE_MS);
}

function firstFieldError(errors: Record<string, string[]> | undefined): string | undefined {
  return errors ? Object.values(errors).flat()[0] : undefined;
}

/**
 * 401 ends the session with 'Session Expired. Try login again' unless the request went
 * with the empty bearer (a guest); 500 'Server error'; 422 the first message of `errors`.
 * Returns the error the caller sees.
 */
function handleFailure(error: unknown, sentToken: string): ApiError {
  if (!(error instanceof HttpFailure)) {
    const failure = new ApiError(0, 0, say('somethingWentWrongTryAgain'));
    reportDebounced(failure.message);
    return failure;
  }
  const status = error.status;
  const body = inCustomerLanguage((error.data ?? {}) as Partial<ValidationErrorBody> & { msg?: string; code?: number });
  if (status === 401) {
    const failure = new ApiError(401, 401, say('sessionExpiredTryLogin'));
    if (sentToken !== '') {
      reportDebounced(failure.message);
      endSession('expired');
    }
    return failure;
  }
  if (status === 422) {
    const message = firstFieldError(body.errors) ?? body.msg ?? say('somethingWentWrong');
    reportDebounced(message);
    return new ApiError(422, 422, message, body.errors ?? {});
  }
  const message = status >= 500 ? say('serverError') : (body.msg ?? say('somethingWentWrong'));
  reportDebounced(message);
  return new ApiError(status, body.code ?? status, message);
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** What a call is sent with: its request without the host, which callApi adds (with the language, unless the body names one). */
export type CallBody<N extends PostCallName> = Omit<CallRequest<N>, 'host'>;

/** The body may be left out when the call needs nothing. */
type CallArguments<N extends PostCallName> = Record<string, never> extends CallBody<N>
  ? [body?: CallBody<N>, options?: CallOptions]
  : [body: CallBody<N>, options?: CallOptions];

/**
 * Calls `<apiBase>/<name>` (a JSON POST) with the bearer token, the vendor host and the
 * language; the name, the body and the answer are typed by the contract. Resolves with the
 * envelope whatever its `code`; rejects with ApiError on HTTP failures after showing the message.
 */
export async function callApi<N extends PostCallName>(name: N, ...[body, options = {}]: CallArguments<N>): Promise<CallAnswer<N>> {
  const config = $config.get();
  const token = $token.get();
  try {
    const response = await fetch(`${config.apiBase}/${name}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'X-Storefront-Host': config.host },
      body: JSON.stringify({ host: config.host, is_langauge: $locale.get(), ...body }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const answer = await jsonBody(response);
    if (!response.ok) throw new HttpFailure(response.status, answer);
    // An answer that is no JSON object is no envelope (a proxy's page, a cut connection): a network failure.
    if (typeof answer !== 'object' || answer === null) throw new TypeError(`${name}: the answer is not JSON`);
    // The server's known texts in the customer's language (docs/behaviour.md#messages-and-errors).
    return inCustomerLanguage(answer as CallAnswer<N>);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw handleFailure(error, token);
  }
}
