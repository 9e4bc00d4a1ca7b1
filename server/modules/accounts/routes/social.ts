import { SOCIAL_MSG } from '../../../../contract/api/social.ts';
import type { FastifyRequest } from 'fastify';
import { customerForIdentity, socialConfig } from '../domain/social.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { HttpError } from '../../../http/errors.ts';
import { ProviderUnavailable, type SocialIdentity } from '../domain/social-verify.ts';
import { signedInAnswer, signInLimits } from './sign-in-shared.ts';

/**
 * google_login and facebook_login (docs/behaviour.md#social-sign-in): the token is checked with
 * the provider for the vendor's own client id / app; each call is one sign-in call of the
 * client's network.
 */
const NOT_CONFIGURED = { code: 101, msg: SOCIAL_MSG.notConfigured } as const;

export const socialRoutes: ApiPlugin = async (api) => {
  const { perAddress } = await signInLimits(api);

  /** Asks the provider; its outage is a 503, never the customer's fault nor a 500. */
  async function verified(check: () => Promise<SocialIdentity | undefined>, log: { warn(o: object, m: string): void }) {
    try {
      return await check();
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      log.warn({ err: error }, 'social sign-in provider not reached');
      throw new HttpError(503, SOCIAL_MSG.unavailable);
    }
  }

  async function signIn(request: FastifyRequest, identity: SocialIdentity | undefined) {
    if (!identity) return { code: 101, msg: SOCIAL_MSG.invalidToken };
    const user = await customerForIdentity(api.db, request.vendor, identity);
    if (!user) return { code: 101, msg: SOCIAL_MSG.invalidToken };
    return { ...(await signedInAnswer(api, request, request.vendor, user)), msg: SOCIAL_MSG.signedIn };
  }

  postCall(api, 'google_login', async (request, reply) => {
    await perAddress(request, reply);
    const { googleClientId } = await socialConfig(api.db, request.vendor.id);
    if (!googleClientId) return NOT_CONFIGURED;
    const identity = await verified(() => api.runtime.social.google(request.body.id_token, googleClientId), request.log);
    return signIn(request, identity);
  });

  postCall(api, 'facebook_login', async (request, reply) => {
    await perAddress(request, reply);
    const { facebookAppId, facebookAppSecret } = await socialConfig(api.db, request.vendor.id);
    if (!facebookAppId || !facebookAppSecret) return NOT_CONFIGURED;
    const app = { id: facebookAppId, secret: facebookAppSecret };
    const identity = await verified(() => api.runtime.social.facebook(request.body.access_token, app), request.log);
    return signIn(request, identity);
  });
};
