import { Storefront } from "./storefront";

// A server component: the page is rendered (and prerendered by `next build`) on the server.
export default function Home() {
  return (
    <main>
      <h1>A vendor&apos;s Next.js app</h1>
      <Storefront />
    </main>
  );
}
