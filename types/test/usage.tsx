// How a host app uses the package's types (dist/types/index.d.ts, reached through
// package.json "exports"). scripts/test-types.mjs compiles this file with
// types/test/tsconfig.json: every line must type-check, and each line after an
// expect-error directive must stay an error (tsc reports an unused directive).
import { configure, loadElement, type SfCartDrawerElement, type StorefrontConfig, type StorefrontEventMap } from 'storefront-elements';
import { SfAddressForm, SfCartDrawer, SfCheckout, SfMenu, SfStoreList } from 'storefront-elements/react';

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

// React JSX (18 and 19): the attributes.
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
    />
    <sf-checkout order-href="/order/{id}" />
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
  </>
);

// storefront-elements/react: a component per element, events as typed callbacks (React 18 and 19).
export const withComponents = (
  <>
    <SfMenu store="MQ==" className="menu" onSfCartChange={(event) => event.detail.count} />
    <SfCheckout orderHref="/order/{id}" onSfOrderPlaced={onPlaced} />
    <SfCartDrawer
      open
      checkoutHref="/checkout"
      ref={(element) => {
        if (element) element.open = false;
      }}
    />
    <SfStoreList layout="2" filters="true" />
    <SfAddressForm mode="modal" addressId={3} />
    {/* @ts-expect-error a misspelt attribute */}
    <SfMenu stroe="MQ==" />
    {/* @ts-expect-error layout is '1' | '2' */}
    <SfStoreList layout="3" />
    {/* @ts-expect-error an sf-cart-change callback gets the cart's detail, not an order's */}
    <SfMenu onSfCartChange={onPlaced} />
  </>
);

export { open, addressId };
