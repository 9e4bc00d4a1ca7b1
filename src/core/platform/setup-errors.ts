import type { HostEventMap } from './host-events.ts';

/**
 * Mistakes in how a page sets the storefront up (no API configured, a tag name another script took, a
 * stylesheet answered with something else) are said once per page: one console error naming the fix, and
 * an `sf-error` event on `document` a host app can show or report. The sentences live in their own small
 * chunk (setup-messages.ts), fetched only when something went wrong, so no page pays for them.
 */
export type SetupErrorCode = HostEventMap['sf-error']['code'];

export function reportSetupError(code: SetupErrorCode, detail: string): void {
  void import('./setup-messages.ts').then(({ sayOnce }) => sayOnce(code, detail));
}

/** Marks the element classes the storefront defines (any copy of it), so a tag defined by another script is told apart. */
export const ISLAND_MARK = Symbol.for('storefront-elements.island');

export function isIslandClass(constructor: CustomElementConstructor): boolean {
  return (constructor as unknown as Record<symbol, unknown>)[ISLAND_MARK] === true;
}
