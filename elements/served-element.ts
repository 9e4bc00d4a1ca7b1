import { servedScreenOf, type ServedKind } from '../src/app/served-screen.ts';
import type { Route } from '../src/core/platform/routes.ts';
import { startStorefront } from '../src/core/bootstrap.ts';
import { $locale } from '../src/core/i18n/locale.ts';
import { preloadParts } from '../src/ui/LazyPart.tsx';
import { renderedElement } from './rendered-elements.ts';

/*
 * An element the server's render endpoint drew into a vendor's own page (`/render/<element>`): its
 * shadow root holds the drawn markup and, as its child, a data block (`<script type="application/json"
 * data-sf-served>`) with the calls the drawing made and their answers. Before the element takes the
 * markup over, the storefront starts (the vendor's settings, the language), the answers are taken in
 * where this page would make the same call, and the code of what was drawn is fetched.
 */

/** The element's data block, when it reads as one. */
const servedData = (element: HTMLElement) => servedScreenOf(element.querySelector(':scope > script[type="application/json"][data-sf-served]')?.textContent);

/**
 * Starts the storefront, fetches the code of what was drawn and takes in the element's answers with its
 * kind of screen, for the route it shows. Answers in another language than the page's (the customer
 * chose another) are left to the element's own loads.
 */
async function prepare(element: HTMLElement, kind: ServedKind, route: Route): Promise<void> {
  await startStorefront();
  const screen = servedData(element);
  if (!screen) return;
  await preloadParts(screen.parts);
  if (screen.lang === $locale.get()) kind.take(route, screen);
}

/** Prepares an element the render endpoint drew (rendered-elements.ts) for its take-over. */
export function prepareServedElement(element: HTMLElement): Promise<void> {
  const rendered = renderedElement(element.localName);
  return rendered ? prepare(element, rendered.kind, rendered.route((name) => element.getAttribute(name))) : Promise.resolve();
}
