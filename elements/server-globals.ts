/*
 * What the storefront's modules touch as they load that Node lacks, for the server's drawing
 * (server-render.tsx imports this first): the shared stylesheets are made once per page as the styles
 * module loads; on the server they are never adopted (the served shadow root carries the same rules).
 */
class ServerStyleSheet {
  replaceSync(): void {}
}
const globals = globalThis as { CSSStyleSheet?: unknown };
globals.CSSStyleSheet ??= ServerStyleSheet;
