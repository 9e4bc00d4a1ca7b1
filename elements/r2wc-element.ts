import type { ReactNode } from 'react';

/** Where an element made by r2wc keeps the props it renders with, and how it renders them (@r2wc/core). */
export const R2WC_PROPS = Symbol.for('r2wc.props');
export const R2WC_RENDER = Symbol.for('r2wc.render');
/** Where it keeps what it rendered with (its React root and component), made on its first render. */
export const R2WC_CONTEXT = Symbol.for('r2wc.context');

export interface R2wcElement extends HTMLElement {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
  [R2WC_CONTEXT]?: { root: { render(element: ReactNode): void; unmount(): void }; ReactComponent: unknown };
  connectedCallback(): void;
  /** While the island gets ready to take over what the server drew: it renders nothing until then. */
  takingOver?: Promise<void> | undefined;
}
