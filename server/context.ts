import type { FastifyRequest } from 'fastify';
import type { Clock } from './clock.ts';
import type { Db } from './db/pool.ts';
import type { DevOtpLog } from './domain/otp.ts';

/** How this server runs, decorated on the app as `app.runtime`. */
export interface Runtime {
  production: boolean;
  /** Issued plaintext OTPs, development only. */
  devOtps: DevOtpLog | undefined;
  /** The built-in test payment provider takes payments (always outside production; in production only with PAYMENT_TEST_PROVIDER=1). */
  testPayments: boolean;
  /** Public origin for absolute media URLs; derived from the request when unset. */
  publicUrl: string | undefined;
  /** Store time: opening hours, schedule slots and coupon validity are judged at clock.now(). */
  clock: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database every route uses. */
    readonly db: Db;
    readonly runtime: Runtime;
  }
}

/** The public origin of this API as the request reached it (or as configured). */
export function baseUrl(request: FastifyRequest): string {
  return request.server.runtime.publicUrl ?? `${request.protocol}://${request.host}`;
}
