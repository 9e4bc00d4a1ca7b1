import { render } from 'preact';
import type { ComponentType, ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { R2wcElement } from './r2wc-element.ts';
import { takeOverWith } from './take-over-ready.ts';

/**
 * With Preact (the script tag's runtime; the build puts this file in place of take-over.ts): its render
 * into a container that holds nodes it did not make reuses each node of the same kind in order and brings
 * its attributes and text up to date, so the server's nodes stay (pictures are not fetched or decoded
 * again) and the client's own state (a cart, a session, another place) shows through. The root it
 * returns renders the next updates into the same tree.
 */
function renderOver(container: ShadowRoot, element: ReactNode): Root {
  render(element as Parameters<typeof render>[0], container);
  return createRoot(container);
}

export const takeOver = (element: R2wcElement, Component: ComponentType<never>, prepare: () => Promise<void>, connected: () => void) =>
  takeOverWith(renderOver, element, Component, prepare, connected);
