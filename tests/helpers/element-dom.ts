/**
 * Shadow-DOM queries for the element tests (*.element.test.ts). Each takes the
 * custom element, the shadow host, and looks inside its open shadow root; a host
 * that has no shadow root yet finds nothing (null, [] or ''), so the queries are
 * safe inside waitUntil.
 */

/** The element's open shadow root. */
export function root(element: Element): ShadowRoot {
  return element.shadowRoot!;
}

/** The island has its settings, texts and styles and shows its content (no longer its placeholder). */
export function islandReady(element: Element): boolean {
  const base = element.shadowRoot?.querySelector('.sf-root');
  return !!base && !base.hasAttribute('aria-busy');
}

/** All text inside the element's shadow root. */
export function shadowText(element: Element): string {
  return element.shadowRoot?.textContent ?? '';
}

export function query<T extends Element = HTMLElement>(element: Element, selector: string): T | null {
  return element.shadowRoot?.querySelector<T>(selector) ?? null;
}

export function queryAll<T extends Element = HTMLElement>(element: Element, selector: string): T[] {
  return [...(element.shadowRoot?.querySelectorAll<T>(selector) ?? [])];
}

/** The first node exposed as `part` (its part attribute lists the name). */
export function part<T extends Element = HTMLElement>(element: Element, name: string): T | null {
  return query<T>(element, `[part~="${name}"]`);
}

export function parts<T extends Element = HTMLElement>(element: Element, name: string): T[] {
  return queryAll<T>(element, `[part~="${name}"]`);
}

/** The trimmed text of the part `name`, '' when there is none. */
export function partText(element: Element, name: string): string {
  return part(element, name)?.textContent?.trim() ?? '';
}

/** The form control whose <label> reads exactly `label`. */
export function byLabel(element: Element, label: string): HTMLInputElement | null {
  const found = queryAll<HTMLLabelElement>(element, 'label').find((node) => node.textContent?.trim() === label);
  return found ? (element.shadowRoot?.getElementById(found.htmlFor) as HTMLInputElement | null) : null;
}

/** The button whose text reads exactly `name`. */
export function button(element: Element, name: string): HTMLButtonElement | undefined {
  return queryAll<HTMLButtonElement>(element, 'button').find((node) => node.textContent?.trim() === name);
}

/** The button named by its aria-label (icon buttons). */
export function buttonLabelled(element: Element, label: string): HTMLButtonElement | null {
  return query<HTMLButtonElement>(element, `button[aria-label="${label}"]`);
}

/** The first open <dialog> in the element, if any. */
export function openDialog(element: Element): HTMLDialogElement | undefined {
  return queryAll<HTMLDialogElement>(element, 'dialog').find((dialog) => dialog.open);
}

/** What the page's <sf-toaster> shows. */
export function toasts(): string {
  return document.querySelector('sf-toaster')?.shadowRoot?.textContent ?? '';
}
