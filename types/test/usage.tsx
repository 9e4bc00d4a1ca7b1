// How a host app uses the package's types (dist/types/index.d.ts, reached through
// package.json "exports"). scripts/test-types.mjs compiles this file with
// types/test/tsconfig.json: every line must type-check, and each line after an
// expect-error directive must stay an error (tsc reports an unused directive).
import { configure, loadElement, type SfCartDrawerElement, type StorefrontConfig, type StorefrontEventMap } from 'storefront-elements';

// The loader's exports.
const config: Partial<StorefrontConfig> = { apiBase: 'https://api.example.com/api/v2', locale: 'ar' };
configure(config);
void loadElement('sf-menu');
// @ts-expect-error apiBase is a string
configure({ apiBase: 1 });

// Elements from DOM code: HTMLElementTagNameMap gives each tag its interface.
const drawer: SfCartDrawerElement = document.querySelector('sf-cart-drawer')!;
drawer.open = true;
drawer.checkoutHref = '/checkout';
const open: boolean = drawer.open;
// @ts-expect-error open is a boolean
drawer.open = 'yes';

const list = document.createElement('sf-store-list');
list.layout = '2';
list.filters = 'true';
// @ts-expect-error layout is '1' | '2'
list.layout = '3';

const form = document.querySelector('sf-address-form')!;
form.mode = 'modal';
form.addressId = 7;
const addressId: number | undefined = form.addressId;
// @ts-expect-error mode is 'page' | 'modal'
form.mode = 'dialog';

const offers = document.querySelector('sf-offers')!;
offers.inline = true;
const order = document.querySelector('sf-order')!;
order.view = 'rating';
// @ts-expect-error view is 'details' | 'status' | 'rating'
order.view = 'summary';

// @ts-expect-error a misspelled tag is a plain Element: it has no `open`
document.querySelector('sf-cart-drawr')!.open = true;

// Events: the detail of each, on elements, document and window.
document.addEventListener('sf-cart-change', (event) => {
  const count: number = event.detail.count;
  return count;
});
drawer.addEventListener('sf-checkout-start', (event) => event.detail.total.toFixed(2));
window.addEventListener('sf-order-placed', (event) => {
  const method: 'wallet' | 'cash' | 'online' = event.detail.payment_method;
  return method;
});
document.addEventListener('sf-cart-open', (event) => {
  const detail: null = event.detail;
  return detail;
});
document.addEventListener('sf-sign-out', (event) => {
  // @ts-expect-error the reason is 'user' | 'expired'
  const reason: 'timeout' = event.detail.reason;
  return reason;
});
const onPlaced = (event: StorefrontEventMap['sf-order-placed']) => event.detail.order_id;

// React 19 JSX.
export const page = (
  <>
    <sf-menu store="MQ==" class="menu" id="menu" style={{ display: 'block' }} />
    <sf-menu slug="golden-gate-pizzeria" />
    <sf-store-list layout="2" store-href="/r/{id}" filters="true" />
    <sf-cart-drawer
      open
      checkout-href="/checkout"
      ref={(element) => {
        if (element) element.open = false;
      }}
      onsf-cart-change={(event) => event.detail.count}
    />
    <sf-checkout order-href="/order/{id}" onsf-order-placed={onPlaced} />
    <sf-offers inline apply="false" store="MQ==" />
    <sf-location auto-open />
    <sf-address-form mode="modal" address-id={3} />
    <sf-order order-id="12" view="status">
      <span>child</span>
    </sf-order>
    <sf-cart-button />
    {/* @ts-expect-error layout is '1' | '2' */}
    <sf-store-list layout="3" />
    {/* @ts-expect-error mode is 'page' | 'modal' */}
    <sf-address-form mode="dialog" />
    {/* @ts-expect-error sf-menu has no layout attribute */}
    <sf-menu layout="2" />
    {/* @ts-expect-error open is a boolean (a string would set the property to true) */}
    <sf-cart-drawer open="false" />
    {/* @ts-expect-error an sf-cart-change listener gets the cart's detail, not an order's */}
    <sf-menu onsf-cart-change={onPlaced} />
  </>
);

export { open, addressId };
