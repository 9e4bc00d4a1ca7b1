import { describe, expect, it } from 'vitest';
import { guardRedirect, matchRoute } from './router.ts';

describe('routes and guard (SPEC §2)', () => {
  it('matches the spec routes with their parameters', () => {
    expect(matchRoute('/')?.name).toBe('home');
    expect(matchRoute('/restaurant/MTI=')).toMatchObject({ name: 'restaurant', params: { restaurant_id: 'MTI=' } });
    expect(matchRoute('/pages/about-us')).toMatchObject({ name: 'page', params: { page: 'about-us' } });
    expect(matchRoute('/order-status/42/')).toMatchObject({ name: 'order-status', params: { order_id: '42' } });
    expect(matchRoute('/nowhere')).toBeNull();
  });

  it('sends unknown paths home and a signed-in customer away from sign-in', () => {
    expect(guardRedirect('/nowhere', { signedIn: false, settingsEmpty: false })).toBe('/');
    expect(guardRedirect('/sign-in', { signedIn: true, settingsEmpty: false })).toBe('/');
    expect(guardRedirect('/sign-in', { signedIn: false, settingsEmpty: false })).toBeNull();
    expect(guardRedirect('/orders', { signedIn: false, settingsEmpty: false })).toBeNull();
  });

  it('sends everything to notfound when the vendor settings are empty', () => {
    expect(guardRedirect('/', { signedIn: false, settingsEmpty: true })).toBe('/notfound');
    expect(guardRedirect('/notfound', { signedIn: false, settingsEmpty: true })).toBeNull();
  });
});
