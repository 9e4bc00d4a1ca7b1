/*
 * What the storefront's modules touch as they load that Node lacks, for the server's drawing
 * (server-render.tsx imports this first): the shared stylesheets are made once per page as the styles
 * module loads (on the server they are never adopted: the served shadow root carries the same rules), and
 * an element's module defines its element as it loads (on the server nothing is defined: the drawing
 * takes the element's definition itself).
 */
class ServerStyleSheet {
  replaceSync(): void {}
}
const globals = globalThis as { CSSStyleSheet?: unknown; HTMLElement?: unknown; customElements?: unknown };
globals.CSSStyleSheet ??= ServerStyleSheet;
globals.HTMLElement ??= class {};
globals.customElements ??= { get: () => undefined, define: () => undefined };
