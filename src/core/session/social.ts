/**
 * Social sign-in on the storefront (Google, Facebook), offered only where the vendor configured
 * it (settings google_client_id, facebook_app_id). The provider's token comes from a
 * `SocialTokenSource`: by default one that loads Google Identity Services or the Facebook SDK,
 * and only when the customer chooses that sign-in; tests put a fake one in its place
 * (setSocialTokenSource), so no outside script or call is ever needed.
 */
import { t } from '@lingui/core/macro';
import type { VendorSettings } from '../../../contract/api/settings.ts';
import { SOCIAL_TEXTS } from '../../../contract/social-texts.ts';
import { callApi } from '../api/client.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { showError, showToast } from '../platform/toast.ts';
import { startSession } from './session-state.ts';

export type SocialProvider = 'google' | 'facebook';

/** Gets a provider's token for the vendor's client id / app id; null when the customer gave up. */
export interface SocialTokenSource {
  google(clientId: string): Promise<string | null>;
  facebook(appId: string): Promise<string | null>;
}

/** The sign-ins the vendor configured, in the order their buttons show. */
export function socialProviders(settings: Pick<VendorSettings, 'google_client_id' | 'facebook_app_id'> | null | undefined): SocialProvider[] {
  const providers: SocialProvider[] = [];
  if (settings?.google_client_id) providers.push('google');
  if (settings?.facebook_app_id) providers.push('facebook');
  return providers;
}

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
const FACEBOOK_SCRIPT = 'https://connect.facebook.net/en_US/sdk.js';

const loading = new Map<string, Promise<void>>();
/** Adds a script to the document once; later callers share it. */
function loadScript(src: string): Promise<void> {
  let pending = loading.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error(`${src} did not load`));
      };
      document.head.append(script);
    });
    loading.set(src, pending);
  }
  return pending;
}

interface GoogleIdentity {
  accounts: { id: { initialize(options: { client_id: string; callback: (answer: { credential?: string }) => void }): void; prompt(listener?: (n: { isNotDisplayed(): boolean; isSkippedMoment(): boolean }) => void): void } };
}
interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (answer: { authResponse?: { accessToken?: string } | null }) => void, options: { scope: string }): void;
}

/** The real providers: their scripts load on first use. */
export const browserTokenSource: SocialTokenSource = {
  async google(clientId) {
    await loadScript(GOOGLE_SCRIPT);
    const google = (window as unknown as { google?: GoogleIdentity }).google;
    if (!google) return null;
    return new Promise((resolve) => {
      google.accounts.id.initialize({ client_id: clientId, callback: (answer) => resolve(answer.credential ?? null) });
      google.accounts.id.prompt((moment) => {
        if (moment.isNotDisplayed() || moment.isSkippedMoment()) resolve(null);
      });
    });
  },
  async facebook(appId) {
    await loadScript(FACEBOOK_SCRIPT);
    const fb = (window as unknown as { FB?: FacebookSdk }).FB;
    if (!fb) return null;
    fb.init({ appId, version: 'v19.0' });
    return new Promise((resolve) => fb.login((answer) => resolve(answer.authResponse?.accessToken ?? null), { scope: 'public_profile,email' }));
  },
};

let source: SocialTokenSource = browserTokenSource;
/** Puts another token source in place (tests); without an argument, the real one again. */
export function setSocialTokenSource(next: SocialTokenSource = browserTokenSource): void {
  source = next;
}

/** The server's refusal in the customer's language. */
function refusalText(msg: string | undefined): string {
  if (msg === SOCIAL_TEXTS.invalidToken) return t`Sign-in could not be verified. Please try again.`;
  if (msg === SOCIAL_TEXTS.notConfigured) return t`This sign-in is not available`;
  return msg ?? say(MESSAGES.somethingWentWrong);
}

/**
 * Signs in with the provider: its token, checked by the server (google_login, facebook_login).
 * False when the customer gave up, the provider could not be used, or the server refused
 * (its message shows).
 */
export async function signInWithSocial(
  provider: SocialProvider,
  settings: Pick<VendorSettings, 'google_client_id' | 'facebook_app_id'>,
  origin?: EventTarget | null,
): Promise<boolean> {
  let token: string | null;
  try {
    token = provider === 'google' ? await source.google(settings.google_client_id ?? '') : await source.facebook(settings.facebook_app_id ?? '');
  } catch {
    showError(t`Sign-in is not available right now. Please try again later.`);
    return false;
  }
  if (!token) return false;
  let response;
  try {
    response = provider === 'google' ? await callApi('google_login', { id_token: token }) : await callApi('facebook_login', { access_token: token });
  } catch {
    // callApi has shown the failure.
    return false;
  }
  if (response.code !== 200 || !response.token || !response.user_details) {
    showError(refusalText(response.msg));
    return false;
  }
  startSession(response.token, response.user_details, origin);
  showToast(t`Signed in as ${response.user_details.user_name}`, { kind: 'success' });
  return true;
}
