import { localTime, safeZone } from './schedule.ts';

/**
 * The schedule of a subscription, shared by the server (which creates each delivery's order) and the
 * storefront (which shows the next deliveries on a calendar). Dates are the store's local calendar dates
 * ('YYYY-MM-DD'); instants come from a date and a wall-clock time in the store's time zone, so a
 * delivery at 07:00 stays at 07:00 across a daylight-saving change.
 */
export const SUBSCRIPTION_FREQUENCIES = ['everyday', 'interval', 'custom'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];

export interface SubscriptionPlan {
  start_date: string;
  frequency: SubscriptionFrequency;
  /** On Interval: every this many days from the start date (2–30). */
  interval_days: number | null;
  /** Custom: the weekdays, 0 Sunday … 6 Saturday. */
  weekdays: readonly number[];
}

/** A pause: no delivery from `from` until `until` (exclusive; null: until restarted). */
export interface SubscriptionPause {
  from: string;
  until: string | null;
}

/** The vendor's cut-off: a delivery's order is created `days_before` days before it, at `time` on the store's clock. */
export interface SubscriptionCutoff {
  days_before: number;
  /** 'HH:MM'. */
  time: string;
}


/** The most units of a subscription's item per delivery. */
export const MAX_SUBSCRIPTION_QUANTITY = 99;
/** How far ahead a subscription may start, in days. */
export const MAX_START_DAYS = 60;

/** The days the first period counts (what the review shows beside one delivery). */
export const FIRST_PERIOD_DAYS = 30;

/** The texts the subscription calls answer in `msg` (shown in the customer's language by the storefront). */
export const SUBSCRIPTION_TEXTS = {
  notFound: 'Subscription not found',
  none: 'No subscriptions found',
  notSubscribable: 'This item cannot be subscribed to',
  disabled: 'Subscriptions are not available',
  startTooSoon: 'The first delivery must be a day whose orders are not yet being prepared',
  startTooLate: 'The first delivery must be within the next 60 days',
  slotClosed: 'The store does not deliver at this time',
  noDeliveries: 'This plan has no delivery day',
  cancelled: 'This subscription has been cancelled',
  pauseTooSoon: 'A pause can start from the next delivery not yet being prepared',
  notPaused: 'This subscription is not paused',
  restartBeforePause: 'The restart date must be after the pause begins',
  alreadyPaused: 'This subscription is already paused',
  chooseInterval: 'Choose every how many days',
  chooseWeekdays: 'Choose at least one day of the week',
  nothingBilled: 'No delivery of this subscription was billed in that month',
} as const;

export const DEFAULT_CUTOFF: SubscriptionCutoff = { days_before: 1, time: '20:00' };

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date 'YYYY-MM-DD'. */
export function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === text;
}

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** The date `days` days after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `a` to `b`. */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  return new Date(dayNumber(date) * DAY_MS).getUTCDay();
}

/** Whether the plan delivers on `date` (pauses aside). */
export function isPlannedDay(plan: SubscriptionPlan, date: string): boolean {
  const since = daysBetween(plan.start_date, date);
  if (since < 0) return false;
  if (plan.frequency === 'everyday') return true;
  if (plan.frequency === 'interval') return since % Math.max(1, plan.interval_days ?? 1) === 0;
  return plan.weekdays.includes(weekdayOf(date));
}

/** The first planned date on or after `from` (pauses aside); within a year, else null. */
export function nextPlannedDay(plan: SubscriptionPlan, from: string): string | null {
  let date = daysBetween(plan.start_date, from) > 0 ? from : plan.start_date;
  for (let n = 0; n < 366; n += 1, date = addDays(date, 1)) if (isPlannedDay(plan, date)) return date;
  return null;
}

export function isPaused(pauses: readonly SubscriptionPause[], date: string): boolean {
  return pauses.some((pause) => date >= pause.from && (pause.until === null || date < pause.until));
}

/** The planned dates from `from` on, `count` of them at most (paused ones included: the caller marks them). */
export function plannedDays(plan: SubscriptionPlan, from: string, count: number): string[] {
  const days: string[] = [];
  let date = nextPlannedDay(plan, from);
  while (date && days.length < count) {
    days.push(date);
    date = nextPlannedDay(plan, addDays(date, 1));
  }
  return days;
}

function zoneOffsetMs(instant: number, timeZone: string): number {
  const local = localTime(new Date(instant), timeZone);
  const seconds = new Date(instant).getUTCSeconds() * 1000 + new Date(instant).getUTCMilliseconds();
  return dayNumber(local.date) * DAY_MS + local.minutes * 60_000 + seconds - instant;
}

/**
 * The instant the store's clock shows `minutes` after midnight on `date`. A time the clock skips
 * (spring forward) is taken as the same length after the change; one it shows twice (fall back), the first.
 */
export function localInstant(date: string, minutes: number, timeZone: string): Date {
  const zone = safeZone(timeZone);
  const wall = dayNumber(date) * DAY_MS + minutes * 60_000;
  const first = wall - zoneOffsetMs(wall, zone);
  const second = wall - zoneOffsetMs(first, zone);
  // Both guesses agree except around a change; the earlier one that reads back as the wall time wins.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  for (const at of candidates) if (at + zoneOffsetMs(at, zone) === wall) return new Date(at);
  return new Date(Math.max(first, second));
}

/** 'HH:MM' as minutes after midnight (bounded to a day). */
export function clockMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return Math.min(1439, Math.max(0, (hours ?? 0) * 60 + (minutes ?? 0)));
}

/** When the order of the delivery on `date` is created: the cut-off before it, on the store's clock. */
export function cutoffInstant(date: string, cutoff: SubscriptionCutoff, timeZone: string): Date {
  return localInstant(addDays(date, -cutoff.days_before), clockMinutes(cutoff.time), timeZone);
}
