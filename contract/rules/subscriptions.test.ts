import { describe, expect, it } from 'vitest';
import {
  addDays, cutoffInstant, isDate, isPaused, isPlannedDay, localInstant, nextPlannedDay, plannedDays, weekdayOf, type SubscriptionPlan,
} from './subscriptions.ts';

const LA = 'America/Los_Angeles';
const plan = (extra: Partial<SubscriptionPlan>): SubscriptionPlan => ({ start_date: '2026-10-20', frequency: 'everyday', interval_days: null, weekdays: [], ...extra });

describe('subscription schedule', () => {
  it('counts calendar days, leap years and month ends included', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-11-26')).toBe(4);
    expect(isDate('2026-02-29')).toBe(false);
    expect(isDate('2028-02-29')).toBe(true);
    expect(isDate('2026-1-5')).toBe(false);
  });

  it('plans Everyday, On Interval from the start date, and Custom weekdays', () => {
    expect(plannedDays(plan({}), '2026-10-01', 3)).toEqual(['2026-10-20', '2026-10-21', '2026-10-22']);
    expect(plannedDays(plan({ frequency: 'interval', interval_days: 3 }), '2026-10-21', 3)).toEqual(['2026-10-23', '2026-10-26', '2026-10-29']);
    // Mondays and Thursdays.
    expect(plannedDays(plan({ frequency: 'custom', weekdays: [1, 4] }), '2026-10-20', 4)).toEqual(['2026-10-22', '2026-10-26', '2026-10-29', '2026-11-02']);
    expect(isPlannedDay(plan({}), '2026-10-19')).toBe(false);
    expect(nextPlannedDay(plan({ frequency: 'custom', weekdays: [] }), '2026-10-20')).toBeNull();
  });

  it('pauses from a date, until a restart date (exclusive) or for good', () => {
    const pauses = [{ from: '2026-10-25', until: '2026-10-28' }, { from: '2026-11-10', until: null }];
    expect(['2026-10-24', '2026-10-25', '2026-10-27', '2026-10-28', '2026-11-09', '2026-11-10', '2027-01-01'].map((d) => isPaused(pauses, d)))
      .toEqual([false, true, true, false, false, true, true]);
  });

  it('keeps the wall-clock time across daylight-saving changes', () => {
    expect(localInstant('2026-10-31', 7 * 60, LA).toISOString()).toBe('2026-10-31T14:00:00.000Z');
    expect(localInstant('2026-11-01', 7 * 60, LA).toISOString()).toBe('2026-11-01T15:00:00.000Z');
    // 01:30 comes twice on 1 November: the first.
    expect(localInstant('2026-11-01', 90, LA).toISOString()).toBe('2026-11-01T08:30:00.000Z');
    // 02:30 never comes on 8 March: an hour later.
    expect(localInstant('2026-03-08', 150, LA).toISOString()).toBe('2026-03-08T10:30:00.000Z');
    expect(localInstant('2026-03-08', 7 * 60, LA).toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(localInstant('2026-06-01', 0, 'Asia/Dubai').toISOString()).toBe('2026-05-31T20:00:00.000Z');
    expect(localInstant('2026-06-01', 0, 'Not/AZone').toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it('puts the cut-off on the store clock the days before', () => {
    // 20:00 on 31 October is still summer time; 20:00 on 1 November is winter time.
    expect(cutoffInstant('2026-11-01', { days_before: 1, time: '20:00' }, LA).toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(cutoffInstant('2026-11-02', { days_before: 1, time: '20:00' }, LA).toISOString()).toBe('2026-11-02T04:00:00.000Z');
    expect(cutoffInstant('2026-11-02', { days_before: 0, time: '06:00' }, LA).toISOString()).toBe('2026-11-02T14:00:00.000Z');
  });
});
