import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderTracking } from '../../../contract/api/tracking.ts';
import { activateLocale } from '../i18n/i18n.ts';
import { applyPosition, formatDistance, tripSummary } from './live-tracking.ts';

const tracking = (status: OrderTracking['order']['status'], extra: Partial<OrderTracking> = {}): OrderTracking => ({
  order: { order_id: 5, order_mode: 'delivery', status, status_changed_at: '', steps: [], history: [], is_open: true },
  store: { name: 'Green Leaf Vegan', address: '', latitude: 37.7765, longitude: -122.4262 },
  destination: { name: '', address: '', latitude: 37.7845, longitude: -122.4182 },
  driver: { name: 'Jordan Lee', vehicle: 'Scooter', vehicle_number: '7HBR412', phone: '+14155550140' },
  position: null, route: [], distance_left_km: 1.2, eta_minutes: 6, ...extra,
});

beforeAll(() => activateLocale('en'));

describe('the trip in words', () => {
  it('says where the driver is and when they arrive, in metres under a kilometre', () => {
    expect(tripSummary(tracking('on_the_way'), 'en')).toBe('Jordan Lee is 1.2 km away, arriving in about 6 minutes');
    expect(tripSummary(tracking('on_the_way', { distance_left_km: 0.34, eta_minutes: 1 }), 'en')).toBe('Jordan Lee is 350 m away, arriving in about 1 minute');
    expect(tripSummary(tracking('on_the_way', { driver: null }), 'en')).toBe('Your order is 1.2 km away, arriving in about 6 minutes');
    expect(tripSummary(tracking('arrived'), 'en')).toBe('Jordan Lee has arrived with your order');
    expect(tripSummary(tracking('preparing'), 'en', 2)).toBe('Processing');
    expect(formatDistance(2.25, 'ar')).toMatch(/كم/);
  });

  it('moves the driver and the time left with each position, nothing else', () => {
    const before = tracking('on_the_way');
    const after = applyPosition(before, {
      id: 0, kind: 'driver_position', order_id: 5, at: '2026-11-26T05:00:00.000Z',
      data: { latitude: 37.78, longitude: -122.42, heading: 90, distance_left_km: 0.8, eta_minutes: 2 },
    });
    expect(after).toEqual({ ...before, position: { latitude: 37.78, longitude: -122.42, heading: 90, at: '2026-11-26T05:00:00.000Z' }, distance_left_km: 0.8, eta_minutes: 2 });
  });
});
