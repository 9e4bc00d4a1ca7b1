/**
 * The self-contained single file (`dist/storefront.standalone.js`) for vendors who
 * cannot host the chunks: it defines every element at once, its texts and styles
 * inside. Loading it twice is harmless and both copies share one state (the
 * registry under Symbol.for), also with the split script tag on the same page.
 */
import './script-config.ts';
import { startPage } from './page.ts';
import './sf-storefront.tsx';
import './sf-store-list.tsx';
import './sf-sign-in.tsx';
import './sf-cart-button.tsx';
import './sf-cart-drawer.tsx';
import './sf-language-switcher.tsx';
import './sf-toaster.tsx';
import './sf-location.tsx';
import './sf-address-form.tsx';
import './sf-menu.tsx';
import './sf-order-mode.tsx';
import './sf-store-picker.tsx';
import './sf-search.tsx';
import './sf-banners.tsx';
import './sf-brands.tsx';
import './sf-tag-lists.tsx';
import './sf-offers.tsx';
import './sf-faq.tsx';
import './sf-page.tsx';
import './sf-checkout.tsx';
import './sf-orders.tsx';
import './sf-order.tsx';
import './sf-tracking.tsx';
import './sf-support-chat.tsx';
import './sf-side-menu.tsx';
import './sf-wallet.tsx';
import './sf-subscriptions.tsx';
import './sf-subscribe.tsx';

export { configure } from '../src/core/platform/config.ts';

startPage();
