import { useEffect, useState } from 'react';
import type { StorefrontEventMap } from 'storefront-elements';

export function App() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const onCartChange = (event: StorefrontEventMap['sf-cart-change']) => setCount(event.detail.count);
    document.addEventListener('sf-cart-change', onCartChange);
    return () => document.removeEventListener('sf-cart-change', onCartChange);
  }, []);
  return (
    <main>
      <h1>A vendor's React 18 app</h1>
      <p>
        Items in the cart, as the host app heard: <output id="host-cart-count">{count}</output>
      </p>
      <sf-cart-button></sf-cart-button>
      <sf-store-list layout="2"></sf-store-list>
      <sf-menu store="MQ=="></sf-menu>
      {/* @ts-expect-error a misspelt attribute is caught by the host's type check */}
      <sf-menu stroe="MQ==" hidden></sf-menu>
    </main>
  );
}
