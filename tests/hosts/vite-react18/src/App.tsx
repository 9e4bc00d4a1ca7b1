import { useState } from 'react';
import { SfMenu } from 'storefront-elements/react';

export function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>A vendor's React 18 app</h1>
      <p>
        Items in the cart, as the host app heard: <output id="host-cart-count">{count}</output>
      </p>
      <sf-cart-button></sf-cart-button>
      <sf-store-list layout="2"></sf-store-list>
      <SfMenu store="MQ==" onSfCartChange={(event) => setCount(event.detail.count)} />
      {/* @ts-expect-error a misspelt attribute is caught by the host's type check */}
      <sf-menu stroe="MQ==" hidden></sf-menu>
      {/* @ts-expect-error so is a misspelt prop of a component */}
      <SfMenu stroe="MQ==" hidden />
    </main>
  );
}
