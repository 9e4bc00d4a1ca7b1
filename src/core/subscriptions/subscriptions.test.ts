import { describe, expect, it } from 'vitest';
import { earliestStart, slotChoices, weekdayName } from './subscriptions.ts';

describe('subscription cart rules', () => {
  it('offers the half hours the store is open on some day (every one without hours)', () => {
    expect(slotChoices([{ weekday: 1, opens: '07:00', closes: '09:00' }, { weekday: 5, opens: '20:00', closes: '21:00' }]))
      .toEqual(['07:00', '07:30', '08:00', '08:30', '20:00', '20:30']);
    // A period past midnight ends on the next day.
    expect(slotChoices([{ weekday: 6, opens: '23:00', closes: '01:00' }])).toEqual(['00:00', '00:30', '23:00', '23:30']);
    expect(slotChoices([])).toHaveLength(48);
  });

  it('starts on the first day whose cut-off is still ahead on the store clock', () => {
    const cutoff = { days_before: 1, time: '20:00' };
    // 19:59 in Dubai on 1 December: tomorrow's cut-off has not come.
    expect(earliestStart(cutoff, 'Asia/Dubai', new Date('2026-12-01T15:59:00Z'))).toBe('2026-12-02');
    // 20:00: tomorrow's orders are being made; the day after.
    expect(earliestStart(cutoff, 'Asia/Dubai', new Date('2026-12-01T16:00:00Z'))).toBe('2026-12-03');
    expect(earliestStart({ days_before: 0, time: '06:00' }, 'Asia/Dubai', new Date('2026-12-01T01:00:00Z'))).toBe('2026-12-01');
  });

  it('names weekdays in the customer language', () => {
    expect(weekdayName(0, 'en')).toBe('Sunday');
    expect(weekdayName(5, 'ar')).toBe('الجمعة');
  });
});
