/**
 * Checks the tokens of social sign-in on the server. Google: the ID token's signature against
 * Google's published certificates, its issuer, expiry and audience (the vendor's client id).
 * Facebook: the access token through the Graph API's debug_token with the vendor's app id and
 * secret, then /me for the person's name and email. Both endpoints are configurable
 * (GOOGLE_CERTS_URL, FACEBOOK_GRAPH_URL) so tests point them at local doubles.
 */
import { OAuth2Client } from 'google-auth-library';

export const GOOGLE_CERTS_URL = 'https://www.googleapis.com/oauth2/v1/certs';
export const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com';
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
const TIMEOUT_MS = 5000;

export interface SocialEndpoints {
  /** Google's sign-on certificates in PEM form ({ kid: pem }). */
  googleCertsUrl: string;
  /** The Graph API base, without a trailing slash. */
  facebookGraphUrl: string;
}

/** A person a provider vouched for. */
export interface SocialIdentity {
  provider: 'google' | 'facebook';
  subject: string;
  name: string;
  /** '' when the provider gave none, or (Google) did not verify it. */
  email: string;
}

/** The provider could not be asked (network, timeout, a broken answer): not the customer's fault. */
export class ProviderUnavailable extends Error {}

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : '');

export interface SocialVerifier {
  google(idToken: string, clientId: string): Promise<SocialIdentity | undefined>;
  facebook(accessToken: string, app: { id: string; secret: string }): Promise<SocialIdentity | undefined>;
}

export function socialVerifier(endpoints: SocialEndpoints): SocialVerifier {
  // One client, so Google's certificates are cached between sign-ins (as long as their answer allows).
  const google = new OAuth2Client({ endpoints: { oauth2FederatedSignonPemCertsUrl: endpoints.googleCertsUrl } });
  const graph = endpoints.facebookGraphUrl.replace(/\/$/, '');

  async function graphGet(path: string, params: Record<string, string>): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${graph}/${path}?${new URLSearchParams(params)}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new ProviderUnavailable(`Facebook Graph API not reached: ${String(error)}`);
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (typeof body !== 'object' || body === null) throw new ProviderUnavailable(`Facebook Graph API answered ${response.status} without JSON`);
    return body as Record<string, unknown>;
  }

  return {
    async google(idToken, clientId) {
      let certs;
      try {
        ({ certs } = await google.getFederatedSignonCertsAsync());
      } catch (error) {
        throw new ProviderUnavailable(`Google certificates not fetched: ${String(error)}`);
      }
      try {
        const ticket = await google.verifySignedJwtWithCertsAsync(idToken, certs, clientId, GOOGLE_ISSUERS);
        const payload = ticket.getPayload();
        if (!payload?.sub) return undefined;
        return {
          provider: 'google',
          subject: payload.sub.slice(0, 255),
          name: text(payload.name, 100),
          email: payload.email_verified ? text(payload.email, 254) : '',
        };
      } catch {
        // A bad signature, another audience or issuer, an expired or malformed token.
        return undefined;
      }
    },

    async facebook(accessToken, app) {
      const debug = await graphGet('debug_token', { input_token: accessToken, access_token: `${app.id}|${app.secret}` });
      const data = debug.data as Record<string, unknown> | undefined;
      if (!data || data.is_valid !== true || String(data.app_id) !== app.id || !data.user_id) return undefined;
      const me = await graphGet('me', { fields: 'id,name,email', access_token: accessToken });
      if (String(me.id) !== String(data.user_id)) return undefined;
      return { provider: 'facebook', subject: String(me.id).slice(0, 255), name: text(me.name, 100), email: text(me.email, 254) };
    },
  };
}
