import type { FastifyRequest } from 'fastify';

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a browser request comes from a page of `own` origin, for pages that take form posts
 * (a hidden form on another site must not act for the customer): the Origin header when sent
 * (`null`, as from a sandboxed frame or a no-referrer page, is not the own origin); else the
 * Referer's origin; else Sec-Fetch-Site `same-origin`. A request with none of them is refused:
 * browsers send at least one with every form post.
 */
export function fromOwnOrigin(request: FastifyRequest, own: string): boolean {
  const { origin, referer } = request.headers;
  if (typeof origin === 'string') return origin === own;
  if (typeof referer === 'string') return originOf(referer) === own;
  return request.headers['sec-fetch-site'] === 'same-origin';
}
