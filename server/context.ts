import type { FastifyRequest } from 'fastify';
import type { Clock } from './clock.ts';
import type { Secrets } from './config.ts';
import type { Db } from './db/pool.ts';
import type { DevOtpLog } from './domain/otp.ts';
import type { PaymentProvider } from './payments/provider.ts';

/** How this server runs, decorated on the app as `app.runtime`. */
export interface Runtime {
  production: boolean;
  /** Issued plaintext OTPs, development only. */
  devOtps: DevOtpLog | undefined;
  /** The built-in test payment provider takes payments (always outside production; in production only with PAYMENT_TEST_PROVIDER=1). */
  testPayments: boolean;
  /** Public origin for absolute media URLs; derived from the request when unset. */
  publicUrl: string | undefined;
  /** The keys OTPs are hashed and payment links signed with. */
  secrets: Secrets;
  /** The payment providers vendors can name in their settings (payment_provider), by name. */
  paymentProviders: Map<string, PaymentProvider>;
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
