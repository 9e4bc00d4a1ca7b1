/** Every element of the package and the module that defines it (the loader's map). */
export const ELEMENT_MODULES = {
  'sf-storefront': () => import('./sf-storefront.tsx'),
  'sf-store-list': () => import('./sf-store-list.tsx'),
  'sf-sign-in': () => import('./sf-sign-in.tsx'),
  'sf-cart-button': () => import('./sf-cart-button.tsx'),
  'sf-cart-drawer': () => import('./sf-cart-drawer.tsx'),
  'sf-language-switcher': () => import('./sf-language-switcher.tsx'),
  'sf-toaster': () => import('./sf-toaster.tsx'),
  'sf-location': () => import('./sf-location.tsx'),
  'sf-address-form': () => import('./sf-address-form.tsx'),
  'sf-menu': () => import('./sf-menu.tsx'),
  'sf-order-mode': () => import('./sf-order-mode.tsx'),
  'sf-store-picker': () => import('./sf-store-picker.tsx'),
  'sf-search': () => import('./sf-search.tsx'),
  'sf-banners': () => import('./sf-banners.tsx'),
  'sf-brands': () => import('./sf-brands.tsx'),
  'sf-tag-lists': () => import('./sf-tag-lists.tsx'),
  'sf-offers': () => import('./sf-offers.tsx'),
  'sf-checkout': () => import('./sf-checkout.tsx'),
  'sf-orders': () => import('./sf-orders.tsx'),
  'sf-order': () => import('./sf-order.tsx'),
  'sf-tracking': () => import('./sf-tracking.tsx'),
  'sf-side-menu': () => import('./sf-side-menu.tsx'),
  'sf-faq': () => import('./sf-faq.tsx'),
  'sf-page': () => import('./sf-page.tsx'),
} as const;

export type ElementTag = keyof typeof ELEMENT_MODULES;
