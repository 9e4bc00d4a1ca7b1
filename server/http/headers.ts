import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * The headers the server reads (the vendor's host, the bearer token, the calling page's origin, the
 * browser stored with a session), each with the longest value it may have. Longer is no browser's.
 */
export const HEADER_LIMITS: Readonly<Record<string, number>> = {
  host: 300,
  'x-storefront-host': 300,
  authorization: 300,
  origin: 300,
  'user-agent': 1000,
  'accept-language': 300,
};

/** Control characters other than tab: an HTTP parser refuses them, but a proxy or a test may pass them on. */
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** What is wrong with the request's headers, in words, or undefined. */
export function headerProblem(headers: Readonly<Record<string, string | string[] | undefined>>): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((one) => typeof one === 'string' && CONTROL.test(one))) return `The ${name} header holds control characters`;
    const limit = HEADER_LIMITS[name];
    if (limit !== undefined && values.some((one) => typeof one === 'string' && one.length > limit)) {
      return `The ${name} header is longer than ${limit} characters`;
    }
  }
  return undefined;
}

/** Refuses, with 400 and the reason, a request whose headers hold control characters or are absurdly long. */
export function installHeaderChecks(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const problem = headerProblem(request.headers);
    if (problem) throw new HttpError(400, problem);
  });
}
