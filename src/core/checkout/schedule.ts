import {
  isSlotStart, localTime, safeZone, SCHEDULE_GRACE_MINUTES, scheduleSlots as storeSlots, slotAt, type Slot, type SlotStore,
} from '../../../contract/rules/schedule.ts';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';

/**
 * Scheduled orders in the storefront: the slots of contract/rules/schedule.ts for a store as
 * get_restaurant_detail describes it, whether a closed store takes them, and how they read.
 */
export type ScheduleStore = Pick<
  RestaurantDetail,
  'opening_hours' | 'time_zone' | 'delivery_time' | 'accepts_scheduled_orders' | 'restaurant_on_off'
>;

/** The store takes orders for now: the server's open flag. */
export function canOrderNow(store: Pick<ScheduleStore, 'restaurant_on_off'>): boolean {
  return store.restaurant_on_off === '1';
}

/** Ordering ahead: always while open; while closed only when the store accepts scheduled orders. */
export function canSchedule(store: Pick<ScheduleStore, 'restaurant_on_off' | 'accepts_scheduled_orders'>): boolean {
  return canOrderNow(store) || store.accepts_scheduled_orders === 1;
}

function slotStore(store: ScheduleStore): SlotStore {
  return { time_zone: store.time_zone, hours: store.opening_hours ?? [], delivery_time: store.delivery_time };
}

/**
 * Every slot the store takes from `now` on, in time order (none while closed, unless it accepts
 * scheduled orders). `chosen`, the slot the customer picked, stays first in the list while the
 * server still takes it, though time has moved past its earliest start (see isSlotValid).
 */
export function scheduleSlots(store: ScheduleStore, now: Date = new Date(), chosen = ''): Slot[] {
  if (!canSchedule(store)) return [];
  const slots = storeSlots(slotStore(store), now);
  if (!chosen || slots.some((slot) => slot.start === chosen) || !isSlotValid(store, chosen, now)) return slots;
  const kept = slotAt(slotStore(store), new Date(chosen));
  return kept ? [kept, ...slots] : slots;
}

/** The store-local dates that have slots, in order. */
export function slotDates(slots: readonly Slot[]): string[] {
  return [...new Set(slots.map((slot) => slot.date))];
}

/**
 * Whether the store takes the slot starting at `start` now. A slot picked a few minutes ago is
 * still taken (SCHEDULE_GRACE_MINUTES, as the server allows), so a customer who lingers on the
 * review is not told to choose again.
 */
export function isSlotValid(store: ScheduleStore, start: string, now: Date = new Date()): boolean {
  return canSchedule(store) && isSlotStart(slotStore(store), start, now, SCHEDULE_GRACE_MINUTES);
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
