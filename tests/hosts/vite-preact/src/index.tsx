import { render } from 'preact';
import { useState } from 'preact/hooks';
import { configure, type StorefrontEventMap } from 'storefront-elements/preact';

// The storefront's API (the snippet of docs/frameworks.md); the test passes its address in the URL.
configure({ apiBase: new URLSearchParams(location.search).get('api') ?? 'https://api.example.com/api/v2' });

function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>A vendor's Preact app</h1>
      <p>
        Items in the cart, as the host app heard: <output id="host-cart-count">{count}</output>
      </p>
      <sf-cart-button></sf-cart-button>
      <sf-store-list layout="2"></sf-store-list>
      {/* Preact adds on<event> props as listeners, custom events included. */}
      <sf-menu store="MQ==" onsf-cart-change={(event: StorefrontEventMap['sf-cart-change']) => setCount(event.detail.count)}></sf-menu>
      {/* @ts-expect-error a misspelt attribute is caught by the host's type check */}
      <sf-menu stroe="MQ==" hidden></sf-menu>
      {/* @ts-expect-error so is a value the attribute does not take */}
      <sf-store-list layout="3" hidden></sf-store-list>
    </main>
  );
}

render(<App />, document.getElementById('app')!);
