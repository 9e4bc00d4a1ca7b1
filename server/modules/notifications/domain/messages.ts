import type { PushMessage } from '../../../../contract/api/notifications.ts';
import type { OrderModeName, OrderStatus } from '../../../../contract/api/order-states.ts';
import type { ChatMessage } from '../../../../contract/api/support-chat.ts';
import { appNameOf } from '../../../../contract/rules/app-name.ts';
import {
  NOTIFICATION_PATHS, notificationTag, notificationText, orderNotificationPath, orderStatusText, type NotificationText,
} from '../../../../contract/rules/notifications.ts';
import type { Vendor } from '../../vendors/index.ts';

/**
 * What a customer's event becomes as a notification: which text, which screen it opens, and how the
 * push service is to treat it (how long it keeps it for a browser that is offline, how urgently it
 * wakes the device, which undelivered message it replaces).
 */

/** An event of realtime_events that may be told, as the sender reads it (with its order's mode). */
export interface PushEvent {
  id: number;
  vendor_id: number;
  user_id: number;
  kind: string;
  order_id: number | null;
  data: unknown;
  created_at: Date;
  order_mode: OrderModeName | null;
}

/** A notification to send, before its language is chosen. */
export interface Notice {
  text: NotificationText;
  orderId: number;
  url: string;
  tag: string;
  /** Seconds the push service keeps it for a browser that is not reachable; past that, it is stale. */
  ttl: number;
  urgency: 'normal' | 'high';
}

/** How long each kind of notice is worth keeping (seconds): the driver at the door for minutes, a step of the order for an hour, an answer for a day. */
export const NOTICE_TTL = { arrival: 15 * 60, onTheWay: 30 * 60, orderStep: 60 * 60, supportAnswer: 24 * 60 * 60 } as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The notification an event makes, or undefined when it makes none (a step the customer is not told of, their own chat message). */
export function noticeOf(event: PushEvent): Notice | undefined {
  if (!isObject(event.data)) return undefined;
  if (event.kind === 'order_status' && event.order_id) {
    const { from, status } = event.data as { from?: OrderStatus; status?: OrderStatus };
    if (!from || !status) return undefined;
    const text = orderStatusText(from, status, event.order_mode ?? 'delivery');
    if (!text) return undefined;
    const orderId = event.order_id;
    const ttl = status === 'arrived' ? NOTICE_TTL.arrival : status === 'on_the_way' ? NOTICE_TTL.onTheWay : NOTICE_TTL.orderStep;
    return { text, orderId, url: orderNotificationPath(status, orderId), tag: notificationTag.order(orderId), ttl, urgency: status === 'arrived' ? 'high' : 'normal' };
  }
  if (event.kind === 'chat_message' && (event.data as Partial<ChatMessage>).sender === 'agent') {
    return {
      text: 'support_answer', orderId: 0, url: NOTIFICATION_PATHS.supportChat, tag: notificationTag.supportChat, ttl: NOTICE_TTL.supportAnswer, urgency: 'normal',
    };
  }
  return undefined;
}

/** A text setting of the vendor in `lang`: its translation where the vendor has one for a language other than its default, else its own. */
function vendorText(vendor: Pick<Vendor, 'settings' | 'i18n' | 'default_lang'>, name: string, lang: string): string | undefined {
  const translated = lang !== vendor.default_lang ? vendor.i18n[lang]?.[name] : undefined;
  if (typeof translated === 'string' && translated) return translated;
  const own = vendor.settings[name];
  return typeof own === 'string' && own ? own : undefined;
}

/** The notification as the browser gets it, in `lang`: titled with the vendor's app name in that language. */
export function pushMessage(notice: Notice, vendor: Pick<Vendor, 'settings' | 'i18n' | 'default_lang'>, lang: string): PushMessage {
  return {
    title: appNameOf({ app_name: vendorText(vendor, 'app_name', lang) ?? '' }),
    body: notificationText(notice.text, lang, notice.orderId),
    url: notice.url,
    tag: notice.tag,
    lang,
  };
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/**
 * Who the push services may write to about the vendor's notifications (the VAPID `sub` claim): the
 * vendor's website when it is an https address, else a mailto of its support email, else a mailto at
 * its primary host.
 */
export function vapidSubject(vendor: Pick<Vendor, 'settings'>, primaryHost: string): string {
  const web = isObject(vendor.settings.web_settings) ? vendor.settings.web_settings.website_url : undefined;
  if (typeof web === 'string' && /^https:\/\/[^\s]+$/i.test(web)) {
    try {
      return new URL(web).origin;
    } catch {
      // Not an address after all: the email below.
    }
  }
  const support = isObject(vendor.settings.support_field) ? vendor.settings.support_field.email : undefined;
  if (typeof support === 'string' && EMAIL.test(support.trim())) return `mailto:${support.trim()}`;
  return `mailto:support@${/^[a-z0-9.-]+$/i.test(primaryHost) ? primaryHost : 'localhost'}`;
}
