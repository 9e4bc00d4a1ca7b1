import type { OpeningHours, RestaurantDetail } from './api/contract.ts';

/**
 * Scheduled-order slots (issue 4): 30-minute slots starting on the hour or the
 * half hour in the store's time zone, wholly inside its opening hours (a period
 * whose closes ≤ opens runs past midnight; no hours at all means always open),
 * starting at least delivery_time minutes from now and at most 7 days ahead.
 * A store that is closed now takes orders ahead only when accepts_scheduled_orders.
 * The server checks the same rule when the order is placed.
 */
export const SLOT_MINUTES = 30;
export const SCHEDULE_DAYS = 7;

export type ScheduleStore = Pick<
  RestaurantDetail,
  'opening_hours' | 'time_zone' | 'delivery_time' | 'accepts_scheduled_orders' | 'restaurant_on_off'
>;

export interface Slot {
  /** ISO instant of the slot's start (sent as schedule_at). */
  start: string;
  /** The store's local date, 'YYYY-MM-DD'. */
  date: string;
  /** The store's local time, 'HH:MM'. */
  time: string;
}

export interface LocalTime {
  date: string;
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const partFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
    });
    partFormats.set(timeZone, format);
  }
  return format;
}

/** A valid IANA zone name, else UTC (a store with a broken zone still gets slots). */
export function safeZone(timeZone: string | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    partsFormat(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The wall-clock date, weekday and minute of `instant` in `timeZone`. */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of partsFormat(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

function toMinutes(text: string): number {
  const [hours, minutes] = text.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * Whether [minutes, minutes + length) on local `weekday` lies inside one opening period.
 * length 0 asks whether the store is open at that minute.
 */
export function isInsideHours(hours: readonly OpeningHours[], weekday: number, minutes: number, length = SLOT_MINUTES): boolean {
  if (hours.length === 0) return true;
  const end = minutes + length;
  const previous = (weekday + 6) % 7;
  return hours.some((period) => {
    const opens = toMinutes(period.opens);
    const closes = toMinutes(period.closes);
    if (closes > opens) return period.weekday === weekday && minutes >= opens && (length === 0 ? minutes < closes : end <= closes);
    // Past midnight: from opens to 24:00 + closes, counted from the day it opened.
    if (period.weekday === weekday && minutes >= opens && (length === 0 || end <= 1440 + closes)) return true;
    return period.weekday === previous && (length === 0 ? minutes < closes : end <= closes);
  });
}

/** The store takes orders for now: the server's open flag. */
export function canOrderNow(store: Pick<ScheduleStore, 'restaurant_on_off'>): boolean {
  return store.restaurant_on_off === '1';
}

/** Ordering ahead: always while open; while closed only when the store accepts scheduled orders. */
export function canSchedule(store: Pick<ScheduleStore, 'restaurant_on_off' | 'accepts_scheduled_orders'>): boolean {
  return canOrderNow(store) || store.accepts_scheduled_orders === 1;
}

const QUARTER_MS = 15 * 60_000;

/** Every slot the store takes from `now` on, in time order. */
export function scheduleSlots(store: ScheduleStore, now: Date = new Date()): Slot[] {
  if (!canSchedule(store)) return [];
  const zone = safeZone(store.time_zone);
  const earliest = now.getTime() + Math.max(0, store.delivery_time || 0) * 60_000;
  const latest = now.getTime() + SCHEDULE_DAYS * 24 * 60 * 60_000;
  const slots: Slot[] = [];
  // Every zone's offset is a multiple of 15 minutes: walking quarter hours meets every local :00 and :30.
  for (let at = Math.ceil(earliest / QUARTER_MS) * QUARTER_MS; at <= latest; at += QUARTER_MS) {
    const instant = new Date(at);
    const local = localTime(instant, zone);
    if (local.minutes % SLOT_MINUTES !== 0) continue;
    if (!isInsideHours(store.opening_hours ?? [], local.weekday, local.minutes)) continue;
    const hh = String(Math.floor(local.minutes / 60)).padStart(2, '0');
    const mm = String(local.minutes % 60).padStart(2, '0');
    slots.push({ start: instant.toISOString(), date: local.date, time: `${hh}:${mm}` });
  }
  return slots;
}

/** The store-local dates that have slots, in order. */
export function slotDates(slots: readonly Slot[]): string[] {
  return [...new Set(slots.map((slot) => slot.date))];
}

/** Whether `start` is one of the slots the store takes now. */
export function isSlotValid(store: ScheduleStore, start: string, now: Date = new Date()): boolean {
  return scheduleSlots(store, now).some((slot) => slot.start === start);
}

/** The customer's own zone. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A slot date ('YYYY-MM-DD') in the customer's language, e.g. 'Tue, 14 May'. */
export function formatSlotDate(date: string, locale: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const noon = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, 12));
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(noon);
}

/**
 * A slot's time in the customer's language, on the store's clock; when the
 * customer's zone differs, the store's zone name follows (e.g. '7:30 PM PDT').
 */
export function formatSlotTime(slot: Pick<Slot, 'start'>, locale: string, storeZone: string, customerZone: string = browserZone()): string {
  const zone = safeZone(storeZone);
  const differs = offsetAt(new Date(slot.start), zone) !== offsetAt(new Date(slot.start), safeZone(customerZone));
  return new Intl.DateTimeFormat(locale, {
    timeZone: zone, hour: 'numeric', minute: '2-digit', ...(differs ? { timeZoneName: 'short' } : {}),
  }).format(new Date(slot.start));
}

function offsetAt(instant: Date, zone: string): number {
  const local = localTime(instant, zone);
  const [year, month, day] = local.date.split('-').map(Number);
  const asUtc = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, 0, local.minutes);
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}
