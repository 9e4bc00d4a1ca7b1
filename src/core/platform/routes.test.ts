import { describe, expect, it } from 'vitest';
import { guardRedirect, matchRoute, pathAfterSignIn, ROUTES } from './routes.ts';

describe('routes and guard', () => {
  it('matches the storefront routes with their parameters', () => {
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

  it('lets a guest open every route of the table: the spec\'s guard redirects no name to sign-in', () => {
    for (const [name, pattern] of ROUTES) {
      const path = pattern.replace(/:[a-z_]+/g, 'MTI=');
      expect(matchRoute(path)?.name, path).toBe(name);
      expect(guardRedirect(path, { signedIn: false, settingsEmpty: false }), path).toBeNull();
    }
    for (const name of ['qr', 'feedback', 'banner-items', 'brand-items', 'landing-page', 'tag-wise-menu', 'orders', 'profile']) {
      expect(guardRedirect(ROUTES.find(([n]) => n === name)![1].replace(/:[a-z_]+/g, '1'), { signedIn: false, settingsEmpty: false })).toBeNull();
    }
  });

  it('sends everything to notfound when the vendor settings are empty', () => {
    expect(guardRedirect('/', { signedIn: false, settingsEmpty: true })).toBe('/notfound');
    expect(guardRedirect('/notfound', { signedIn: false, settingsEmpty: true })).toBeNull();
  });
});

describe('sign-in return path', () => {
  it('goes back to a storefront path after sign-in', () => {
    expect(pathAfterSignIn('?next=%2Freview-cart')).toBe('/review-cart');
    expect(pathAfterSignIn('?next=%2Forders')).toBe('/orders');
  });
  it('goes home for no, unknown or off-site targets', () => {
    expect(pathAfterSignIn('')).toBe('/');
    expect(pathAfterSignIn('?next=%2Fno-such-page')).toBe('/');
    expect(pathAfterSignIn('?next=%2F%2Fevil.example%2Freview-cart')).toBe('/');
    expect(pathAfterSignIn('?next=https%3A%2F%2Fevil.example%2F')).toBe('/');
    expect(pathAfterSignIn('?next=%2F%5Cevil.example')).toBe('/');
  });
});
