"use client";
// The snippet of docs/frameworks.md: a top-level import in a client component, safe in the server render.
import { useState } from "react";
import { configure } from "storefront-elements";
import { SfMenu } from "storefront-elements/react";

configure({ apiBase: process.env.NEXT_PUBLIC_STOREFRONT_API ?? "https://api.example.com/api/v2" });

export function Storefront() {
  const [count, setCount] = useState(0);
  return (
    <>
      <p>
        Items in the cart, as the host app heard: <output id="host-cart-count">{count}</output>
      </p>
      <sf-cart-button></sf-cart-button>
      <sf-store-list layout="2"></sf-store-list>
      <SfMenu store="MQ==" onSfCartChange={(event) => setCount(event.detail.count)} />
      {/* @ts-expect-error a misspelt attribute is caught by the host's type check */}
      <sf-menu stroe="MQ==" hidden></sf-menu>
    </>
  );
}
