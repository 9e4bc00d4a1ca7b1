/**
 * The full page's service worker (served as /sw.js on the vendor's host; the embedded elements register
 * none). Workbox does the caching:
 *
 * - the storefront's code (the script tag and every hashed chunk and stylesheet of its runtime) is
 *   precached, so every screen opens offline and a page open while a new version is deployed keeps the
 *   code it started with until the customer reloads;
 * - pages: from the network, else the last copy of that page, else the last copy of any page (the
 *   storefront then draws the address's screen itself);
 * - the calls of OFFLINE_READABLE_CALLS: from the network, else (offline, or no answer in
 *   OFFLINE_NETWORK_TIMEOUT_S) the last answer to the same request, and the page is told it is seeing
 *   something from earlier and from when; a customer's answers are dropped when the session ends;
 * - pictures of this host: from the cache once fetched.
 *
 * A new version waits until the page asks it to take over (the customer chose "Reload to update").
 * Order notifications (Web Push) are shown in the customer's language and open their screen.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { API_VERSION_PATH, SERVER_PATHS } from '../../contract/constants.ts';
import {
  callOfPath, isInstalledAppMessage, OFFLINE_NETWORK_TIMEOUT_S, OFFLINE_READABLE_CALLS, SESSION_ENDING_CALLS, type InstalledAppMessage,
} from '../../contract/rules/installed-app.ts';
import { notificationOf, notificationTarget } from '../../contract/rules/notifications.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const PAGES = 'sf-pages';
const GUEST_ANSWERS = 'sf-answers';
const CUSTOMER_ANSWERS = 'sf-customer-answers';
const PICTURES = 'sf-pictures';
/** When a kept answer was saved (ms since the epoch), on the kept copy only. */
const SAVED_AT = 'X-SF-Saved-At';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the page that installed it at once (there is no older one to keep); later ones wait.
clientsClaim();

/* ---------- what the page is told ---------- */

/** Per page (its client id): the earliest time something it was shown had been saved. */
const shownFromEarlier = new Map<string, number>();

async function tell(clientId: string | undefined, message: InstalledAppMessage): Promise<void> {
  if (!clientId) return;
  const client = await self.clients.get(clientId);
  client?.postMessage(message);
}

function noteShownFromEarlier(clientId: string | undefined, savedAt: number): void {
  if (!clientId || !Number.isFinite(savedAt)) return;
  const earliest = Math.min(savedAt, shownFromEarlier.get(clientId) ?? Infinity);
  shownFromEarlier.set(clientId, earliest);
  void tell(clientId, { type: 'sf-shown-from-earlier', savedAt: earliest });
}

self.addEventListener('message', (event) => {
  if (!isInstalledAppMessage(event.data)) return;
  const source = event.source as Client | null;
  if (event.data.type === 'SKIP_WAITING') void self.skipWaiting();
  if (event.data.type === 'sf-what-from-earlier' && source) {
    const savedAt = shownFromEarlier.get(source.id);
    if (savedAt !== undefined) source.postMessage({ type: 'sf-shown-from-earlier', savedAt } satisfies InstalledAppMessage);
  }
});

/** Kept copies carry when they were saved; a copy used instead of the network tells its page so. */
const keptCopies = (clientIdOf: (event: ExtendableEvent | undefined) => string | undefined): WorkboxPlugin => ({
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT, String(Date.now()));
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
  cachedResponseWillBeUsed: async ({ cachedResponse, event }) => {
    if (cachedResponse) noteShownFromEarlier(clientIdOf(event), Number(cachedResponse.headers.get(SAVED_AT)));
    return cachedResponse;
  },
});

/* ---------- pages ---------- */

const pages = new NetworkFirst({
  cacheName: PAGES,
  networkTimeoutSeconds: OFFLINE_NETWORK_TIMEOUT_S,
  // A page varies by language and cookie on the server; offline, the last copy of the address is the one to show.
  matchOptions: { ignoreVary: true },
  plugins: [
    new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * 24 * 3600 }),
    keptCopies((event) => (event as FetchEvent | undefined)?.resultingClientId),
  ],
});
// The storefront's screens only: not the server's own pages (a payment page, the demo's vendor pages).
registerRoute(({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !SERVER_PATHS.test(url.pathname), pages);

// The page that installs the worker was fetched before it: it is kept now, with home (the app's start), so
// the next visit opens offline even if it was the first.
self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const addresses = new Set(['/', ...open.map((client) => client.url).filter((url) => new URL(url).origin === self.location.origin)]);
    await Promise.all([...addresses].map((url) => pages.handle({ event, request: new Request(url, { credentials: 'same-origin' }) }).catch(() => undefined)));
  })());
});

/* ---------- the calls read offline ---------- */

/** Hex of SHA-256 of `text`. */
async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether a call is sent in a customer's session (a non-empty bearer). */
const inSession = (request: Request) => /^Bearer\s+\S/i.test(request.headers.get('Authorization') ?? '');

/**
 * The key a call's answer is kept under: a GET address naming the request (the call, its session, the
 * vendor host it is for and its body), since a cache keeps GET requests only.
 */
async function answerKey(request: Request): Promise<string> {
  const body = request.method === 'POST' ? await request.clone().text() : '';
  const hash = await digest([request.method, request.url, request.headers.get('Authorization') ?? '', request.headers.get('X-Storefront-Host') ?? '', body].join('\n'));
  return `${request.url.split('?')[0]}?sf-kept=${hash}`;
}

const keyedBy: WorkboxPlugin = { cacheKeyWillBeUsed: async ({ request, params }) => (params as { key?: string } | undefined)?.key ?? request };
const answerStrategy = (cacheName: string) => new NetworkFirst({
  cacheName,
  networkTimeoutSeconds: OFFLINE_NETWORK_TIMEOUT_S,
  plugins: [
    keyedBy,
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 }),
    keptCopies((event) => (event as FetchEvent | undefined)?.clientId),
  ],
});
const guestAnswers = answerStrategy(GUEST_ANSWERS);
const customerAnswers = answerStrategy(CUSTOMER_ANSWERS);

const callOf = (url: URL) => (url.origin === self.location.origin ? callOfPath(url.pathname, API_VERSION_PATH) : undefined);

/** A kept call: from the network, else its kept answer (the customer's kept apart from a guest's). */
const keptCall = async ({ request, event }: { request: Request; event: ExtendableEvent }) => {
  const key = await answerKey(request);
  return (inSession(request) ? customerAnswers : guestAnswers).handle({ request, event, params: { key } });
};
const isKeptCall = ({ url }: { url: URL }) => OFFLINE_READABLE_CALLS.has(callOf(url) ?? '');
registerRoute(isKeptCall, keptCall, 'POST');
registerRoute(isKeptCall, keptCall, 'GET');

// Signing out (or deleting the account) leaves nothing of the customer's to show on this device.
registerRoute(({ url }) => SESSION_ENDING_CALLS.has(callOf(url) ?? ''), async ({ request }) => {
  await caches.delete(CUSTOMER_ANSWERS);
  return fetch(request);
}, 'POST');

/* ---------- pictures ---------- */

registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  new CacheFirst({
    cacheName: PICTURES,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

/** Offline, a page never seen here: the last copy of home (or of any page); the storefront draws the address's screen. */
setCatchHandler(async ({ request, event }) => {
  if (request.destination !== 'document') return Response.error();
  const cache = await caches.open(PAGES);
  const copy = (await cache.match('/', { ignoreSearch: true, ignoreVary: true }))
    ?? (await cache.keys().then((keys) => (keys[0] ? cache.match(keys[0], { ignoreVary: true }) : undefined)));
  if (!copy) return Response.error();
  noteShownFromEarlier((event as FetchEvent).resultingClientId, Number(copy.headers.get(SAVED_AT)));
  return copy;
});

/* ---------- order notifications ---------- */

self.addEventListener('push', (event) => {
  const notification = notificationOf(event.data?.text() ?? '');
  if (!notification) return;
  event.waitUntil(self.registration.showNotification(notification.title, {
    body: notification.body,
    tag: notification.tag,
    lang: notification.lang,
    dir: notification.dir,
    data: { url: notification.url },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(notificationTarget(event.notification.data), self.location.origin).href;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => client.url === target) ?? windows[0];
    if (open) {
      // The storefront already open in a window shows the screen (focusing it is the browser's to allow).
      const shown = open.url === target ? open : await open.navigate(target).catch(() => null);
      await (shown ?? open).focus().catch(() => undefined);
      if (shown) return;
    }
    await self.clients.openWindow(target);
  })());
});
