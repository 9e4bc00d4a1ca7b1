// How a Preact host app uses storefront-elements/preact (compiled by scripts/test-types.mjs with
// types/test/tsconfig.preact.json): the elements' attributes in Preact's JSX, checked.
import { configure, type StorefrontEventMap } from 'storefront-elements/preact';

configure({ apiBase: 'https://api.example.com/api/v2' });
const onCartChange = (event: StorefrontEventMap['sf-cart-change']) => event.detail.count;

export const page = (
  <div>
    <sf-menu store="MQ==" class="menu" onClick={() => undefined} />
    <sf-store-list layout="2" store-href="/r/{id}" filters="true" />
    <sf-cart-drawer open checkout-href="/checkout" />
    <sf-address-form mode="modal" address-id={3} />
    {/* @ts-expect-error a misspelt attribute */}
    <sf-menu stroe="MQ==" />
    {/* @ts-expect-error layout is '1' | '2' */}
    <sf-store-list layout="3" />
    {/* @ts-expect-error a misspelt tag */}
    <sf-cart-buton />
  </div>
);
document.addEventListener('sf-cart-change', onCartChange);
