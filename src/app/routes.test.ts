import { describe, expect, it } from 'vitest';
import { ROUTES, routeEntry, router } from './routes.tsx';

describe('the full page\'s route table', () => {
  it('names each route and path once', () => {
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((route) => route.path)).size).toBe(ROUTES.length);
  });

  it('matches the storefront routes with their parameters', () => {
    expect(router.match('/')?.name).toBe('home');
    expect(router.match('/restaurant/MTI=')).toMatchObject({ name: 'restaurant', params: { restaurant_id: 'MTI=' } });
    expect(router.match('/pages/about-us')).toMatchObject({ name: 'page', params: { page: 'about-us' } });
    expect(router.match('/pages')).toMatchObject({ name: 'pages' });
    expect(router.match('/update-address/3')).toMatchObject({ name: 'update-address', params: { shiping_id: '3' } });
  });

  it('lets a guest open every route: the spec\'s guard redirects no name to sign-in', () => {
    for (const { name, path } of ROUTES) {
      const address = path.replace(/:[a-z_]+/g, 'MTI=');
      expect(router.match(address)?.name, address).toBe(name);
      expect(router.guardRedirect(address, { signedIn: false, settingsEmpty: false }), address).toBeNull();
    }
  });

  it('sends a signed-in customer from sign-in home, and nowhere else', () => {
    const redirected = ROUTES.filter(({ path }) => router.guardRedirect(path.replace(/:[a-z_]+/g, '1'), { signedIn: true, settingsEmpty: false }) !== null);
    expect(redirected.map((route) => route.name)).toEqual(['sign-in']);
  });

  it('asks for a store on shopping screens only, and for a location on home and the carts', () => {
    expect(ROUTES.filter((route) => route.asksLocation).map((route) => route.name)).toEqual(['home', 'review-cart', 'subscription-cart']);
    for (const name of ['sign-in', 'faq', 'support', 'support-chat', 'orders', 'order-status', 'trackorder', 'wallet', 'notfound']) {
      expect(routeEntry({ name }).noStoreNeeded, name).toBe(true);
    }
    for (const name of ['home', 'restaurant', 'review-cart', 'payment', 'search', 'address']) {
      expect(routeEntry({ name }).noStoreNeeded, name).toBeUndefined();
    }
  });

  it('keeps the chat launcher off a store\'s menu and the chat screen', () => {
    expect(ROUTES.filter((route) => route.hidesChatLauncher).map((route) => route.name).sort()).toEqual(['restaurant', 'support-chat']);
  });

  it('shares one screen between the checkout\'s steps, so moving between them keeps its state', () => {
    expect(routeEntry({ name: 'payment' }).Screen).toBe(routeEntry({ name: 'review-cart' }).Screen);
    expect(routeEntry({ name: 'payment-online' }).Screen).toBe(routeEntry({ name: 'review-cart' }).Screen);
  });
});
