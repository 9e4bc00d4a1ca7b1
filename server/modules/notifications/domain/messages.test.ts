import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../../contract/api/order-states.ts';
import { NOTIFICATION_LANGUAGES, NOTIFICATION_TEXTS, NOTIFIED_STATUSES } from '../../../../contract/rules/notifications.ts';
import { NOTICE_TTL, noticeOf, pushMessage, vapidSubject, type PushEvent } from './messages.ts';

const event = (kind: string, data: unknown, mode: 'delivery' | 'pickup' | null = 'delivery', orderId: number | null = 42): PushEvent => ({
  id: 1, vendor_id: 1, user_id: 1, kind, order_id: orderId, data, created_at: new Date(), order_mode: mode,
});
const moved = (from: OrderStatus, status: OrderStatus, mode: 'delivery' | 'pickup' = 'delivery') => noticeOf(event('order_status', { from, status }, mode));

describe('what an event becomes as a notification', () => {
  it('tells each step the status screen shows, and not the payment states nor an order just paid for', () => {
    expect(moved('placed', 'confirmed')).toEqual({ text: 'confirmed', orderId: 42, url: '/order-status/42', tag: 'order-42', ttl: NOTICE_TTL.orderStep, urgency: 'normal' });
    expect(moved('waiting', 'on_the_way')).toMatchObject({ text: 'on_the_way', url: '/trackorder/42', ttl: NOTICE_TTL.onTheWay, urgency: 'normal' });
    expect(moved('on_the_way', 'arrived')).toMatchObject({ text: 'arrived', url: '/trackorder/42', ttl: NOTICE_TTL.arrival, urgency: 'high' });
    expect(moved('preparing', 'waiting')?.text).toBe('waiting_delivery');
    expect(moved('preparing', 'waiting', 'pickup')?.text).toBe('waiting_pickup');
    expect(moved('arrived', 'delivered')?.text).toBe('delivered');
    expect(moved('waiting', 'delivered', 'pickup')?.text).toBe('delivered_pickup');
    expect(moved('placed', 'cancelled')?.text).toBe('cancelled');
    expect(moved('scheduled', 'placed')?.text).toBe('placed_scheduled');
    expect(moved('payment_pending', 'placed')).toBeUndefined();
    expect(moved('payment_pending', 'scheduled')).toBeUndefined();
    expect(moved('payment_pending', 'payment_failed')).toBeUndefined();
    // Every state the sender claims events of has a text.
    for (const status of NOTIFIED_STATUSES) expect(moved(status === 'placed' ? 'scheduled' : 'placed', status), status).toBeDefined();
  });

  it('tells support\'s answers only, and nothing of a malformed event', () => {
    const chat = (sender: string) => noticeOf(event('chat_message', { id: 1, sender, message: 'Hi', at: '', read: 0 }, null, 0));
    expect(chat('agent')).toEqual({ text: 'support_answer', orderId: 0, url: '/support-chat', tag: 'support-chat', ttl: NOTICE_TTL.supportAnswer, urgency: 'normal' });
    expect(chat('customer')).toBeUndefined();
    expect(noticeOf(event('chat_read', { sender: 'agent', up_to: 3 }))).toBeUndefined();
    expect(noticeOf(event('order_status', null))).toBeUndefined();
    expect(noticeOf(event('order_status', { from: 'placed', status: 'confirmed' }, 'delivery', null))).toBeUndefined();
    expect(noticeOf(event('order_status', { status: 'confirmed' }))).toBeUndefined();
  });

  it('is written in the subscription\'s language (English where there are no texts), titled with the vendor\'s app name in it', () => {
    const vendor = { default_lang: 'en', settings: { app_name: 'Harbor Eats' }, i18n: { ar: { app_name: 'هاربر إيتس' }, de: {} } };
    const notice = moved('placed', 'confirmed')!;
    expect(pushMessage(notice, vendor, 'en')).toEqual({ title: 'Harbor Eats', body: 'Your order #42 has been confirmed.', url: '/order-status/42', tag: 'order-42', lang: 'en' });
    expect(pushMessage(notice, vendor, 'ar')).toMatchObject({ title: 'هاربر إيتس', body: 'تم تأكيد طلبك رقم 42.', lang: 'ar' });
    expect(pushMessage(notice, vendor, 'de')).toMatchObject({ title: 'Harbor Eats', body: 'Ihre Bestellung Nr. 42 wurde bestätigt.' });
    expect(pushMessage(notice, vendor, 'th')).toMatchObject({ body: 'Your order #42 has been confirmed.', lang: 'th' });
    expect(pushMessage(notice, { default_lang: 'ar', settings: {}, i18n: {} }, 'ar').title).toBe('Storefront Elements');
  });

  it('has every text in every language, the order\'s number in each that names one, and German in the formal Sie', () => {
    for (const lang of NOTIFICATION_LANGUAGES) {
      expect(Object.keys(NOTIFICATION_TEXTS[lang]).sort(), lang).toEqual(Object.keys(NOTIFICATION_TEXTS.en).sort());
      for (const [text, words] of Object.entries(NOTIFICATION_TEXTS[lang])) {
        expect(words.includes('{order}'), `${lang} ${text}`).toBe(text !== 'support_answer');
      }
    }
    expect(Object.values(NOTIFICATION_TEXTS.de).join(' ')).not.toMatch(/\b(du|dein|deine|dir|dich)\b/i);
  });

  it('names the vendor to the push services by its https website, else its support email, else its host', () => {
    expect(vapidSubject({ settings: { web_settings: { website_url: 'https://harboreats.example/menu' }, support_field: { email: 'help@harboreats.example' } } }, 'localhost'))
      .toBe('https://harboreats.example');
    expect(vapidSubject({ settings: { web_settings: { website_url: 'http://localhost:8080/' }, support_field: { email: 'help@harboreats.example' } } }, 'localhost'))
      .toBe('mailto:help@harboreats.example');
    expect(vapidSubject({ settings: { support_field: { email: 'not an email' } } }, 'souq.localhost')).toBe('mailto:support@souq.localhost');
    expect(vapidSubject({ settings: {} }, 'bad host!')).toBe('mailto:support@localhost');
  });
});
