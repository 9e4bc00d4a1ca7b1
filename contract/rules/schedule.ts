import type { OpeningHours } from '../api/stores.ts';

/**
 * Scheduled orders. A slot:
 * - is 30 minutes long and starts on the hour or the half hour of the store's clock (its time
 *   zone, zones with :30 and :45 offsets included);
 * - lies wholly inside one opening period; a period whose closes ≤ opens runs past midnight into
 *   the next day; a store without hours is always open;
 * - starts at least the store's delivery time from now and at most 7 days ahead.
 * Whether a store that is closed now takes slots at all (it accepts scheduled orders) is the
 * caller's rule. The server allows SCHEDULE_GRACE_MINUTES on the earliest bound, so a slot
 * picked a few minutes before paying is still taken.
 */
export const SLOT_MINUTES = 30;
export const SCHEDULE_DAYS = 7;
export const SCHEDULE_GRACE_MINUTES = 10;

/** What the slots of a store depend on. */
export interface SlotStore {
  time_zone: string;
  hours: readonly OpeningHours[];
  /** Minutes from now to the earliest slot. */
  delivery_time: number;
}

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
  /** 0 Sunday … 6 Saturday. */
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

/** The wall-clock date, weekday and minute of `instant` in `timeZone` (UTC when the zone is unknown). */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of partsFormat(safeZone(timeZone)).formatToParts(instant)) parts[part.type] = part.value;
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

function bounds(store: SlotStore, now: Date, graceMinutes: number): { earliest: number; latest: number } {
  return {
    earliest: now.getTime() + Math.max(0, (store.delivery_time || 0) - graceMinutes) * 60_000,
    latest: now.getTime() + SCHEDULE_DAYS * 24 * 60 * 60_000,
  };
}

/** The slot that starts at `instant`, or null when no slot of the store starts then (off the half hours, or outside the hours). */
export function slotAt(store: SlotStore, instant: Date): Slot | null {
  const local = localTime(instant, store.time_zone);
  if (local.minutes % SLOT_MINUTES !== 0 || !isInsideHours(store.hours, local.weekday, local.minutes)) return null;
  const hh = String(Math.floor(local.minutes / 60)).padStart(2, '0');
  const mm = String(local.minutes % 60).padStart(2, '0');
  return { start: instant.toISOString(), date: local.date, time: `${hh}:${mm}` };
}

/** Whether `start` (an ISO instant) is a slot of the store at `now`, allowing `graceMinutes` on the earliest bound. */
export function isSlotStart(store: SlotStore, start: string, now: Date, graceMinutes = 0): boolean {
  const ms = Date.parse(start);
  if (!Number.isFinite(ms) || ms % 60_000 !== 0) return false;
  const { earliest, latest } = bounds(store, now, graceMinutes);
  return ms >= earliest && ms <= latest && slotAt(store, new Date(ms)) !== null;
}

const QUARTER_MS = 15 * 60_000;

/** Every slot of the store from `now` on, in time order. */
export function scheduleSlots(store: SlotStore, now: Date): Slot[] {
  const { earliest, latest } = bounds(store, now, 0);
  const slots: Slot[] = [];
  // Every zone's offset is a multiple of 15 minutes: walking quarter hours meets every local :00 and :30.
  for (let at = Math.ceil(earliest / QUARTER_MS) * QUARTER_MS; at <= latest; at += QUARTER_MS) {
    const slot = slotAt(store, new Date(at));
    if (slot) slots.push(slot);
  }
  return slots;
}
