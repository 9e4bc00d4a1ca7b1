import type { FastifyRequest } from 'fastify';
import type { Clock } from './clock.ts';
import type { Db } from './db/pool.ts';
import type { DevOtpLog } from './domain/otp.ts';

/** What route modules share. */
export interface AppContext {
  db: Db;
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

export function baseUrl(ctx: AppContext, request: FastifyRequest): string {
  return ctx.publicUrl ?? `${request.protocol}://${request.host}`;
}
