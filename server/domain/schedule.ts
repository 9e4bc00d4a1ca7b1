import type { OpeningHours } from '../../src/core/api/contract.ts';

/**
 * The schedule rule (issue 4; src/core/schedule.ts builds the same slots on the client):
 * - slots are 30 minutes long and start on the hour or the half hour of the store's clock
 *   (its time zone; zones with :30/:45 offsets included);
 * - a slot lies wholly inside one opening period of restaurant_hours; a period whose
 *   closes ≤ opens runs past midnight into the next day; a store without hours is always open;
 * - it starts at least the store's delivery_time minutes from now and at most 7 days ahead;
 * - while the store is closed now (switched off or outside its hours) it takes slots only when
 *   it accepts scheduled orders (is_pre_order, or the vendor's
 *   is_enable_schedule_order_after_business_hours), as RestaurantDetail.accepts_scheduled_orders.
 * The server allows SCHEDULE_GRACE_MINUTES on the earliest bound, so a slot picked a few
 * minutes before paying is still taken.
 */
export const SLOT_MINUTES = 30;
export const SCHEDULE_DAYS = 7;
export const SCHEDULE_GRACE_MINUTES = 10;

export interface ScheduleStore {
  time_zone: string;
  hours: readonly OpeningHours[];
  delivery_time: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', weekday: 'short', hour: '2-digit', minute: '2-digit' });
    } catch {
      return format('UTC'); // a broken zone name is read as UTC, like the client does
    }
    formats.set(timeZone, f);
  }
  return f;
}

/** Weekday (0 Sunday) and minute of the day of `instant` on the store's clock. */
export function storeClock(instant: Date, timeZone: string): { weekday: number; minutes: number } {
  const parts: Record<string, string> = {};
  for (const part of format(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return { weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

function minutesOf(text: string): number {
  const [h, m] = text.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Whether [minutes, minutes + SLOT_MINUTES) of local `weekday` lies inside one opening period. */
export function slotInsideHours(hours: readonly OpeningHours[], weekday: number, minutes: number): boolean {
  if (hours.length === 0) return true;
  const end = minutes + SLOT_MINUTES;
  const yesterday = (weekday + 6) % 7;
  return hours.some((p) => {
    const opens = minutesOf(p.opens);
    const closes = minutesOf(p.closes);
    if (closes > opens) return p.weekday === weekday && minutes >= opens && end <= closes;
    // Past midnight: the period runs from opens to 24:00 + closes, counted from the day it opened.
    if (p.weekday === weekday && minutes >= opens && end <= 1440 + closes) return true;
    return p.weekday === yesterday && end <= closes;
  });
}

/** Whether `scheduleAt` (an ISO instant) is a slot the store takes at `now`; open-now rules are the caller's. */
export function isValidSlot(store: ScheduleStore, scheduleAt: string, now: Date): boolean {
  const at = new Date(scheduleAt);
  const ms = at.getTime();
  if (!Number.isFinite(ms) || ms % 60_000 !== 0) return false;
  const earliest = now.getTime() + Math.max(0, store.delivery_time - SCHEDULE_GRACE_MINUTES) * 60_000;
  const latest = now.getTime() + SCHEDULE_DAYS * 24 * 60 * 60_000;
  if (ms < earliest || ms > latest) return false;
  const local = storeClock(at, store.time_zone);
  return local.minutes % SLOT_MINUTES === 0 && slotInsideHours(store.hours, local.weekday, local.minutes);
}
