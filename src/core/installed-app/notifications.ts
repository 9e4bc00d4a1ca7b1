import { atom } from 'nanostores';
import { callApi } from '../api/client.ts';
import { shared } from '../platform/registry.ts';
import { isInstallablePage } from './installable.ts';

/**
 * Order notifications (docs/behaviour.md#order-notifications): standard Web Push through the full page's
 * service worker, to the signed-in customer, with their permission, asked for only when they choose to turn
 * them on (after placing an order, or in the profile), never on load.
 *
 * - unsupported: no service worker here (a vendor's own page, a browser without push);
 * - blocked: the browser refuses (the customer said no, or blocks notifications for the site);
 * - off / on: this browser's subscription is (not) saved for the customer;
 * - working: asking, subscribing or unsubscribing.
 */
export type NotificationsState = 'unknown' | 'unsupported' | 'blocked' | 'off' | 'on' | 'working';

export const $notifications = shared('notifications.state', () => atom<NotificationsState>('unknown'));

/** Whether this page can offer notifications at all: the installable full page, in a browser with push. */
export function notificationsSupported(): boolean {
  return isInstallablePage() && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;
}

/** The service worker's registration, once it is active (the installed app registers it on this page). */
async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** A base64url key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Saves the subscription for the customer (again: the language of the texts follows the storefront's). */
async function save(subscription: PushSubscription): Promise<boolean> {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) return false;
  const answer = await callApi('push-subscribe', { endpoint, p256dh: keys.p256dh, auth: keys.auth });
  return answer.code === 200 && answer.Result?.subscribed === true;
}

/**
 * Reads where this browser stands for the signed-in customer; a subscription already saved is saved again,
 * so its language is the storefront's now.
 */
export async function readNotifications(): Promise<NotificationsState> {
  if (!notificationsSupported()) return set('unsupported');
  if (Notification.permission === 'denied') return set('blocked');
  try {
    const subscription = await (await registration()).pushManager.getSubscription();
    if (!subscription || Notification.permission !== 'granted') return set('off');
    const status = await callApi('push-status', { endpoint: subscription.endpoint });
    if (status.code !== 200 || !status.Result?.subscribed) return set('off');
    return set((await save(subscription)) ? 'on' : 'off');
  } catch {
    return set('off');
  }
}

function set(state: NotificationsState): NotificationsState {
  $notifications.set(state);
  return state;
}

/** Asks the browser's permission (the customer pressed to turn them on), subscribes and saves it. */
export async function turnOnNotifications(): Promise<NotificationsState> {
  if (!notificationsSupported()) return set('unsupported');
  set('working');
  try {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return set(permission === 'denied' ? 'blocked' : 'off');
    const key = await callApi('push-key');
    if (key.code !== 200 || !key.Result) return set('off');
    const pushManager = (await registration()).pushManager;
    const subscription = (await pushManager.getSubscription())
      ?? (await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.Result.public_key) }));
    return set((await save(subscription)) ? 'on' : 'off');
  } catch {
    return set('off');
  }
}

/** Stops them: the server forgets this browser for the customer, and the browser's subscription ends. */
export async function turnOffNotifications(): Promise<NotificationsState> {
  if (!notificationsSupported()) return set('unsupported');
  set('working');
  try {
    const subscription = await (await registration()).pushManager.getSubscription();
    if (subscription) {
      await callApi('push-unsubscribe', { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    return set('off');
  } catch {
    return set('on');
  }
}
