import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '../api/stores.ts';
import { isInsideHours, isSlotStart, localTime, scheduleSlots, SCHEDULE_GRACE_MINUTES, type SlotStore } from './schedule.ts';

// The server takes a slot with the grace; the storefront offers scheduleSlots.
const isValidSlot = (store: SlotStore, start: string, now: Date) => isSlotStart(store, start, now, SCHEDULE_GRACE_MINUTES);
const storeClock = (instant: Date, zone: string) => {
  const { weekday, minutes } = localTime(instant, zone);
  return { weekday, minutes };
};

const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6];
const hours = (days: number[], opens: string, closes: string): OpeningHours[] => days.map((weekday) => ({ weekday, opens, closes }));

const STORES: Array<[string, SlotStore]> = [
  ['day hours, Los Angeles', { time_zone: 'America/Los_Angeles', hours: hours(ALL_WEEK, '11:00', '23:00'), delivery_time: 30 }],
  ['past midnight, Dubai', { time_zone: 'Asia/Dubai', hours: hours(ALL_WEEK, '18:00', '02:00'), delivery_time: 45 }],
  ['split shifts, Kolkata (+5:30)', { time_zone: 'Asia/Kolkata', hours: [...hours([1, 2, 3], '11:30', '15:00'), ...hours([1, 2, 3], '17:00', '22:30')], delivery_time: 20 }],
  ['always open, Kathmandu (+5:45)', { time_zone: 'Asia/Kathmandu', hours: [], delivery_time: 60 }],
];

describe('schedule slots', () => {
  // Mid-week and across the US DST change (2026-11-01).
  const nows = [new Date('2026-06-10T09:07:00Z'), new Date('2026-10-30T22:50:00Z')];
  for (const [name, store] of STORES) {
    it(`takes every slot the storefront offers and nothing between them: ${name}`, () => {
      for (const now of nows) {
        const client = scheduleSlots(store, now);
        expect(client.length).toBeGreaterThan(0);
        const offered = new Set(client.map((s) => s.start));
        for (const slot of client) expect(isValidSlot(store, slot.start, now), slot.start).toBe(true);
        // Every quarter hour from the client's first slot on: valid on the server exactly when the client offers it.
        const first = new Date(client[0]!.start).getTime();
        for (let at = first; at < now.getTime() + 7 * 86_400_000; at += 15 * 60_000) {
          const iso = new Date(at).toISOString();
          expect(isValidSlot(store, iso, now), iso).toBe(offered.has(iso));
        }
      }
    });
  }

  it('refuses off-grid, too early, too far and unreadable times', () => {
    const [, store] = STORES[0]!;
    const now = new Date('2026-06-10T20:00:00Z'); // 13:00 in Los Angeles
    expect(isValidSlot(store, '2026-06-10T21:00:00.000Z', now)).toBe(true); // 14:00
    expect(isValidSlot(store, '2026-06-10T21:15:00.000Z', now)).toBe(false);
    expect(isValidSlot(store, '2026-06-10T21:00:30.000Z', now)).toBe(false);
    expect(isValidSlot(store, '2026-06-10T20:00:00.000Z', now)).toBe(false); // now, delivery takes 30 min
    expect(isValidSlot(store, '2026-06-10T20:30:00.000Z', now)).toBe(true); // delivery_time ahead
    // Picked a few minutes ago: 25 minutes ahead is inside the grace, 15 is not.
    expect(isValidSlot(store, '2026-06-10T20:30:00.000Z', new Date('2026-06-10T20:05:00Z'))).toBe(true);
    expect(isValidSlot(store, '2026-06-10T20:30:00.000Z', new Date('2026-06-10T20:15:00Z'))).toBe(false);
    expect(isValidSlot(store, '2026-06-11T06:00:00.000Z', now)).toBe(false); // 23:00, closed
    expect(isValidSlot(store, '2026-06-11T05:30:00.000Z', now)).toBe(true); // 22:30–23:00
    expect(isValidSlot(store, '2026-06-18T21:00:00.000Z', now)).toBe(false); // 8 days
    expect(isValidSlot(store, 'tomorrow', now)).toBe(false);
  });

  it('reads the store clock in its zone', () => {
    expect(storeClock(new Date('2026-06-10T20:00:00Z'), 'America/Los_Angeles')).toEqual({ weekday: 3, minutes: 13 * 60 });
    expect(storeClock(new Date('2026-06-10T20:00:00Z'), 'Asia/Kathmandu')).toEqual({ weekday: 4, minutes: 1 * 60 + 45 });
    expect(storeClock(new Date('2026-06-10T20:00:00Z'), 'Not/AZone')).toEqual({ weekday: 3, minutes: 20 * 60 });
  });

  it('runs a period past midnight into the next day', () => {
    const late = hours([5], '18:00', '02:00'); // Friday night
    expect(isInsideHours(late, 5, 23 * 60 + 30)).toBe(true);
    expect(isInsideHours(late, 6, 60 + 30)).toBe(true); // Saturday 01:30–02:00
    expect(isInsideHours(late, 6, 2 * 60)).toBe(false);
    expect(isInsideHours(late, 5, 17 * 60 + 30)).toBe(false);
  });
});

describe('localTime', () => {
  it('reads the wall clock of the zone', () => {
    // 2025-01-15 03:10 UTC is 19:10 on the 14th in Los Angeles (UTC-8) and 07:10 in Dubai (UTC+4).
    const instant = new Date('2025-01-15T03:10:00Z');
    expect(localTime(instant, 'America/Los_Angeles')).toEqual({ date: '2025-01-14', weekday: 2, minutes: 19 * 60 + 10 });
    expect(localTime(instant, 'Asia/Dubai')).toEqual({ date: '2025-01-15', weekday: 3, minutes: 7 * 60 + 10 });
  });
});

describe('isInsideHours', () => {
  const lateNight = [{ weekday: 5, opens: '18:00', closes: '02:00' }]; // Friday 18:00 to Saturday 02:00
  it('keeps a slot wholly inside a period', () => {
    const hours = [{ weekday: 1, opens: '11:00', closes: '14:00' }];
    expect(isInsideHours(hours, 1, 11 * 60)).toBe(true);
    expect(isInsideHours(hours, 1, 13 * 60 + 30)).toBe(true);
    expect(isInsideHours(hours, 1, 13 * 60 + 45)).toBe(false); // would end after closing
    expect(isInsideHours(hours, 1, 10 * 60 + 30)).toBe(false);
    expect(isInsideHours(hours, 2, 12 * 60)).toBe(false);
  });

  it('runs a period whose closing is not after its opening past midnight', () => {
    expect(isInsideHours(lateNight, 5, 23 * 60 + 30)).toBe(true);
    expect(isInsideHours(lateNight, 6, 0)).toBe(true); // Saturday 00:00 belongs to Friday's period
    expect(isInsideHours(lateNight, 6, 90)).toBe(true); // 01:30-02:00
    expect(isInsideHours(lateNight, 6, 120)).toBe(false);
    expect(isInsideHours(lateNight, 5, 60)).toBe(false); // Friday 01:00 is Thursday night's, which is closed
    expect(isInsideHours(lateNight, 6, 60, 0)).toBe(true); // open at Saturday 01:00
  });

  it('treats no hours as always open', () => {
    expect(isInsideHours([], 3, 4 * 60)).toBe(true);
  });
});
