import { atom } from 'nanostores';
import { Workbox } from 'workbox-window';
import { isInstalledAppMessage, SERVICE_WORKER_PATH, type InstalledAppMessage } from '../../../contract/rules/installed-app.ts';
import { shared } from '../platform/registry.ts';
import { isInstallablePage } from './installable.ts';

/**
 * The full page as an installed app (docs/behaviour.md#installable-full-page): its service worker, which
 * keeps the storefront readable offline, and what the page shows of it. Only the full page served on the
 * vendor's host (the page with a web app manifest) registers it; the embedded elements never do.
 */

/** When the oldest thing this page shows from the service worker's copies was saved (ms since the epoch); null when all is fresh. */
export const $shownFromEarlier = shared('installedApp.shownFromEarlier', () => atom<number | null>(null));
/** A new version of the storefront is installed and waits for the customer to reload. */
export const $updateWaiting = shared('installedApp.updateWaiting', () => atom(false));

const state = shared('installedApp.state', () => ({ workbox: null as Workbox | null }));

function heard(data: unknown): void {
  if (!isInstalledAppMessage(data) || data.type !== 'sf-shown-from-earlier') return;
  const earliest = $shownFromEarlier.get();
  $shownFromEarlier.set(earliest === null ? data.savedAt : Math.min(earliest, data.savedAt));
}

/**
 * Registers the service worker (once per page) and follows it: what it served from its copies, and a new
 * version waiting. Answers false where there is none to register.
 */
export async function startInstalledApp(): Promise<boolean> {
  if (state.workbox) return true;
  if (!isInstallablePage()) return false;
  const workbox = new Workbox(SERVICE_WORKER_PATH, { scope: '/' });
  state.workbox = workbox;
  navigator.serviceWorker.addEventListener('message', (event) => heard(event.data));
  workbox.addEventListener('waiting', () => $updateWaiting.set(true));
  await workbox.register();
  // What the page was shown from copies before this code came (its own HTML, its first calls).
  navigator.serviceWorker.controller?.postMessage({ type: 'sf-what-from-earlier' } satisfies InstalledAppMessage);
  return true;
}

/** The customer chose to reload into the new version: it takes over, then the page loads again with it. */
export function reloadToUpdate(): void {
  const workbox = state.workbox;
  if (!workbox || !$updateWaiting.get()) {
    location.reload();
    return;
  }
  workbox.addEventListener('controlling', () => location.reload());
  workbox.messageSkipWaiting();
}
