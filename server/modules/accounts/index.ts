import type { ServerModule } from '../module.ts';
import { accountRoutes } from './routes/account.ts';
import { passwordRoutes } from './routes/passwords.ts';
import { profileRoutes } from './routes/profile.ts';
import { socialRoutes } from './routes/social.ts';
import { thirdPartyRoutes } from './routes/third-party.ts';

/**
 * Customers: signing in (one-time codes, passwords, Google and Facebook, the third-party code
 * calls), sessions, the profile and bug reports; where codes are sent and social tokens checked.
 */
export const accountsModule: ServerModule = {
  name: 'accounts',
  routes: [accountRoutes, profileRoutes, passwordRoutes, thirdPartyRoutes, socialRoutes],
};

export { createSession, findSession } from './domain/sessions.ts';
export { DEFAULT_OTP_LIMITS, issueOtp, OTP_USES, verifyOtp, type OtpLimits, type Phone } from './domain/otp.ts';
export { socialConfig } from './domain/social.ts';
export { logSmsProvider, RecordingSmsProvider, type CodeRecipient, type SmsProvider } from './domain/sms-provider.ts';
export { FACEBOOK_GRAPH_URL, GOOGLE_CERTS_URL, socialVerifier, type SocialEndpoints } from './domain/social-verify.ts';
