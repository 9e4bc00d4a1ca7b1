import type { FastifyRequest } from 'fastify';
import type { DeliveryPartnerName } from '../contract/rules/delivery-partners.ts';
import type { Clock } from './clock.ts';
import type { Secrets } from './config.ts';
import type { Db } from './db/pool.ts';
import type { OtpLimits } from './modules/accounts/domain/otp.ts';
import type { RecordingSmsProvider, SmsProvider } from './modules/accounts/domain/sms-provider.ts';
import type { PaymentAccounts } from './modules/payments/providers/accounts.ts';
import type { SocialVerifier } from './modules/accounts/domain/social-verify.ts';

/** How this server runs, decorated on the app as `app.runtime`. */
export interface Runtime {
  production: boolean;
  /** Where one-time codes go (server/modules/accounts/domain/sms-provider.ts). */
  sms: SmsProvider;
  /** Where the third-party code calls send their codes (check_third_party_otp, …): the gateway configured for them, else `sms`. */
  thirdPartySms: SmsProvider;
  /** Checks Google ID tokens and Facebook access tokens (server/modules/accounts/domain/social-verify.ts). */
  social: SocialVerifier;
  /** The codes sent, for the development page /dev/otp: only when it was asked for (SF_DEV_OTP_PAGE=1), never in production. */
  devOtps: RecordingSmsProvider | undefined;
  /** Request limits of the sign-in calls and code tries per number. */
  otpLimits: OtpLimits;
  /** The built-in test payment provider takes payments (always outside production; in production only with PAYMENT_TEST_PROVIDER=1). */
  testPayments: boolean;
  /** Where the payment providers' local doubles run (PAYMENT_DOUBLES), when they do: development and tests only. */
  paymentDoublesUrl?: string | undefined;
  /** PUBLIC_URL: the origin absolute links are built on (see baseUrl); production requires it (config.ts). */
  publicUrl: string | undefined;
  /** The keys OTPs are hashed and payment links signed with. */
  secrets: Secrets;
  /** The payment providers vendors can name in their settings (payment_provider): the built-in ones and each vendor's own accounts. */
  payments: PaymentAccounts;
  /** Store time: opening hours, schedule slots and coupon validity are judged at clock.now(). */
  clock: Clock;
  /** Where each delivery partner's API is (server/modules/delivery-partners: its live API, or its local double). */
  deliveryPartnerApi: (partner: DeliveryPartnerName) => string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database every route uses. */
    readonly db: Db;
    readonly runtime: Runtime;
  }
}

/** A loopback host with an optional port: localhost, *.localhost, 127.x.x.x or [::1]. */
const LOCAL_HOST = /^(localhost|([a-z0-9-]+\.)+localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i;

/**
 * The public origin of this API, on which absolute links in answers are built (media, the payment
 * page): PUBLIC_URL, which production requires. Without it (development) the request's own host
 * counts only when it is a loopback name, so a forged Host header cannot point links at another
 * site; any other host gets links on http://localhost and the port the request came in on.
 */
export function baseUrl(request: FastifyRequest): string {
  const configured = request.server.runtime.publicUrl;
  if (configured) return configured;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  if (LOCAL_HOST.test(request.host)) return `${protocol}://${request.host}`;
  const port = request.socket.localPort;
  return `http://localhost${port ? `:${port}` : ''}`;
}
