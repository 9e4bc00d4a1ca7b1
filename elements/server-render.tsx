import { removeServerGlobals } from './server-globals.ts';
import { i18n } from '@lingui/core';
import { renderToString } from 'preact-render-to-string';
import type { ReactNode } from 'react';
import { utilitiesText } from 'virtual:storefront-utilities';
import { API_VERSION_PATH } from '../contract/constants.ts';
import { KNOWN_LOCALES } from '../contract/rules/locale.ts';
import type { ServedCalls, ServedPage, ServedScreen } from '../contract/served-screen.ts';
import { ROUTES, router } from '../src/app/routes.tsx';
import type { ServedKind } from '../src/app/served-screen.ts';
import { Storefront } from '../src/app/Storefront.tsx';
import { activateLocale } from '../src/core/i18n/i18n.ts';
import { $locale, catalogLocaleOf } from '../src/core/i18n/locale.ts';
import * as serverTexts from '../src/core/i18n/server-messages.ts';
import { setServerTextTranslation } from '../src/core/i18n/server-texts.ts';
import { forgetMenus } from '../src/core/menu/menu.ts';
import { configure } from '../src/core/platform/config.ts';
import { $route, HOME_ROUTE, routerState } from '../src/core/platform/router.ts';
import type { Route } from '../src/core/platform/routes.ts';
import { $settings, $settingsStatus } from '../src/core/settings/settings.ts';
import { Island } from '../src/ui/Island.tsx';
import { drawingParts, preloadAllParts } from '../src/ui/LazyPart.tsx';
import { classesOf, usedRules } from '../src/ui/served-styles.ts';
import { BASE_CSS } from '../src/ui/styles.ts';
import { propsOfAttributes, type IslandDefinition } from './define-island.tsx';
import { renderedElement, RENDERED_TAGS } from './rendered-elements.ts';
import { SF_FAQ } from './sf-faq.tsx';
import { SF_MENU } from './sf-menu.tsx';
import { SF_STORE_LIST } from './sf-store-list.tsx';

/*
 * The server's entry to the storefront (the build makes dist/server/server-render.js of it, with Preact
 * as the script tag has it): the full page's first screen, and an element's first view for the render
 * endpoint, drawn by the storefront's own components. The storefront's state is one per page, so each
 * is drawn synchronously, start to end: the catalogs and all the code are loaded once, before the first.
 */

/** The stylesheet the served shadow root carries (the same rules the islands adopt once their code runs). */
export const SERVED_STYLES = `${BASE_CSS}\n${utilitiesText}`;

/** The kinds of the screens the server draws, by route name (routes.tsx, `served`). */
const kinds = new Map<string, ServedKind>();

/** Every language's texts, all the storefront's code (its lazy screens and parts) and the served kinds, loaded once. */
const loaded = (async () => {
  for (const locale of KNOWN_LOCALES) await activateLocale(locale);
  await preloadAllParts();
  for (const entry of ROUTES) if (entry.served) kinds.set(entry.name, await entry.served());
  removeServerGlobals();
})();

/** Resolves once the storefront can draw (call before the first screen). */
export const serverRenderReady = (): Promise<void> => loaded;

/** The host element as the islands see it while drawn on the server: nothing of it is read until the browser. */
const serverHost = {} as HTMLElement;

function routeOf(path: string): Route {
  return router.match(path) ?? HOME_ROUTE;
}

function takeSettings({ settings, lang, origin, host }: ServedPage, route: Route): void {
  // The storefront's addresses (the API's, relative pictures) are the page's own, as in the browser.
  configure({ apiBase: `${origin}${API_VERSION_PATH}`, host });
  // The language's catalog was loaded with the others: made current at once, with its table of the server's texts.
  i18n.activate(lang);
  setServerTextTranslation(catalogLocaleOf(lang) === 'en' ? null : serverTexts);
  $locale.set(lang);
  $settings.set(settings);
  $settingsStatus.set('ready');
  routerState.active = true;
  $route.set(route);
}

/**
 * The calls the first screen of `path` makes, which the server makes for it before drawing it; null for a
 * screen the server does not draw (it needs what only the browser knows: the customer's session or cart).
 */
export function firstCalls(page: ServedPage, path: string): ServedCalls | null {
  const route = routeOf(path);
  takeSettings(page, route);
  return kinds.get(route.name)?.calls(route) ?? null;
}

/**
 * The full page's element's content for `screen.path`: its shadow root (declarative shadow DOM) with the
 * islands' stylesheet and the screen drawn from the settings and the first calls' answers. Synchronous.
 */
export function renderFullPageScreen(page: ServedPage, screen: Omit<ServedScreen, 'parts'>): { html: string; parts: string[] } {
  const route = routeOf(screen.path);
  const kind = kinds.get(route.name);
  if (!kind) throw new Error(`${route.name} is not drawn on the server`);
  takeSettings(page, route);
  forgetMenus(); // another vendor's, or from another page
  kind.take(route, screen);
  const [body, parts] = drawingParts(() => renderToString(
    <Island host={serverHost} display="block">
      <Storefront host={serverHost} />
    </Island>,
  ));
  return { html: shadowRoot(body), parts };
}

/**
 * An island's drawing as its element's shadow root, with the rules of the islands' stylesheet it uses (the
 * island adopts the whole sheet as it takes over); `data-served` marks the island's root until then (its
 * render drops it).
 */
const shadowRoot = (body: string) => `<template shadowrootmode="open"><style>${usedRules(SERVED_STYLES, classesOf(body))}</style>${body.replace(/^<div /, '<div data-served ')}</template>`;

/** The islands of the elements the render endpoint draws (rendered-elements.ts), by tag. */
const DEFINITIONS: Readonly<Record<string, IslandDefinition<never>>> = {
  'sf-menu': SF_MENU as IslandDefinition<never>,
  'sf-faq': SF_FAQ as IslandDefinition<never>,
  'sf-store-list': SF_STORE_LIST as IslandDefinition<never>,
};

/** The elements the render endpoint draws, with the attributes each takes. */
export const SERVED_ELEMENTS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(RENDERED_TAGS.map((tag) => [tag, renderedElement(tag)!.attributes]));

/** The element the endpoint draws by `tag`, with its island. */
function elementNamed(tag: string) {
  const rendered = renderedElement(tag);
  const definition = rendered && Object.hasOwn(DEFINITIONS, tag) ? DEFINITIONS[tag] : undefined;
  return rendered && definition ? { ...rendered, definition } : undefined;
}

/** The calls the first view of `tag` with these attributes makes; null for an element the endpoint does not draw. */
export function elementCalls(page: ServedPage, tag: string, attributes: Record<string, string | undefined>): ServedCalls | null {
  const element = elementNamed(tag);
  if (!element) return null;
  const route = element.route((name) => attributes[name]);
  takeSettings(page, route);
  routerState.active = false; // an element on a vendor's page: no router
  return element.kind.calls(route);
}

/** The element's shadow root (declarative shadow DOM) drawn from the answers, as the browser would draw the element. Synchronous. */
export function renderElement(page: ServedPage, tag: string, attributes: Record<string, string | undefined>, screen: Omit<ServedScreen, 'parts'>): { html: string; parts: string[] } {
  const element = elementNamed(tag);
  if (!element) throw new Error(`${tag} is not drawn on the server`);
  const route = element.route((name) => attributes[name]);
  takeSettings(page, route);
  routerState.active = false;
  forgetMenus();
  element.kind.take(route, screen);
  const { definition } = element;
  const [body, parts] = drawingParts(() => renderToString(
    <Island host={serverHost} display={definition.display ?? 'block'} placeholder={definition.placeholder}>
      {(definition.render as (props: object) => ReactNode)({ ...propsOfAttributes(definition, attributes), host: serverHost })}
    </Island>,
  ));
  return { html: shadowRoot(body), parts };
}
