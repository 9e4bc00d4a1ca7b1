import type { ComponentType, ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { R2wcElement } from './r2wc-element.ts';
import { takeOverWith } from './take-over-ready.ts';

/**
 * With React (the ESM package on a host's React): the island renders afresh in place of the server's
 * markup, in the same task, so nothing in between is painted. (Preact, the script tag's, renders over the
 * server's nodes instead: take-over.preact.ts.)
 */
function renderOver(container: ShadowRoot, element: ReactNode): Root {
  container.replaceChildren();
  const root = createRoot(container);
  root.render(element);
  return root;
}

export const takeOver = (element: R2wcElement, Component: ComponentType<never>, prepare: () => Promise<void>, connected: () => void) =>
  takeOverWith(renderOver, element, Component, prepare, connected);
