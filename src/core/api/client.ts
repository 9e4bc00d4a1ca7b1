import { FetchError, ofetch } from 'ofetch';
import { $config } from '../platform/config.ts';
import { $locale } from '../i18n/locale.ts';
import { $token, endSession } from '../session/session-state.ts';
import { showError } from '../platform/toast.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { inCustomerLanguage } from '../i18n/server-texts.ts';
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
  // No answer (offline, a cut connection, the timeout) or no envelope: a network failure.
  if (!(error instanceof FetchError) || !error.response) {
    const failure = new ApiError(0, 0, say(MESSAGES.somethingWentWrongTryAgain));
    reportDebounced(failure.message);
    return failure;
  }
  const status = error.response.status;
  const data: unknown = error.data;
  const body = inCustomerLanguage((typeof data === 'object' && data !== null ? data : {}) as Partial<ValidationErrorBody> & { msg?: string; code?: number });
  if (status === 401) {
    const failure = new ApiError(401, 401, say(MESSAGES.sessionExpiredTryLogin));
    // Only the session still in use has expired: a call that left before the customer signed out (or deleted
    // the account) answers 401 for a token already gone, and the customer is not sent to sign in again.
    if (sentToken !== '' && sentToken === $token.get()) {
      reportDebounced(failure.message);
      endSession('expired');
    }
    return failure;
  }
  if (status === 422) {
    const message = firstFieldError(body.errors) ?? body.msg ?? say(MESSAGES.somethingWentWrong);
    reportDebounced(message);
    return new ApiError(422, 422, message, body.errors ?? {});
  }
  const message = status >= 500 ? say(MESSAGES.serverError) : (body.msg ?? say(MESSAGES.somethingWentWrong));
  reportDebounced(message);
  return new ApiError(status, body.code ?? status, message);
}

/** A call that has not answered in 30 s is given up as a network failure. */
export const API_TIMEOUT_MS = 30_000;
/** One more try, 1 s later, for an answer that says the request was not acted on. */
export const RETRY_DELAY_MS = 1_000;
/**
 * Refused before any work (a proxy timed out waiting for the request; the server is unavailable, as while
 * it restarts): safe to send again. Not 429: the server's limits answer it with their own message.
 */
const RETRY_ALWAYS = [408, 503];
/**
 * A call with an idempotency key (placing an order, starting a subscription) is done at most once by the
 * server, so it is also sent again after no answer (ofetch counts it as 500) or a server's or gateway's
 * failure. Not after its timeout: ofetch 1.5 sends the retry with the timed-out signal, so it ends at once.
 */
const RETRY_WITH_KEY = [408, 500, 502, 503, 504];

/**
 * ofetch does the HTTP: a JSON POST (body serialized, `Accept` and `Content-Type` set), the answer's JSON
 * parsed (safely: no prototype keys), the timeout, one retry, and a FetchError with the status and the
 * parsed body for an answer outside 2xx.
 */
const transport = ofetch.create({ method: 'POST', timeout: API_TIMEOUT_MS, retry: 1, retryDelay: RETRY_DELAY_MS });

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
  const request = { host: config.host, is_langauge: $locale.get(), ...body };
  try {
    const answer = await transport<unknown>(`${config.apiBase}/${name}`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Storefront-Host': config.host },
      body: request,
      retryStatusCodes: 'idempotency_key' in request ? RETRY_WITH_KEY : RETRY_ALWAYS,
      // A caller's own signal ends the call instead of the timeout (ofetch applies one or the other).
      ...(options.signal ? { signal: options.signal, retry: 0 } : {}),
    });
    // An answer that is no JSON object is no envelope (a proxy's page, a cut connection): a network failure.
    if (typeof answer !== 'object' || answer === null) throw new TypeError(`${name}: the answer is not JSON`);
    // The server's known texts in the customer's language (docs/behaviour.md#messages-and-errors).
    return inCustomerLanguage(answer as CallAnswer<N>);
  } catch (error) {
    // The caller ended the call: its own abort, not a failure to show (ofetch wraps it in a FetchError).
    if (options.signal?.aborted) throw options.signal.reason;
    throw handleFailure(error, token);
  }
}
