import type { PushMessage } from '../api/notifications.ts';
import type { OrderModeName, OrderStatus } from '../api/order-states.ts';
import { directionOf } from './direction.ts';

/**
 * Order notifications (Web Push, docs/server.md#notifications): which events become a notification,
 * what it says in each of the storefront's languages, and which screen it opens. The server writes
 * them; the storefront's service worker shows what it is sent (contract/api/notifications.ts,
 * PushMessage) and opens its `url`.
 */

/** The languages the notifications are written in; any other language gets the English text. */
export const NOTIFICATION_LANGUAGES = ['en', 'ar', 'de', 'es', 'fr'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

/**
 * What a notification tells. The order's steps as the status screen shows them; `placed` only for a
 * scheduled order whose slot has come (the customer placed the others themselves a moment before);
 * `waiting` and `delivered` read differently for pickup; `support_answer` is an agent's answer in the
 * support chat.
 */
export type NotificationText =
  | 'placed_scheduled' | 'confirmed' | 'preparing' | 'waiting_delivery' | 'waiting_pickup' | 'on_the_way' | 'arrived'
  | 'delivered' | 'delivered_pickup' | 'cancelled' | 'support_answer';

/** The order states a customer is told of when an order moves into them. */
export const NOTIFIED_STATUSES: readonly OrderStatus[] = ['placed', 'confirmed', 'preparing', 'waiting', 'on_the_way', 'arrived', 'delivered', 'cancelled'];

/**
 * The texts, `{order}` standing for the order's number. Formal address where the language has one
 * (German "Sie", French "vous"); Spanish speaks as the storefront does (tú).
 */
export const NOTIFICATION_TEXTS: Record<NotificationLanguage, Record<NotificationText, string>> = {
  en: {
    placed_scheduled: 'Your scheduled order #{order} has been placed.',
    confirmed: 'Your order #{order} has been confirmed.',
    preparing: 'Your order #{order} is being prepared.',
    waiting_delivery: 'Your order #{order} is ready and waiting for the driver.',
    waiting_pickup: 'Your order #{order} is ready to pick up.',
    on_the_way: 'Your order #{order} is on its way.',
    arrived: 'Your driver has arrived with order #{order}.',
    delivered: 'Your order #{order} has been delivered.',
    delivered_pickup: 'You have picked up order #{order}.',
    cancelled: 'Your order #{order} has been cancelled.',
    support_answer: 'Support has answered your message.',
  },
  ar: {
    placed_scheduled: 'تم تقديم طلبك المجدول رقم {order}.',
    confirmed: 'تم تأكيد طلبك رقم {order}.',
    preparing: 'جارٍ تجهيز طلبك رقم {order}.',
    waiting_delivery: 'طلبك رقم {order} جاهز وينتظر السائق.',
    waiting_pickup: 'طلبك رقم {order} جاهز للاستلام.',
    on_the_way: 'طلبك رقم {order} في الطريق إليك.',
    arrived: 'وصل السائق ومعه طلبك رقم {order}.',
    delivered: 'تم توصيل طلبك رقم {order}.',
    delivered_pickup: 'لقد استلمت طلبك رقم {order}.',
    cancelled: 'تم إلغاء طلبك رقم {order}.',
    support_answer: 'ردّ فريق الدعم على رسالتك.',
  },
  de: {
    placed_scheduled: 'Ihre geplante Bestellung Nr. {order} wurde aufgegeben.',
    confirmed: 'Ihre Bestellung Nr. {order} wurde bestätigt.',
    preparing: 'Ihre Bestellung Nr. {order} wird vorbereitet.',
    waiting_delivery: 'Ihre Bestellung Nr. {order} ist fertig und wartet auf den Fahrer.',
    waiting_pickup: 'Ihre Bestellung Nr. {order} ist abholbereit.',
    on_the_way: 'Ihre Bestellung Nr. {order} ist unterwegs.',
    arrived: 'Ihr Fahrer ist mit Bestellung Nr. {order} angekommen.',
    delivered: 'Ihre Bestellung Nr. {order} wurde geliefert.',
    delivered_pickup: 'Sie haben Ihre Bestellung Nr. {order} abgeholt.',
    cancelled: 'Ihre Bestellung Nr. {order} wurde storniert.',
    support_answer: 'Der Support hat Ihnen geantwortet.',
  },
  es: {
    placed_scheduled: 'Tu pedido programado n.º {order} se ha realizado.',
    confirmed: 'Tu pedido n.º {order} ha sido confirmado.',
    preparing: 'Tu pedido n.º {order} se está preparando.',
    waiting_delivery: 'Tu pedido n.º {order} está listo y espera al repartidor.',
    waiting_pickup: 'Tu pedido n.º {order} está listo para recoger.',
    on_the_way: 'Tu pedido n.º {order} está en camino.',
    arrived: 'Tu repartidor ha llegado con el pedido n.º {order}.',
    delivered: 'Tu pedido n.º {order} ha sido entregado.',
    delivered_pickup: 'Has recogido tu pedido n.º {order}.',
    cancelled: 'Tu pedido n.º {order} ha sido cancelado.',
    support_answer: 'El equipo de soporte ha respondido a tu mensaje.',
  },
  fr: {
    placed_scheduled: 'Votre commande programmée n° {order} a été passée.',
    confirmed: 'Votre commande n° {order} a été confirmée.',
    preparing: 'Votre commande n° {order} est en préparation.',
    waiting_delivery: 'Votre commande n° {order} est prête et attend le livreur.',
    waiting_pickup: 'Votre commande n° {order} est prête à être retirée.',
    on_the_way: 'Votre commande n° {order} est en route.',
    arrived: 'Votre livreur est arrivé avec la commande n° {order}.',
    delivered: 'Votre commande n° {order} a été livrée.',
    delivered_pickup: 'Vous avez retiré votre commande n° {order}.',
    cancelled: 'Votre commande n° {order} a été annulée.',
    support_answer: 'L’assistance a répondu à votre message.',
  },
};

/** The text of a notification in `lang` (English for a language without texts), the order's number put in. */
export function notificationText(text: NotificationText, lang: string, orderId = 0): string {
  const table = (NOTIFICATION_LANGUAGES as readonly string[]).includes(lang) ? NOTIFICATION_TEXTS[lang as NotificationLanguage] : NOTIFICATION_TEXTS.en;
  return table[text].replace('{order}', String(orderId));
}

/**
 * The text an order's move into `status` (from `from`) is told with, or undefined when it is not told:
 * payment states, a scheduled order's own placing, and the order placed after its payment (the customer
 * is on the page that waited for it).
 */
export function orderStatusText(from: OrderStatus, status: OrderStatus, mode: OrderModeName): NotificationText | undefined {
  switch (status) {
    case 'placed':
      return from === 'scheduled' ? 'placed_scheduled' : undefined;
    case 'confirmed':
    case 'preparing':
    case 'on_the_way':
    case 'arrived':
    case 'cancelled':
      return status;
    case 'waiting':
      return mode === 'pickup' ? 'waiting_pickup' : 'waiting_delivery';
    case 'delivered':
      return mode === 'pickup' ? 'delivered_pickup' : 'delivered';
    default:
      return undefined;
  }
}

/**
 * The full page's paths a notification opens (the route table is src/app/routes.tsx): an order's
 * status screen, its live tracking while a driver brings it, and the support chat. Paths only: the
 * service worker opens them on its own origin, the vendor's host.
 */
export const NOTIFICATION_PATHS = {
  orderStatus: (orderId: number) => `/order-status/${orderId}`,
  tracking: (orderId: number) => `/trackorder/${orderId}`,
  supportChat: '/support-chat',
} as const;

/** The screen an order's notification opens: tracking while the driver is on the way or at the door, else its status. */
export function orderNotificationPath(status: OrderStatus, orderId: number): string {
  return status === 'on_the_way' || status === 'arrived' ? NOTIFICATION_PATHS.tracking(orderId) : NOTIFICATION_PATHS.orderStatus(orderId);
}

/**
 * The notification's tag: one per order, so a newer status replaces the one shown before it; one for the
 * support chat. Also the push service's Topic (at most 32 URL-safe characters), so a status not yet
 * delivered is replaced there too.
 */
export const notificationTag = {
  order: (orderId: number) => `order-${orderId}`,
  supportChat: 'support-chat',
} as const;

/* ---------- showing them (the service worker) ---------- */

// The push message's JSON as the service worker takes it: a storefront path to open, bounded texts
// without control characters.
const TEXT_MAX = 300;
const PATH = /^\/(?!\/)[^\s\\]{0,500}$/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const text = (value: unknown, max = TEXT_MAX): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= max && !CONTROL.test(value) ? value : undefined;

/** The notification a push message carries, with its direction; null for anything else (never shown). */
export function notificationOf(message: string): (PushMessage & { dir: 'ltr' | 'rtl' }) | null {
  let data: unknown;
  try {
    data = JSON.parse(message);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  const title = text(fields.title);
  const body = text(fields.body);
  const url = text(fields.url, 500);
  const tag = text(fields.tag, 100);
  const lang = text(fields.lang, 10);
  if (!title || !body || !url || !PATH.test(url) || !tag || !lang) return null;
  return { title, body, url, tag, lang, dir: directionOf(lang) };
}

/** The path a shown notification opens (its data's), home for anything else. */
export function notificationTarget(data: unknown): string {
  const url = (data as { url?: unknown } | null)?.url;
  return typeof url === 'string' && PATH.test(url) ? url : '/';
}
