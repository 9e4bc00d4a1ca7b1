import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../../../contract/api/account.ts';
import { apiStub } from '../api/client-stub.test-helpers.ts';
import type { SocialTokenSource } from './social.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());

const { activateLocale } = await import('../i18n/i18n.ts');
const { setSocialTokenSource, signInWithSocial, socialProviders } = await import('./social.ts');
const { $token, $user } = await import('./session-state.ts');
const { $toasts } = await import('../platform/toast.ts');

const user: UserDetails = { user_id: 7, user_name: 'Gina', mobile_number: '', country_code: '1', email: 'gina@example.com', wallet_amount: 0, created_at: '' };
const settings = { google_client_id: 'client.apps.googleusercontent.com', facebook_app_id: '1234' };

/** A token source that never loads a script: it answers what the test says and records what it was asked. */
function fakeSource(tokens: { google?: string | null; facebook?: string | null }) {
  const asked: string[] = [];
  const source: SocialTokenSource = {
    async google(clientId) {
      asked.push(`google:${clientId}`);
      return tokens.google ?? null;
    },
    async facebook(appId) {
      asked.push(`facebook:${appId}`);
      return tokens.facebook ?? null;
    },
  };
  return { source, asked };
}

beforeAll(() => activateLocale('en'));
beforeEach(() => {
  apiStub.reset(() => ({ code: 200, msg: 'Login successful', token: 'session-token', user_details: user }));
  $user.set(null);
  $token.set('');
  $toasts.set([]);
});

describe('socialProviders', () => {
  it('offers only what the vendor configured', () => {
    expect(socialProviders(settings)).toEqual(['google', 'facebook']);
    expect(socialProviders({ google_client_id: '', facebook_app_id: '1234' })).toEqual(['facebook']);
    expect(socialProviders({ google_client_id: '', facebook_app_id: '' })).toEqual([]);
    expect(socialProviders({})).toEqual([]);
    expect(socialProviders(null)).toEqual([]);
  });
});

describe('signInWithSocial', () => {
  it('sends the Google credential to google_login and starts the session', async () => {
    const fake = fakeSource({ google: 'google-id-token' });
    setSocialTokenSource(fake.source);
    expect(await signInWithSocial('google', settings)).toBe(true);
    expect(fake.asked).toEqual(['google:client.apps.googleusercontent.com']);
    expect(apiStub.calls.map((c) => [c.name, c.body])).toEqual([['google_login', { id_token: 'google-id-token' }]]);
    expect($token.get()).toBe('session-token');
    expect($user.get()?.user_id).toBe(7);
  });

  it('sends the Facebook access token to facebook_login', async () => {
    const fake = fakeSource({ facebook: 'fb-access' });
    setSocialTokenSource(fake.source);
    expect(await signInWithSocial('facebook', settings)).toBe(true);
    expect(fake.asked).toEqual(['facebook:1234']);
    expect(apiStub.calls[0]).toMatchObject({ name: 'facebook_login', body: { access_token: 'fb-access' } });
  });

  it('does nothing when the customer gives up, and shows a refusal', async () => {
    setSocialTokenSource(fakeSource({ google: null }).source);
    expect(await signInWithSocial('google', settings)).toBe(false);
    expect(apiStub.calls).toEqual([]);

    setSocialTokenSource(fakeSource({ google: 'bad' }).source);
    apiStub.reset(() => ({ code: 101, msg: 'Sign-in could not be verified. Please try again.' }));
    expect(await signInWithSocial('google', settings)).toBe(false);
    expect($token.get()).toBe('');
    expect($toasts.get().map((toast) => toast.text)).toContain('Sign-in could not be verified. Please try again.');
  });

  it('tells the customer when the provider script cannot be used', async () => {
    setSocialTokenSource({ google: () => Promise.reject(new Error('blocked')), facebook: () => Promise.reject(new Error('blocked')) });
    expect(await signInWithSocial('facebook', settings)).toBe(false);
    expect($toasts.get().map((toast) => toast.text)).toContain('Sign-in is not available right now. Please try again later.');
  });
});
