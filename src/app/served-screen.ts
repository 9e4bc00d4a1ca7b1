import type { ServedAnswers, ServedCalls, ServedScreen } from '../../contract/served-screen.ts';
import { inCustomerLanguage } from '../core/i18n/server-texts.ts';
import type { Route } from '../core/platform/routes.ts';

/*
 * A screen the server draws (full page): the calls its first view makes, which the server makes for it,
 * and their answers taken into the storefront's state, on the server to draw the screen and in the browser
 * (from the page's `#sf-screen` data block) to take it over with the same state, without asking again.
 * Each kind of screen has its own module (served-home.ts, served-menu.ts, served-faq.ts), named by its
 * route (routes.tsx, `served`), so a page fetches only its own.
 */

/** What the server draws of a kind of screen. */
export interface ServedKind {
  /** The calls the route's first view makes (with the vendor's settings taken). */
  calls(route: Route): ServedCalls;
  /**
   * Takes the answers into the storefront's state, as its own first loads would have, each one whose
   * call is the one this page makes now (`takenAnswers`); sets every part of the state the screen shows,
   * to be loaded as usual where there is no answer (the server draws page after page in one state).
   */
  take(route: Route, screen: Pick<ServedScreen, 'calls' | 'answers'>): void;
}

/** A screen drawn from the settings alone (the vendor's pages). */
export const SETTINGS_ONLY: ServedKind = { calls: () => ({}), take: () => undefined };

/**
 * The answers whose call is the one this page would make now, in the customer's language: in the
 * browser, the customer's own place, order mode or filters may ask otherwise, and that part then loads
 * as usual (the server's answer never shows as theirs).
 */
export function takenAnswers(now: ServedCalls, screen: Pick<ServedScreen, 'calls' | 'answers'>): ServedAnswers {
  const taken: Record<string, unknown> = {};
  for (const [key, answer] of Object.entries(screen.answers)) {
    const call = key === 'menu' || key === 'menuOutline' ? 'storeDetail' : key; // the menu is asked for once the store's detail names the store
    const same = now[call as keyof ServedCalls] !== undefined && JSON.stringify(now[call as keyof ServedCalls]) === JSON.stringify(screen.calls[call as keyof ServedCalls]);
    if (same) taken[key] = inCustomerLanguage(answer);
  }
  return taken as ServedAnswers;
}

/** A served screen's data block (its text) as it reads: null when it is no such block. */
export function servedScreenOf(text: string | null | undefined): ServedScreen | null {
  try {
    const screen = JSON.parse(text ?? '') as ServedScreen | null;
    return screen && typeof screen.answers === 'object' && typeof screen.calls === 'object' && Array.isArray(screen.parts) ? screen : null;
  } catch {
    return null;
  }
}

/** The served screen the full page's HTML carries (its `#sf-screen` data block) when it is this address's; null otherwise. */
export function servedScreenInPage(): ServedScreen | null {
  const screen = servedScreenOf(document.getElementById('sf-screen')?.textContent);
  return screen?.path === location.pathname ? screen : null;
}
