import { describe, expect, it } from 'vitest';
import { createRouter } from './routes.ts';

const router = createRouter([
  { name: 'home', path: '/' },
  { name: 'sign-in', path: '/sign-in', guestOnly: true },
  { name: 'orders', path: '/orders' },
  { name: 'restaurant', path: '/restaurant/:restaurant_id' },
  { name: 'page', path: '/pages/:page' },
  { name: 'order-status', path: '/order-status/:order_id' },
  { name: 'notfound', path: '/notfound' },
]);

describe('matching and the guard', () => {
  it('matches routes with their parameters', () => {
    expect(router.match('/')?.name).toBe('home');
    expect(router.match('/restaurant/MTI=')).toMatchObject({ name: 'restaurant', params: { restaurant_id: 'MTI=' } });
    expect(router.match('/pages/about%20us')).toMatchObject({ name: 'page', params: { page: 'about us' } });
    expect(router.match('/order-status/42/')).toMatchObject({ name: 'order-status', params: { order_id: '42' } });
    expect(router.match('/restaurant/')).toBeNull();
    expect(router.match('/nowhere')).toBeNull();
  });

  it('sends unknown paths home and a signed-in customer away from guest-only routes', () => {
    expect(router.guardRedirect('/nowhere', { signedIn: false, settingsEmpty: false })).toBe('/');
    expect(router.guardRedirect('/sign-in', { signedIn: true, settingsEmpty: false })).toBe('/');
    expect(router.guardRedirect('/sign-in', { signedIn: false, settingsEmpty: false })).toBeNull();
    expect(router.guardRedirect('/orders', { signedIn: false, settingsEmpty: false })).toBeNull();
  });

  it('sends everything to notfound when the vendor settings are empty', () => {
    expect(router.guardRedirect('/', { signedIn: false, settingsEmpty: true })).toBe('/notfound');
    expect(router.guardRedirect('/notfound', { signedIn: false, settingsEmpty: true })).toBeNull();
  });
});

describe('sign-in return path', () => {
  it('goes back to a storefront path after sign-in', () => {
    expect(router.pathAfterSignIn('?next=%2Forders')).toBe('/orders');
    expect(router.pathAfterSignIn('?next=%2Forder-status%2F7%3Fx%3D1')).toBe('/order-status/7?x=1');
  });
  it('goes home for no, unknown or off-site targets', () => {
    expect(router.pathAfterSignIn('')).toBe('/');
    expect(router.pathAfterSignIn('?next=%2Fno-such-page')).toBe('/');
    expect(router.pathAfterSignIn('?next=%2F%2Fevil.example%2Forders')).toBe('/');
    expect(router.pathAfterSignIn('?next=https%3A%2F%2Fevil.example%2F')).toBe('/');
    expect(router.pathAfterSignIn('?next=%2F%5Cevil.example')).toBe('/');
  });
});
