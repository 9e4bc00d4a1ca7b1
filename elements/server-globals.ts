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
type Globals = Record<'CSSStyleSheet' | 'HTMLElement' | 'customElements', unknown>;
const globals = globalThis as unknown as Partial<Globals>;
const STAND_INS: Globals = { CSSStyleSheet: ServerStyleSheet, HTMLElement: class {}, customElements: { get: () => undefined, define: () => undefined } };
const installed = (Object.keys(STAND_INS) as Array<keyof Globals>).filter((name) => globals[name] === undefined);
for (const name of installed) globals[name] = STAND_INS[name];

/** Takes the stand-ins away once the storefront's code has loaded: the rest of the server never sees them. */
export function removeServerGlobals(): void {
  for (const name of installed) delete globals[name];
}
