import { describe, expect, it } from 'vitest';
import { API_CALLS } from '../api/calls.ts';
import { callOfPath, isInstalledAppMessage, OFFLINE_READABLE_CALLS, SESSION_ENDING_CALLS } from './installed-app.ts';
import { notificationOf, notificationTarget } from './notifications.ts';

describe('the installed app', () => {
  it('keeps only calls of the API that read, never one that writes', () => {
    for (const name of [...OFFLINE_READABLE_CALLS, ...SESSION_ENDING_CALLS]) expect(Object.keys(API_CALLS)).toContain(name);
    for (const writes of ['place_order', 'wallet_recharge', 'add_rating', 'cancel_order', 'update_profile', 'sendmessage', 'check_restaurant_menu_with_price']) {
      expect(OFFLINE_READABLE_CALLS.has(writes)).toBe(false);
    }
  });

  it('reads a call from an API address only', () => {
    expect(callOfPath('/api/v2/get_banner', '/api/v2')).toBe('get_banner');
    expect(callOfPath('/api/v2/get-vendor-settings', '/api/v2')).toBe('get-vendor-settings');
    expect(callOfPath('/api/v2/a/b', '/api/v2')).toBeUndefined();
    expect(callOfPath('/api/v20/get_banner', '/api/v2')).toBeUndefined();
    expect(callOfPath('/dist/get_banner', '/api/v2')).toBeUndefined();
  });

  it('knows its messages and nothing else', () => {
    expect(isInstalledAppMessage({ type: 'sf-shown-from-earlier', savedAt: 1 })).toBe(true);
    expect(isInstalledAppMessage({ type: 'sf-shown-from-earlier', savedAt: 'now' })).toBe(false);
    expect(isInstalledAppMessage({ type: 'SKIP_WAITING' })).toBe(true);
    expect(isInstalledAppMessage({ type: 'other' })).toBe(false);
    expect(isInstalledAppMessage(null)).toBe(false);
  });
});

describe('order notifications', () => {
  const notice = { title: 'Harbor Eats', body: 'Your order is on the way', url: '/order-status/12', tag: 'order-12', lang: 'en' };

  it('shows a well-formed notice, right to left in Arabic', () => {
    expect(notificationOf(JSON.stringify(notice))).toEqual({ ...notice, dir: 'ltr' });
    expect(notificationOf(JSON.stringify({ ...notice, lang: 'ar' }))?.dir).toBe('rtl');
  });

  it('never opens another site nor shows broken text', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', '/a b', '']) {
      expect(notificationOf(JSON.stringify({ ...notice, url }))).toBeNull();
    }
    expect(notificationOf(JSON.stringify({ ...notice, body: 'a\u0000b' }))).toBeNull();
    expect(notificationOf(JSON.stringify({ ...notice, title: 'x'.repeat(301) }))).toBeNull();
    expect(notificationOf('not json')).toBeNull();
    expect(notificationTarget({ url: '/order-status/12' })).toBe('/order-status/12');
    expect(notificationTarget({ url: 'https://evil.example/' })).toBe('/');
    expect(notificationTarget(undefined)).toBe('/');
  });
});
