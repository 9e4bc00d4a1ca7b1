import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '../../../contract/api/stores.ts';
import { canSchedule, formatSlotTime, isSlotValid, scheduleSlots, slotDates, type ScheduleStore } from './schedule.ts';

const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6];
const every = (opens: string, closes: string): OpeningHours[] => ALL_WEEK.map((weekday) => ({ weekday, opens, closes }));

function store(overrides: Partial<ScheduleStore> = {}): ScheduleStore {
  return {
    opening_hours: every('11:00', '23:00'), time_zone: 'America/Los_Angeles', delivery_time: 30,
    accepts_scheduled_orders: 0, restaurant_on_off: '1', ...overrides,
  };
}

describe('scheduleSlots', () => {
  it('gives half-hour slots inside the hours in the store zone, delivery_time ahead, up to 7 days', () => {
    // 18:10 UTC = 10:10 in Los Angeles; with 30 minutes of delivery the first slot is 11:00 (opening).
    const now = new Date('2025-01-15T18:10:00Z');
    const slots = scheduleSlots(store(), now);
    expect(slots[0]).toEqual({ start: '2025-01-15T19:00:00.000Z', date: '2025-01-15', time: '11:00' });
    expect(slots.every((slot) => /:(00|30)$/.test(slot.time))).toBe(true);
    expect(slots.filter((slot) => slot.date === '2025-01-15').at(-1)!.time).toBe('22:30'); // ends by 23:00
    const last = new Date(slots.at(-1)!.start).getTime();
    expect(last - now.getTime()).toBeLessThanOrEqual(7 * 24 * 3600_000);
    expect(slotDates(slots)).toEqual(['2025-01-15', '2025-01-16', '2025-01-17', '2025-01-18', '2025-01-19', '2025-01-20', '2025-01-21']); // the 22nd's hours start after now + 7 days
    expect(slots.filter((slot) => slot.date === '2025-01-16')).toHaveLength(24); // 11:00 … 22:30
  });

  it('starts no sooner than delivery_time from now', () => {
    // 20:05 UTC = 12:05 Los Angeles; 45 minutes of delivery: 12:50 earliest, so 13:00.
    const slots = scheduleSlots(store({ delivery_time: 45 }), new Date('2025-01-15T20:05:00Z'));
    expect(slots[0]!.time).toBe('13:00');
  });

  it('crosses midnight for late-night hours', () => {
    const slots = scheduleSlots(store({ opening_hours: every('18:00', '02:00'), time_zone: 'UTC' }), new Date('2025-01-15T12:00:00Z'));
    const first = slots.filter((slot) => slot.date === '2025-01-16').map((slot) => slot.time);
    expect(first.slice(0, 4)).toEqual(['00:00', '00:30', '01:00', '01:30']);
    expect(first).not.toContain('02:00');
    expect(first).toContain('18:00');
  });

  it('uses the store zone, not the machine zone, including half-hour and 45-minute offsets', () => {
    const now = new Date('2025-01-15T00:00:00Z');
    const kolkata = scheduleSlots(store({ time_zone: 'Asia/Kolkata', opening_hours: every('09:00', '10:00'), delivery_time: 0 }), now);
    expect(kolkata.slice(0, 2).map((slot) => [slot.start, slot.time])).toEqual([
      ['2025-01-15T03:30:00.000Z', '09:00'], ['2025-01-15T04:00:00.000Z', '09:30'],
    ]);
    const kathmandu = scheduleSlots(store({ time_zone: 'Asia/Kathmandu', opening_hours: every('09:00', '09:30'), delivery_time: 0 }), now);
    expect(kathmandu[0]).toEqual({ start: '2025-01-15T03:15:00.000Z', date: '2025-01-15', time: '09:00' });
  });

  it('skips the hour a daylight-saving change removes', () => {
    // Los Angeles springs forward on 2025-03-09 at 02:00.
    const slots = scheduleSlots(store({ opening_hours: [], delivery_time: 0 }), new Date('2025-03-09T08:00:00Z'));
    const day = slots.filter((slot) => slot.date === '2025-03-09').map((slot) => slot.time);
    expect(day.slice(0, 3)).toEqual(['00:00', '00:30', '01:00']);
    expect(day).not.toContain('02:00');
    expect(day).toContain('03:00');
  });

  it('offers nothing ahead while closed unless the store accepts scheduled orders', () => {
    const now = new Date('2025-01-15T18:10:00Z');
    expect(scheduleSlots(store({ restaurant_on_off: '0' }), now)).toEqual([]);
    expect(canSchedule(store({ restaurant_on_off: '0' }))).toBe(false);
    expect(scheduleSlots(store({ restaurant_on_off: '0', accepts_scheduled_orders: 1 }), now).length).toBeGreaterThan(100);
  });

  it('checks a chosen start against the same rule', () => {
    const now = new Date('2025-01-15T18:10:00Z');
    expect(isSlotValid(store(), '2025-01-15T19:00:00.000Z', now)).toBe(true);
    expect(isSlotValid(store(), '2025-01-15T19:15:00.000Z', now)).toBe(false);
    expect(isSlotValid(store(), '2025-01-15T18:30:00.000Z', now)).toBe(false);
  });

  it('keeps a slot picked a few minutes ago, as the server does, and no longer', () => {
    // 11:00 in Los Angeles is the first slot at 10:30 (30 minutes of delivery); the customer lingers on the review.
    const picked = '2025-01-15T19:00:00.000Z';
    const later = (minutes: number) => new Date(Date.parse('2025-01-15T18:30:00Z') + minutes * 60_000);
    expect(scheduleSlots(store(), later(0))[0]!.start).toBe(picked);
    expect(scheduleSlots(store(), later(5))[0]!.start).not.toBe(picked);
    expect(isSlotValid(store(), picked, later(5))).toBe(true);
    expect(scheduleSlots(store(), later(5), picked)[0]).toEqual({ start: picked, date: '2025-01-15', time: '11:00' });
    expect(isSlotValid(store(), picked, later(11))).toBe(false);
    expect(scheduleSlots(store(), later(11), picked)[0]!.start).not.toBe(picked);
    // A start that is no slot is never kept.
    expect(scheduleSlots(store(), later(5), '2025-01-15T19:15:00.000Z').map((slot) => slot.start)).not.toContain('2025-01-15T19:15:00.000Z');
  });
});

describe('formatSlotTime', () => {
  const slot = { start: '2025-01-15T19:00:00.000Z' };
  it('shows the store clock in the customer language, naming the zone only when it differs', () => {
    expect(formatSlotTime(slot, 'en-US', 'America/Los_Angeles', 'America/Los_Angeles')).toBe('11:00 AM');
    expect(formatSlotTime(slot, 'en-US', 'America/Los_Angeles', 'Europe/Berlin')).toBe('11:00 AM PST');
    expect(formatSlotTime(slot, 'de', 'Europe/Berlin', 'Europe/Paris')).toBe('20:00');
  });
});
