import { useStore } from '@nanostores/react';
import { useEffect, useRef, type RefObject } from 'react';
import { $route, routeCameFromNavigation } from '../core/platform/router.ts';
import { $appName, $settings } from '../core/settings/settings.ts';
import { documentTitle } from '../core/settings/page-meta.ts';

/** How long after a route change focus may still move to the new screen's heading (a slow screen). */
const FOCUS_WINDOW_MS = 10_000;

/** The element that has focus, looking inside shadow roots. */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * The full page's screen heading (the h1 in `main`): it names the document (core/settings/theme.ts
 * documentTitle), and after a route change focus moves to it once it is drawn, so a screen
 * reader announces the new screen. Not on the first load, and not when the customer has already moved into
 * the new screen (typed in a field, tabbed to a link) before a slow screen drew its heading.
 */
export function useScreenHeading(main: RefObject<HTMLElement | null>): void {
  const route = useStore($route);
  const settings = useStore($settings);
  const appName = useStore($appName);
  const focusFor = useRef<{ route: typeof route; until: number } | null>(null);

  useEffect(() => {
    if (routeCameFromNavigation()) focusFor.current = { route, until: Date.now() + FOCUS_WINDOW_MS };
  }, [route]);

  useEffect(() => {
    const element = main.current;
    if (!element) return;
    // Runs after every change inside the screen (a scrolling list redraws rows each frame): it only reads,
    // and writes the title when it changes.
    const update = () => {
      const heading = element.querySelector('h1');
      const text = heading?.textContent ?? '';
      const title = documentTitle(settings, appName, route.name === 'home' ? '' : text);
      if (document.title !== title) document.title = title;
      const pending = focusFor.current;
      if (!heading || !text.trim() || pending?.route !== route) return;
      focusFor.current = null;
      const active = deepActiveElement();
      if (Date.now() > pending.until || (active && active !== heading && element.contains(active))) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(element, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [main, route, settings, appName]);
}
