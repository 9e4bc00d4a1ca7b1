import type { Metadata } from "next";

export const metadata: Metadata = {
  title: "A vendor's Next.js app",
  description: "The storefront's elements in the app router",
};

export default function RootLayout({ children }: LayoutProps<"/">) {
  return (
    <html lang="en">
      <head>
        <link rel="icon" href="data:," />
      </head>
      <body>{children}</body>
    </html>
  );
}
