/**
 * A stand-in for core/api/client.ts in unit tests: every callApi is recorded in
 * `apiStub.calls` and answered by `apiStub.answer`. A test file swaps it in with
 *
 *   vi.mock('./client.ts', async () => (await import('./client-stub.test-helpers.ts')).stubbedClient());
 *
 * and imports `apiStub` to set answers and read the calls. Only the mock factory
 * loads application code (the real ApiError), so the test's own import of this
 * module does not load the client before it is mocked.
 */
import { vi } from 'vitest';

export interface ApiCall {
  name: string;
  /** A copy of the body as it was sent, so later changes to the caller's object do not show here. */
  body: Record<string, unknown>;
  signal?: AbortSignal;
}

export type ApiAnswer = (call: ApiCall) => unknown;

const defaultAnswer: ApiAnswer = () => ({ code: 200 });

export const apiStub = {
  calls: [] as ApiCall[],
  answer: defaultAnswer,
  /** Forgets the calls and answers with `answer` from now on ({ code: 200 } unless given). */
  reset(answer: ApiAnswer = defaultAnswer): void {
    this.calls.length = 0;
    this.answer = answer;
  },
};

/** The module that replaces core/api/client.ts: the real ApiError, a recording callApi. */
export async function stubbedClient() {
  const { ApiError } = await vi.importActual<typeof import('./client.ts')>('./client.ts');
  return {
    ApiError,
    callApi: vi.fn(async (name: string, body: Record<string, unknown> = {}, options: { signal?: AbortSignal } = {}) => {
      const call: ApiCall = { name, body: structuredClone(body), ...(options.signal ? { signal: options.signal } : {}) };
      apiStub.calls.push(call);
      return apiStub.answer(call);
    }),
  };
}
