import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../i18n/i18n.ts';
import { $toasts } from '../platform/toast.ts';
import { earliestStart, invoiceMonths, slotChoices, tellDelivery, weekdayName } from './subscriptions.ts';

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

describe('subscription news and invoices', () => {
  beforeAll(async () => {
    await activateLocale('en');
  });

  it('tells a missed delivery and why, a closed day, and says nothing of an ordered one', () => {
    $toasts.set([]);
    const event = (status: 'ordered' | 'missed' | 'closed', reason = '') => ({
      id: 1, kind: 'subscription_delivery' as const, order_id: 0, at: '2026-12-01T16:00:00Z', data: { subscription_id: 3, date: '2026-12-02', status, reason },
    });
    tellDelivery(event('ordered'), 'en');
    expect($toasts.get()).toEqual([]);
    tellDelivery(event('missed', 'wallet'), 'en');
    tellDelivery(event('closed'), 'en');
    expect($toasts.get().map((toast) => [toast.kind, toast.text])).toEqual([
      ['error', "Your subscription's delivery on Wed, Dec 2 was not ordered: Not enough money in the wallet."],
      ['info', 'The store is closed on Wed, Dec 2: that subscription delivery is skipped.'],
    ]);
  });

  it('offers the invoice months from the first to this one, newest first, a year at most', () => {
    expect(invoiceMonths('2026-10-20', '2026-12-05')).toEqual(['2026-12', '2026-11', '2026-10']);
    expect(invoiceMonths('2027-01-03', '2026-12-30')).toEqual(['2026-12']);
    expect(invoiceMonths('2020-01-01', '2026-02-01')).toHaveLength(12);
    expect(invoiceMonths('2020-01-01', '2026-02-01').at(-1)).toBe('2025-03');
  });
});
