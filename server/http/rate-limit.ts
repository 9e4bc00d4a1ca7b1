import { isIPv4 } from 'node:net';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CUSTOMER_WRITE_LIMITS, WRITES_TOO_MANY, type CustomerWrite } from '../../contract/rules/write-limits.ts';
import { countHit } from '../db/counters.ts';
import type { Db } from '../db/pool.ts';
import { HttpError } from './errors.ts';

/**
 * A @fastify/rate-limit store in the database (hit_counters, see server/db/counters.ts): each
 * request is counted in one atomic upsert, so every server process on the same PostgreSQL (or
 * the one PGlite) shares the counts, and a restart forgets none.
 */
export function databaseStore(db: Db): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    // The plugin passes the limit's window after the callback (its typings leave it out).
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
      countHit(db, `rate:${key}`, timeWindow ?? 60_000).then(
        ({ hits, resetInMs }) => callback(null, { current: hits, ttl: resetInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // Limits tell their keys apart by name (see requestLimit), so one store serves them all.
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** Adds @fastify/rate-limit to this scope with the database store; limits are applied where a route asks (requestLimit). */
export async function installRateLimit(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(rateLimit, { global: false, store: databaseStore(db) });
}

/**
 * The client's network as a limit key: an IPv4 address as it is, an IPv6 address by its /64
 * (one customer line gets a whole /64, so single addresses would be free to change).
 * `request.ip` is the proxy's address unless TRUST_PROXY is set behind a proxy.
 */
export function clientNetwork(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(bare) || !bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups.slice(0, 4).map((group) => group.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export interface RequestLimitRule<Subject = FastifyRequest> {
  /** Tells this limit's counts apart from other limits'. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted, from the request or from what the handler read of it: the client's network, a number, … */
  key(subject: Subject): string;
  /** The 429 answer's msg. */
  message: string | ((retryInSeconds: number) => string);
}

/**
 * A check that counts the request under the rule and, past its limit, refuses it with 429,
 * the rule's message and Retry-After (seconds). The key is taken from the request itself.
 */
export function requestLimit(app: FastifyInstance, rule: RequestLimitRule): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const check = subjectLimit(app, rule);
  return (request, reply) => check(request, reply, request);
}

/**
 * `requestLimit` keyed by what a handler read from the request (a number from its validated
 * body): the handler calls the check with it, where it is known.
 */
export function subjectLimit<Subject>(app: FastifyInstance, rule: RequestLimitRule<Subject>): (request: FastifyRequest, reply: FastifyReply, subject: Subject) => Promise<void> {
  const keys = new WeakMap<FastifyRequest, string>();
  const count = app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs, keyGenerator: (request) => `${rule.name}:${keys.get(request) ?? ''}` });
  return async (request, reply, subject) => {
    keys.set(request, rule.key(subject));
    const result = await count(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new HttpError(429, typeof rule.message === 'string' ? rule.message : rule.message(result.ttlInSeconds));
  };
}

/**
 * A customer's limit on a write they can repeat (contract/rules/write-limits.ts): the handler calls it
 * first, with the signed-in customer. The scope needs installRateLimit.
 */
export function customerWriteLimit(
  app: FastifyInstance,
  write: CustomerWrite,
): (request: FastifyRequest, reply: FastifyReply, customer: { vendorId: number; userId: number }) => Promise<void> {
  const { max, windowMinutes } = CUSTOMER_WRITE_LIMITS[write];
  return subjectLimit(app, {
    name: `customer-${write}`,
    max,
    windowMs: windowMinutes * 60_000,
    key: (customer: { vendorId: number; userId: number }) => `${customer.vendorId}:${customer.userId}`,
    message: WRITES_TOO_MANY,
  });
}
