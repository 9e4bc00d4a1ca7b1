import type { FastifyRequest } from 'fastify';
import type { Clock } from './clock.ts';
import type { Db } from './db/pool.ts';
import type { OtpLimits } from './domain/otp.ts';
import type { RecordingSmsProvider, SmsProvider } from './sms/provider.ts';

/** How this server runs, decorated on the app as `app.runtime`. */
export interface Runtime {
  production: boolean;
  /** Where one-time codes go (server/sms/provider.ts). */
  sms: SmsProvider;
  /** The codes sent, for the development page /dev/otp: only when it was asked for (SF_DEV_OTP_PAGE=1), never in production. */
  devOtps: RecordingSmsProvider | undefined;
  /** Request limits of the sign-in calls and code tries per number. */
  otpLimits: OtpLimits;
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
