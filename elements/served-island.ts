import type { ComponentType } from 'react';
import type { R2wcElement } from './r2wc-element.ts';

/**
 * An island's `takeOver` (define-island.tsx) for elements the server may draw (the full page, and what
 * its render endpoint draws into a vendor's page): when the element's shadow root holds the server's
 * markup (a `.sf-root` the server wrote as declarative shadow DOM), the code that takes it over is fetched
 * (take-over.ts; only such pages load it) and the island renders over it once `prepare` is done for the
 * element; until then the element renders nothing and the server's markup stays.
 */
export const takeOverServed = (prepare: (element: HTMLElement) => Promise<void>) => (element: R2wcElement, Component: ComponentType<never>, connected: () => void): boolean => {
  // (A shadow root made by the island itself is empty until its first render.)
  if (!element.shadowRoot?.querySelector('.sf-root')) return false;
  element.takingOver = import('./take-over.ts').then(({ takeOver }) => takeOver(element, Component, () => prepare(element), connected), () => {
    element.takingOver = undefined;
    connected(); // drawn afresh
  });
  return true;
};

/** The take-over of an element the server's render endpoint draws into a vendor's own page (served-element.ts prepares it). */
export const takeOverRendered = takeOverServed((element) => import('./served-element.ts').then((module) => module.prepareServedElement(element)));
