import { t } from '@lingui/core/macro';
import { atom } from 'nanostores';
import type { MenuItem, MenuOptionGroup } from '../../../contract/api/menu.ts';
import type { SubscriptionDelivery } from '../../../contract/api/realtime.ts';
import type { OpeningHours } from '../../../contract/api/stores.ts';
import type { SubscriptionBill, SubscriptionDetail, SubscriptionPlanRequest, SubscriptionState, SubscriptionSummary } from '../../../contract/api/subscriptions.ts';
import { ORDER_CODES } from '../../../contract/constants.ts';
import { isInsideHours, localTime, SLOT_MINUTES } from '../../../contract/rules/schedule.ts';
import {
  addDays, cutoffInstant, DEFAULT_CUTOFF, nextPlannedDay, type SubscriptionCutoff, type SubscriptionFrequency,
} from '../../../contract/rules/subscriptions.ts';
import { ApiError, callApi } from '../api/client.ts';
import { orderMode } from '../cart/order-mode.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { customerText } from '../i18n/server-texts.ts';
import { newIdempotencyKey } from '../platform/ids.ts';
import { shared } from '../platform/registry.ts';
import { persistentAtom } from '../platform/storage.ts';
import { listenToChannel } from '../realtime/channel.ts';
import { showToast } from '../platform/toast.ts';
import { $settings } from '../settings/settings.ts';

/* ---------- the subscription cart: one item at a time (spec) ---------- */

/** What the customer is about to subscribe to, kept in the browser until subscribed. */
export interface SubscriptionDraft {
  restaurant_id: number;
  store_name: string;
  time_zone: string;
  opening_hours: OpeningHours[];
  item: Pick<MenuItem, 'item_id' | 'name' | 'image' | 'price'> & { customizations: MenuOptionGroup[] };
  option_ids: number[];
  quantity: number;
  order_mode: 'pickup' | 'delivery';
  shiping_id: number | null;
  frequency: SubscriptionFrequency;
  interval_days: number;
  weekdays: number[];
  start_date: string;
  slot: string;
  coupon_code: string;
  /** One per attempt: a double press or a retry creates one subscription. */
  idempotency_key: string;
}

function isDraft(value: unknown): value is SubscriptionDraft | null {
  if (value === null) return true;
  const draft = value as Partial<SubscriptionDraft> | undefined;
  return typeof draft === 'object' && typeof draft.restaurant_id === 'number' && typeof draft.item?.item_id === 'number'
    && Array.isArray(draft.option_ids) && typeof draft.quantity === 'number' && typeof draft.start_date === 'string';
}

export const $subscriptionDraft = persistentAtom<SubscriptionDraft | null>('subscriptionCart', null, { isValid: isDraft });

/** The half-hour slots the store is open for on some day of the week, 'HH:MM' in order (every slot when it has no hours). */
export function slotChoices(hours: readonly OpeningHours[]): string[] {
  const slots: string[] = [];
  for (let minutes = 0; minutes < 1440; minutes += SLOT_MINUTES) {
    if ([0, 1, 2, 3, 4, 5, 6].some((weekday) => isInsideHours(hours, weekday, minutes))) {
      slots.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
    }
  }
  return slots;
}

/** The vendor's cut-off as the settings send it (the default until they are in). */
export function vendorCutoff(): SubscriptionCutoff {
  const terms = $settings.get()?.subscription_terms;
  return terms ? { days_before: terms.cutoff_days_before, time: terms.cutoff_time } : DEFAULT_CUTOFF;
}

/** The earliest first delivery: the first day whose cut-off is still ahead on the store's clock. */
export function earliestStart(cutoff: SubscriptionCutoff, timeZone: string, now = new Date()): string {
  let date = localTime(now, timeZone).date;
  while (cutoffInstant(date, cutoff, timeZone).getTime() <= now.getTime()) date = addDays(date, 1);
  return date;
}

/**
 * A new draft for the item (replacing any other: one at a time), in the order mode chosen, the first slot at
 * or after 08:00 and the earliest start.
 */
export function startSubscription(
  store: { restaurant_id: number; name: string; time_zone: string; opening_hours: OpeningHours[] }, item: MenuItem,
): SubscriptionDraft {
  const slots = slotChoices(store.opening_hours);
  const draft: SubscriptionDraft = {
    restaurant_id: store.restaurant_id, store_name: store.name, time_zone: store.time_zone, opening_hours: store.opening_hours,
    item: { item_id: item.item_id, name: item.name, image: item.image, price: item.price, customizations: item.customizations },
    option_ids: item.customizations.flatMap((group) => group.options.slice(0, group.min).map((option) => option.option_id)),
    quantity: 1, order_mode: orderMode(), shiping_id: null, frequency: 'everyday', interval_days: 2, weekdays: [],
    start_date: earliestStart(vendorCutoff(), store.time_zone), slot: slots.find((slot) => slot >= '08:00') ?? slots[0] ?? '09:00',
    coupon_code: '', idempotency_key: newIdempotencyKey(),
  };
  $subscriptionDraft.set(draft);
  return draft;
}

/** Changes the draft; a function is given the draft as it stands now (two quick presses each count). */
export function updateDraft(change: Partial<SubscriptionDraft> | ((draft: SubscriptionDraft) => Partial<SubscriptionDraft>)): void {
  const draft = $subscriptionDraft.get();
  if (draft) $subscriptionDraft.set({ ...draft, ...(typeof change === 'function' ? change(draft) : change) });
}

/** The first delivery the plan gives from its start date ('' when none). */
export function firstDelivery(draft: SubscriptionDraft): string {
  return nextPlannedDay(draft, draft.start_date) ?? '';
}

function planRequest(draft: SubscriptionDraft): SubscriptionPlanRequest {
  return {
    restaurant_id: draft.restaurant_id, item_id: draft.item.item_id, selectCustoizeID: draft.option_ids, quantity: draft.quantity,
    order_mode: draft.order_mode, ...(draft.order_mode === 'delivery' && draft.shiping_id ? { shiping_id: draft.shiping_id } : {}),
    frequency: draft.frequency, ...(draft.frequency === 'interval' ? { interval_days: draft.interval_days } : {}),
    ...(draft.frequency === 'custom' ? { weekdays: draft.weekdays } : {}),
    start_date: draft.start_date, slot: draft.slot, ...(draft.coupon_code ? { coupon_code: draft.coupon_code } : {}),
  };
}

/* ---------- the server's refusals ---------- */

/** The first field error of a refused call, in the customer's language, with its field. */
function refusal(error: unknown): { field: string; message: string } {
  if (error instanceof ApiError) {
    const [field, messages] = Object.entries(error.errors)[0] ?? [];
    if (field && messages?.[0]) return { field, message: customerText(messages[0]) };
  }
  return { field: '', message: say(MESSAGES.somethingWentWrongTryAgain) };
}

/* ---------- review and subscribe ---------- */

export type ReviewState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; bill: SubscriptionBill; couponMessage: string }
  | { status: 'refused'; field: string; message: string };

export const $subscriptionReview = shared('subscriptions.review', () => atom<ReviewState>({ status: 'idle' }));
const reviews = shared('subscriptions.reviews', () => ({ latest: 0 }));

/** check_subscription_item_promocode: the bill of one delivery and of the first period, the promo code checked. */
export async function reviewDraft(): Promise<void> {
  const draft = $subscriptionDraft.get();
  if (!draft) return;
  const request = ++reviews.latest;
  $subscriptionReview.set({ status: 'loading' });
  try {
    const response = await callApi('check_subscription_item_promocode', planRequest(draft));
    if (request !== reviews.latest) return;
    if (response.Result) {
      const couponMessage = response.code === ORDER_CODES.couponRefused ? customerText(response.msg ?? '') : '';
      $subscriptionReview.set({ status: 'ready', bill: response.Result, couponMessage });
    } else {
      $subscriptionReview.set({ status: 'refused', field: '', message: customerText(response.msg ?? '') });
    }
  } catch (error) {
    if (request === reviews.latest) $subscriptionReview.set({ status: 'refused', ...refusal(error) });
  }
}

export type SubscribeOutcome = { ok: true; subscription: SubscriptionDetail } | { ok: false; message: string };

/** subscription: creates it once (the draft's key); the draft is emptied when it is made. */
export async function subscribe(): Promise<SubscribeOutcome> {
  const draft = $subscriptionDraft.get();
  if (!draft) return { ok: false, message: say(MESSAGES.somethingWentWrongTryAgain) };
  try {
    const response = await callApi('subscription', { ...planRequest(draft), idempotency_key: draft.idempotency_key });
    if (response.code === 200 && response.Result) {
      $subscriptionDraft.set(null);
      $subscriptionReview.set({ status: 'idle' });
      return { ok: true, subscription: response.Result };
    }
    return { ok: false, message: customerText(response.msg ?? '') };
  } catch (error) {
    return { ok: false, message: refusal(error).message };
  }
}

/* ---------- managing ---------- */

export type ListState = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; subscriptions: SubscriptionSummary[] };
export const $subscriptionList = shared('subscriptions.list', () => atom<ListState>({ status: 'idle' }));

export async function loadSubscriptions(): Promise<void> {
  if ($subscriptionList.get().status !== 'ready') $subscriptionList.set({ status: 'loading' });
  try {
    const response = await callApi('subscription_list', { limit: 100 });
    $subscriptionList.set({ status: 'ready', subscriptions: response.code === 200 ? (response.Result ?? []) : [] });
  } catch {
    $subscriptionList.set({ status: 'failed' });
  }
}

export type DetailState = { status: 'loading' | 'failed' | 'not-found' } | { status: 'ready'; subscription: SubscriptionDetail };
export const $subscriptionDetail = shared('subscriptions.detail', () => atom<DetailState>({ status: 'loading' }));

export async function loadSubscription(id: number): Promise<void> {
  const current = $subscriptionDetail.get();
  if (current.status !== 'ready' || current.subscription.subscription_id !== id) $subscriptionDetail.set({ status: 'loading' });
  try {
    const response = await callApi('subscription_details', { subscription_id: id });
    if (response.code === 200 && response.Result) $subscriptionDetail.set({ status: 'ready', subscription: response.Result });
    else $subscriptionDetail.set({ status: response.code === ORDER_CODES.notFound ? 'not-found' : 'failed' });
  } catch {
    $subscriptionDetail.set({ status: 'failed' });
  }
}

export type ChangeOutcome = { ok: true } | { ok: false; message: string };

/** A change (pause, restart, quantity, cancel): the answer is the subscription as it now stands. */
async function changeWith(run: () => Promise<{ code: number; msg?: string; Result?: SubscriptionDetail }>): Promise<ChangeOutcome> {
  try {
    const response = await run();
    if (response.code === 200 && response.Result) {
      $subscriptionDetail.set({ status: 'ready', subscription: response.Result });
      void loadSubscriptions();
      return { ok: true };
    }
    return { ok: false, message: customerText(response.msg ?? '') };
  } catch (error) {
    return { ok: false, message: refusal(error).message };
  }
}

export const pauseSubscription = (id: number, from: string) =>
  changeWith(() => callApi('subscription_pause_restart', { subscription_id: id, action: 'pause', from_date: from }));
export const restartSubscription = (id: number, from: string) =>
  changeWith(() => callApi('subscription_pause_restart', { subscription_id: id, action: 'restart', from_date: from }));
export const changeQuantity = (id: number, quantity: number) =>
  changeWith(() => callApi('update_subscription_quantity', { subscription_id: id, quantity }));
export const cancelSubscription = (id: number) => changeWith(() => callApi('subscription_cancel', { subscription_id: id }));

/** generate_subscription_invoice: the month's PDF saved by the browser (a download named by the invoice number). */
export async function downloadInvoice(id: number, month: string): Promise<{ ok: true; number: string } | { ok: false; message: string }> {
  try {
    const response = await callApi('generate_subscription_invoice', { subscription_id: id, month });
    const invoice = response.code === 200 ? response.Result : undefined;
    if (!invoice) return { ok: false, message: customerText(response.msg ?? '') };
    const bytes = Uint8Array.from(atob(invoice.pdf_base64), (char) => char.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: invoice.filename });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return { ok: true, number: invoice.invoice_number };
  } catch (error) {
    return { ok: false, message: refusal(error).message };
  }
}

/** The months an invoice can be asked for: from the subscription's first month to this one, newest first (a year at most). */
export function invoiceMonths(startDate: string, today: string): string[] {
  const months: string[] = [];
  let [year, month] = today.slice(0, 7).split('-').map(Number) as [number, number];
  const first = startDate.slice(0, 7);
  while (months.length < 12) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    if (label < first) break;
    months.push(label);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return months.length ? months : [today.slice(0, 7)];
}

/* ---------- what the schedule did ---------- */

/** A delivery the schedule handled at its cut-off (the live channel's subscription_delivery): a missed or skipped one is told in a toast. */
export function tellDelivery(event: SubscriptionDelivery, locale: string): void {
  const { date, status, reason } = event.data;
  const day = formatDay(date, locale);
  if (status === 'missed') {
    const why = missedReason(reason);
    showToast(t`Your subscription's delivery on ${day} was not ordered: ${why}.`, { kind: 'error', durationMs: 10_000 });
  } else if (status === 'closed') {
    showToast(t`The store is closed on ${day}: that subscription delivery is skipped.`, { durationMs: 8000 });
  }
}

/** Keeps the subscription shown and the list current while the live channel tells of the schedule's work; answers the stop. */
export function followSubscriptions(): () => void {
  const refresh = (id?: number) => {
    const shown = $subscriptionDetail.get();
    if (shown.status === 'ready' && (id === undefined || shown.subscription.subscription_id === id)) void loadSubscription(shown.subscription.subscription_id);
    if ($subscriptionList.get().status === 'ready') void loadSubscriptions();
  };
  return listenToChannel({
    event: (event) => event.kind === 'subscription_delivery' && refresh(event.data.subscription_id),
    resync: () => refresh(),
  });
}

/* ---------- labels ---------- */

export function stateLabel(state: SubscriptionState): string {
  if (state === 'paused') return t`Paused`;
  if (state === 'cancelled') return t`Cancelled`;
  return t`Active`;
}

/** Everyday, Every N days, or the chosen weekdays' names. */
export function frequencyLabel(plan: Pick<SubscriptionSummary, 'frequency' | 'interval_days' | 'weekdays'>, locale: string): string {
  if (plan.frequency === 'everyday') return t`Everyday`;
  if (plan.frequency === 'interval') {
    const days = plan.interval_days ?? 2;
    return t`Every ${days} days`;
  }
  const names = plan.weekdays.map((weekday) => weekdayName(weekday, locale, 'long'));
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
}

/** The weekday's name (0 Sunday) in the locale. */
export function weekdayName(weekday: number, locale: string, width: 'long' | 'short' | 'narrow' = 'long'): string {
  // 4 January 1970 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(1970, 0, 4 + weekday)));
}

/** A store date ('YYYY-MM-DD') as the customer reads it. */
export function formatDay(date: string, locale: string): string {
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** Why a delivery was missed, in words. */
export function missedReason(reason: string): string {
  switch (reason) {
    case 'wallet': return t`Not enough money in the wallet`;
    case 'unavailable': return t`The item was not available`;
    case 'out_of_reach': return t`The address was out of reach`;
    case 'below_minimum': return t`Below the store's minimum order`;
    case 'address': return t`The delivery address was removed`;
    case 'late': return t`Not ordered in time`;
    default: return t`The store could not take it`;
  }
}
