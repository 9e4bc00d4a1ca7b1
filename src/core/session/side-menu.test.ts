import { describe, expect, it } from 'vitest';
import type { UserDetails } from '../../../contract/api/account.ts';
import { sideMenuItems, type SideMenuContext } from './side-menu.ts';

const settings: NonNullable<SideMenuContext['settings']> = {
  subscription_status: 0,
  client_wallet_status: 'inactive',
  support_field: { phone: '', whatsapp: '', email: '' },
  android_customer_app_url: '',
  ios_customer_app_url: '',
  show_contact_developer: 'No',
};
const user: UserDetails = { user_id: 1, user_name: 'Ada', mobile_number: '5550100', country_code: '1', email: '', wallet_amount: 12, created_at: '' };

describe('sideMenuItems', () => {
  it('shows a guest Sign In and the open items only', () => {
    expect(sideMenuItems({ settings, user: null, signedIn: false })).toEqual(['sign-in', 'home', 'promocode', 'faq', 'privacy-terms']);
  });

  it('shows a customer the signed-in items, subscription and wallet only when the vendor has them on', () => {
    expect(sideMenuItems({ settings, user, signedIn: true })).toEqual([
      'profile', 'home', 'orders', 'address', 'promocode', 'faq', 'report-bug', 'privacy-terms', 'sign-out',
    ]);
    const on = { ...settings, subscription_status: 1, client_wallet_status: 'active' };
    expect(sideMenuItems({ settings: on, user, signedIn: true }).slice(0, 4)).toEqual(['profile', 'home', 'subscription', 'wallet']);
    // A guest never sees them, whatever the vendor has on.
    expect(sideMenuItems({ settings: on, user: null, signedIn: false })).not.toContain('wallet');
    expect(sideMenuItems({ settings: on, user: null, signedIn: false })).not.toContain('subscription');
  });

  it('shows Support when the vendor gives a way to reach it, unless the page hides it', () => {
    const withEmail = { ...settings, support_field: { phone: '', whatsapp: '', email: 'help@example.com' } };
    expect(sideMenuItems({ settings: withEmail, user: null, signedIn: false })).toContain('support');
    expect(sideMenuItems({ settings: withEmail, user: null, signedIn: false, hideSupport: true })).not.toContain('support');
    expect(sideMenuItems({ settings, user: null, signedIn: false })).not.toContain('support');
  });

  it('adds the store-app links when configured and the developer credit for Yes', () => {
    const all = { ...settings, android_customer_app_url: 'https://play.example/app', ios_customer_app_url: 'https://apps.example/app', show_contact_developer: 'Yes' as const };
    expect(sideMenuItems({ settings: all, user: null, signedIn: false }).slice(-3)).toEqual(['android-app', 'ios-app', 'developer']);
    expect(sideMenuItems({ settings: { ...all, ios_customer_app_url: ' ' }, user: null, signedIn: false })).not.toContain('ios-app');
    // A link that would run script is no link at all.
    expect(sideMenuItems({ settings: { ...all, android_customer_app_url: 'javascript:alert(1)' }, user: null, signedIn: false })).not.toContain('android-app');
  });
});
