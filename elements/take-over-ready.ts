import { createElement, type ComponentType, type ReactNode } from 'react';
import { $stylesReady } from '../src/ui/styles.ts';
import { R2WC_CONTEXT, R2WC_PROPS, type R2wcElement } from './r2wc-element.ts';

/*
 * Taking over what the server drew into an island's shadow root (declarative shadow DOM): loaded only by
 * pages that have such content. The island waits until its first render can be the server's (its
 * settings, language, route, code and data are in, and the stylesheets), then renders over it
 * (`renderOver`, which differs between React and Preact: take-over.ts, take-over.preact.ts).
 */

interface Root {
  render(element: ReactNode): void;
  unmount(): void;
}

/** Resolves once the shared stylesheets are complete. */
const stylesReady = () =>
  new Promise<void>((resolve) => {
    const stop = $stylesReady.subscribe((ready) => {
      if (!ready) return;
      resolve();
      queueMicrotask(() => stop());
    });
  });

/**
 * Renders `element`'s island over the server's markup once its preparation is done, as r2wc's own first
 * render would have (its root kept where r2wc keeps it, so r2wc updates and unmounts it), then lets r2wc
 * go on (`connected`). A failure draws the island afresh instead, as if nothing had been served.
 */
export async function takeOverWith(
  renderOver: (container: ShadowRoot, element: ReactNode) => Root,
  element: R2wcElement,
  Component: ComponentType<never>,
  prepare: () => Promise<void>,
  connected: () => void,
): Promise<void> {
  try {
    await prepare();
    await stylesReady();
    element.takingOver = undefined;
    if (!element.isConnected) return;
    // Attributes set meanwhile are in the props: the island renders with them (define-island.tsx renders on a change only once rendered).
    element[R2WC_CONTEXT] = { root: renderOver(element.shadowRoot!, createElement(Component, element[R2WC_PROPS] as never)), ReactComponent: Component };
  } catch (error) {
    console.warn('[storefront] could not take over the served screen; drawn afresh', error);
    element.takingOver = undefined;
    if (!element.isConnected) return;
  }
  connected();
}
