import type { ServerModule } from '../module.ts';
import { startSignInRetention } from './domain/retention.ts';
import { accountRoutes } from './routes/account.ts';
import { passwordRoutes } from './routes/passwords.ts';
import { profileRoutes } from './routes/profile.ts';
import { socialRoutes } from './routes/social.ts';
import { thirdPartyRoutes } from './routes/third-party.ts';

/**
 * Customers: signing in (one-time codes, passwords, Google and Facebook, the third-party code
 * calls), sessions, the profile and bug reports; where codes are sent and social tokens checked; the
 * hourly deletion of spent codes, lapsed registrations and ended rate windows.
 */
export const accountsModule: ServerModule = {
  name: 'accounts',
  routes: [accountRoutes, profileRoutes, passwordRoutes, thirdPartyRoutes, socialRoutes],
  jobs: ({ db, options, logError }) => {
    const everyMs = options.signInRetentionMs ?? 3_600_000;
    if (!(everyMs > 0)) return [];
    return [{ startsWhen: 'ready', start: () => startSignInRetention(db, everyMs, logError('sign-in retention failed')) }];
  },
};

export { createSession, findSession } from './domain/sessions.ts';
export { DEFAULT_OTP_LIMITS, issueOtp, OTP_USES, verifyOtp, type OtpLimits, type Phone } from './domain/otp.ts';
export { socialConfig } from './domain/social.ts';
export { logSmsProvider, RecordingSmsProvider, type CodeRecipient, type SmsProvider } from './domain/sms-provider.ts';
export { FACEBOOK_GRAPH_URL, GOOGLE_CERTS_URL, socialVerifier, type SocialEndpoints } from './domain/social-verify.ts';
