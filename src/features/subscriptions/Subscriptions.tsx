import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { SubscriptionDay, SubscriptionDetail, SubscriptionState } from '../../../contract/api/subscriptions.ts';
import { addDays, daysBetween, weekdayOf } from '../../../contract/rules/subscriptions.ts';
import { $locale } from '../../core/i18n/locale.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { formatOrderDate } from '../../core/orders/orders.ts';
import { assetUrl } from '../../core/platform/config.ts';
import { showError, showToast } from '../../core/platform/toast.ts';
import {
  $subscriptionDetail, $subscriptionList, cancelSubscription, changeQuantity, downloadInvoice, followSubscriptions, formatDay, frequencyLabel, invoiceMonths, loadSubscription,
  weekdayName,
  loadSubscriptions, missedReason, pauseSubscription, restartSubscription, stateLabel,
} from '../../core/subscriptions/subscriptions.ts';
import { $moneyFormat, $settings } from '../../core/settings/settings.ts';
import { $isSignedIn } from '../../core/session/session-state.ts';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { INPUT_CLASS } from '../../ui/Field.tsx';
import { ScreenHeading, useHeadingTags } from '../../ui/headings.tsx';
import { followLink } from '../../ui/links.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { QuantityStepper, stepQuantity } from './QuantityStepper.tsx';

const BADGE: Record<SubscriptionState, string> = {
  active: 'bg-green-100 text-green-900',
  paused: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-red-100 text-red-800',
};

function StateBadge({ state }: { state: SubscriptionState }) {
  return <span part={`state state-${state}`} className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[state]}`}>{stateLabel(state)}</span>;
}

/**
 * `<sf-subscriptions>`: a guest is asked to sign in; a customer sees one subscription (the id given, or
 * `?subscription=` in the page's address) or the list, whose links open each on this same page by default.
 */
export function SubscriptionsIsland({ host, subscriptionId, statusHref, orderHref }: { host: HTMLElement; subscriptionId: number | null; statusHref: string; orderHref: string }) {
  const signedIn = useStore($isSignedIn);
  const settings = useStore($settings);
  if (!signedIn) {
    return <SignInPrompt host={host} reason="subscriptions"><Trans>Sign in to see your subscriptions.</Trans></SignInPrompt>;
  }
  if (settings && settings.subscription_status !== 1) return <p part="unavailable" className="m-0 text-muted"><Trans>Subscriptions are not available</Trans></p>;
  const named = subscriptionId ?? (Number(new URLSearchParams(location.search).get('subscription')) || null);
  return named ? <SubscriptionStatus subscriptionId={named} orderHref={orderHref} /> : <ManageSubscriptions statusHref={statusHref} />;
}

/** manage-subscription: the customer's subscriptions, newest first, each a link to its status. */
export function ManageSubscriptions({ statusHref }: { statusHref: string }) {
  const state = useStore($subscriptionList);
  const locale = useStore($locale);
  const EntryHeading = useHeadingTags().entry;
  useEffect(() => void loadSubscriptions(), []);
  useEffect(() => followSubscriptions(), []);
  if (state.status === 'failed') return <LoadFailed onRetry={() => void loadSubscriptions()} />;
  if (state.status !== 'ready') return <Skeleton className="h-40 w-full" />;
  if (state.subscriptions.length === 0) {
    return <p part="empty" className="m-0 text-muted"><Trans>No subscriptions yet. Stores offer Subscribe beside items you can have delivered regularly.</Trans></p>;
  }
  return (
    <ul part="subscriptions" className="m-0 flex list-none flex-col gap-3 p-0">
      {state.subscriptions.map((subscription) => {
        const href = statusHref.replace('{id}', String(subscription.subscription_id));
        return (
          <li key={subscription.subscription_id} part="subscription" className="flex gap-3 rounded-sf border border-black/10 p-3">
            {subscription.item_image && <img src={assetUrl(subscription.item_image)} alt="" className="h-14 w-14 shrink-0 rounded-sf object-cover" />}
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <EntryHeading className="m-0 text-base font-semibold">
                  <a href={href} onClick={(event) => followLink(event, href)} className="text-ink underline-offset-2 hover:underline">
                    {subscription.quantity} × {subscription.item_name}
                  </a>
                </EntryHeading>
                <StateBadge state={subscription.state} />
              </div>
              <span className="text-sm text-muted">{subscription.restaurant_name}</span>
              <span className="text-sm">
                {frequencyLabel(subscription, locale)} · <span dir="ltr">{subscription.slot}</span>
                {subscription.next_date && <> · <Trans>Next: {formatDay(subscription.next_date, locale)}</Trans></>}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** subscription-status/{id}: the plan, what can be changed, the next deliveries and what became of past ones. */
export function SubscriptionStatus({ subscriptionId, orderHref }: { subscriptionId: number; orderHref: string }) {
  const state = useStore($subscriptionDetail);
  useEffect(() => void loadSubscription(subscriptionId), [subscriptionId]);
  useEffect(() => followSubscriptions(), []);
  if (state.status === 'failed') return <LoadFailed onRetry={() => void loadSubscription(subscriptionId)} />;
  if (state.status === 'not-found') {
    return <ScreenHeading className="m-0 py-8 text-center text-xl font-semibold"><Trans>Subscription not found</Trans></ScreenHeading>;
  }
  if (state.status !== 'ready' || state.subscription.subscription_id !== subscriptionId) return <Skeleton className="h-64 w-full" />;
  return <Detail subscription={state.subscription} orderHref={orderHref} />;
}

function Detail({ subscription: s, orderHref }: { subscription: SubscriptionDetail; orderHref: string }) {
  const locale = useStore($locale);
  const money = useStore($moneyFormat);
  const SectionHeading = useHeadingTags().section;
  const open = s.state !== 'cancelled';
  return (
    <article part="subscription-status" className="flex flex-col gap-5">
      <header className="flex flex-wrap items-center gap-2">
        <ScreenHeading className="m-0 text-xl font-bold">{s.quantity} × {s.item_name}</ScreenHeading>
        <StateBadge state={s.state} />
        <p className="m-0 w-full text-sm text-muted">
          {s.restaurant_name}
          {s.options.length > 0 && <> · {s.options.join(', ')}</>}
        </p>
      </header>
      <dl part="plan" className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted"><Trans>How often</Trans></dt>
        <dd part="frequency" className="m-0">{frequencyLabel(s, locale)}</dd>
        <dt className="text-muted"><Trans>Delivery time</Trans></dt>
        <dd className="m-0"><span dir="ltr">{s.slot}</span></dd>
        <dt className="text-muted">{s.order_mode === 'delivery' ? <Trans>Deliver to</Trans> : <Trans>Pick up at</Trans>}</dt>
        <dd className="m-0 break-words"><bdi>{s.order_mode === 'delivery' ? s.delivery_address : s.restaurant_name}</bdi></dd>
        {s.per_delivery > 0 && (
          <>
            <dt className="text-muted"><Trans>Each delivery</Trans></dt>
            <dd part="per-delivery" className="m-0">{formatPrice(s.per_delivery, money)}</dd>
          </>
        )}
        {s.next_date && (
          <>
            <dt className="text-muted"><Trans>Next delivery</Trans></dt>
            <dd part="next-delivery" className="m-0">{formatDay(s.next_date, locale)}</dd>
          </>
        )}
      </dl>
      {open && s.next_cutoff_at && (
        <p part="cutoff" className="m-0 text-sm text-muted">
          <Trans>Changes count from the next delivery whose order is not created yet: {formatOrderDate(s.next_cutoff_at, locale)}.</Trans>
        </p>
      )}
      {open && <Actions subscription={s} />}
      <Invoice subscription={s} />
      <section aria-labelledby="sf-sub-upcoming" className="flex flex-col gap-2">
        <SectionHeading id="sf-sub-upcoming" className="m-0 text-lg font-semibold"><Trans>Next deliveries</Trans></SectionHeading>
        {s.upcoming.length ? <Calendar days={s.upcoming} /> : <p className="m-0 text-sm text-muted"><Trans>No deliveries ahead.</Trans></p>}
      </section>
      <section aria-labelledby="sf-sub-past" className="flex flex-col gap-2">
        <SectionHeading id="sf-sub-past" className="m-0 text-lg font-semibold"><Trans>Past deliveries</Trans></SectionHeading>
        {s.past.length ? <PastDays days={s.past} orderHref={orderHref} /> : <p className="m-0 text-sm text-muted"><Trans>None yet.</Trans></p>}
      </section>
    </article>
  );
}

/** Download invoice: a month (from the first one to this one) as a PDF. */
function Invoice({ subscription: s }: { subscription: SubscriptionDetail }) {
  const { t } = useLingui();
  const locale = useStore($locale);
  const id = useId();
  const months = invoiceMonths(s.start_date, new Date().toISOString().slice(0, 10));
  const [month, setMonth] = useState(months[0]!);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const monthName = (value: string) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${value}-01T00:00:00Z`));
  const download = async () => {
    setBusy(true);
    const outcome = await downloadInvoice(s.subscription_id, month);
    setBusy(false);
    if (outcome.ok) {
      const number = outcome.number;
      setSaid(t`Invoice ${number} downloaded.`);
    } else {
      showError(outcome.message, 6000);
    }
  };
  return (
    <div part="invoice" className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-month`} className="text-sm font-medium"><Trans>Invoice for</Trans></label>
        <select id={`${id}-month`} part="invoice-month" className={INPUT_CLASS} value={month} onChange={(event) => setMonth(event.currentTarget.value)}>
          {months.map((value) => <option key={value} value={value}>{monthName(value)}</option>)}
        </select>
      </div>
      <Button part="download-invoice" variant="secondary" disabled={busy} aria-busy={busy} onClick={() => void download()}><Trans>Download invoice</Trans></Button>
      <p part="invoice-status" role="status" className="m-0 w-full text-sm text-green-800">{said}</p>
    </div>
  );
}

const MARK: Record<SubscriptionDay['status'], string> = {
  planned: 'bg-green-700 text-white',
  paused: 'bg-amber-200 text-amber-950',
  ordered: 'bg-green-100 text-green-900',
  closed: 'bg-black/10 text-ink',
  missed: 'bg-red-100 text-red-900',
};

/** The first day of the week where the customer lives (Monday unless their locale says otherwise). */
function firstWeekday(locale: string): number {
  const info = (new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } });
  const firstDay = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay ?? 1;
  return firstDay % 7;
}

/**
 * The next deliveries as month calendars: each month a table of weeks, a planned day marked with its
 * quantity, a paused day marked paused; every marked day says so in words to a screen reader.
 */
function Calendar({ days }: { days: SubscriptionDay[] }) {
  const { t } = useLingui();
  const locale = useStore($locale);
  const byDate = new Map(days.map((day) => [day.date, day]));
  const months = [...new Set(days.map((day) => day.date.slice(0, 7)))];
  const start = firstWeekday(locale);
  const weekdays = Array.from({ length: 7 }, (_, n) => (start + n) % 7);
  return (
    <div part="upcoming" className="grid gap-4 sm:grid-cols-2">
      {months.map((month) => {
        const first = `${month}-01`;
        const length = daysBetween(first, `${addDays(first, 31).slice(0, 7)}-01`);
        const lead = (weekdayOf(first) - start + 7) % 7;
        const cells: Array<string | null> = [...Array.from({ length: lead }, () => null), ...Array.from({ length }, (_, n) => addDays(first, n))];
        while (cells.length % 7) cells.push(null);
        const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
        const caption = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${first}T00:00:00Z`));
        return (
          <table key={month} part="calendar" className="w-full table-fixed border-collapse text-center text-sm">
            <caption className="mb-1 text-start font-semibold">{caption}</caption>
            <thead>
              <tr>
                {weekdays.map((weekday) => (
                  <th key={weekday} scope="col" abbr={weekdayName(weekday, locale)} className="py-1 text-xs font-medium text-muted">{weekdayName(weekday, locale, 'narrow')}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, w) => (
                <tr key={w}>
                  {week.map((date, d) => {
                    const day = date ? byDate.get(date) : undefined;
                    const label = day?.status === 'paused' ? t`Paused` : day ? t`${day.quantity} planned` : '';
                    return (
                      <td key={date ?? `e${w}-${d}`} className="p-0.5">
                        {date && (
                          <span part={day ? `day day-${day.status}` : undefined}
                            className={`mx-auto flex h-8 w-8 items-center justify-center rounded-full ${day ? MARK[day.status] : 'text-muted'}`}>
                            <span aria-hidden={day ? 'true' : undefined}>{Number(date.slice(8))}</span>
                            {day && <span className="sr-only">{formatDay(date, locale)}: {label}</span>}
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </div>
  );
}

/** Past deliveries, newest first: the date, then what became of it (ordered with its order, paused, skipped, missed and why). */
function PastDays({ days, orderHref }: { days: SubscriptionDay[]; orderHref: string }) {
  const locale = useStore($locale);
  const money = useStore($moneyFormat);
  return (
    <ol part="past" className="m-0 grid list-none grid-cols-1 gap-1 p-0 sm:grid-cols-2">
      {days.map((day) => {
        const href = day.order_id ? orderHref.replace('{id}', String(day.order_id)) : '';
        return (
          <li key={day.date} part={`day day-${day.status}`} className="flex flex-wrap items-center gap-2 rounded-sf border border-black/10 px-3 py-2 text-sm">
            <time dateTime={day.date} className="min-w-[7rem] font-medium">{formatDay(day.date, locale)}</time>
            <span className="flex-1">
              {day.status === 'paused' && <Trans>Paused</Trans>}
              {day.status === 'closed' && <Trans>Skipped: the store is closed</Trans>}
              {day.status === 'missed' && <Trans>Missed: {missedReason(day.reason)}</Trans>}
              {day.status === 'ordered' && (
                <>
                  <Trans>Ordered</Trans>{day.amount > 0 && <> · {formatPrice(day.amount, money)}</>}
                  {day.delivered_on && day.delivered_on !== day.date && <> · <Trans>comes {formatDay(day.delivered_on, locale)}</Trans></>}
                </>
              )}
            </span>
            {href && <a href={href} onClick={(event) => followLink(event, href)} className="font-medium text-primary underline"><Trans>Order #{day.order_id}</Trans></a>}
          </li>
        );
      })}
    </ol>
  );
}

/** Quantity, pause or resume from a date, cancel: each says what it did, politely, or why not. */
function Actions({ subscription: s }: { subscription: SubscriptionDetail }) {
  const { t } = useLingui();
  const locale = useStore($locale);
  const id = useId();
  const [quantity, setQuantity] = useState(s.quantity);
  const [from, setFrom] = useState(s.next_date);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState('');
  const openPause = s.pauses.find((pause) => !pause.until);
  useEffect(() => setQuantity(s.quantity), [s.quantity]);
  const earliest = openPause && addDays(openPause.from, 1) > s.next_date ? addDays(openPause.from, 1) : s.next_date;
  useEffect(() => setFrom(earliest), [earliest]);

  const run = async (action: () => Promise<{ ok: true } | { ok: false; message: string }>, done: string) => {
    setBusy(true);
    const outcome = await action();
    setBusy(false);
    if (outcome.ok) setSaid(done);
    else showError(outcome.message, 6000);
    return outcome.ok;
  };
  const fromDay = formatDay(from, locale);
  return (
    <section part="actions" aria-label={t`Change this subscription`} className="flex flex-col gap-4 rounded-sf border border-black/10 p-3">
      <div className="flex flex-wrap items-end gap-2">
        <QuantityStepper value={quantity} className="flex flex-col gap-1" labelClassName="text-sm font-medium"
          onStep={(by) => setQuantity((current) => stepQuantity(current, by))} />
        <Button part="save-quantity" variant="secondary" disabled={busy || quantity === s.quantity}
          onClick={() => void run(() => changeQuantity(s.subscription_id, quantity), t`From the next delivery, ${quantity} each time.`)}>
          <Trans>Save quantity</Trans>
        </Button>
      </div>

      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-from`} className="text-sm font-medium">{openPause ? <Trans>Resume from</Trans> : <Trans>Pause from</Trans>}</label>
          <input id={`${id}-from`} part="from-date" type="date" className={INPUT_CLASS} min={earliest} value={from}
            onChange={(event) => setFrom(event.currentTarget.value)} />
        </div>
        {openPause ? (
          <Button part="resume" disabled={busy || !from} onClick={() => void run(() => restartSubscription(s.subscription_id, from), t`Deliveries start again ${fromDay}.`)}>
            <Trans>Resume</Trans>
          </Button>
        ) : (
          <Button part="pause" variant="secondary" disabled={busy || !from} onClick={() => void run(() => pauseSubscription(s.subscription_id, from), t`Paused from ${fromDay}.`)}>
            <Trans>Pause</Trans>
          </Button>
        )}
      </div>

      <Button part="cancel-subscription" variant="secondary" className="w-fit" onClick={() => setAsking(true)}><Trans>Cancel subscription</Trans></Button>
      <p part="action-status" role="status" className="m-0 text-sm text-green-800">{said}</p>

      <Dialog open={asking} title={t`Cancel this subscription?`} onClose={() => setAsking(false)} part="cancel-subscription-dialog">
        <p className="m-0"><Trans>No more deliveries will be ordered. Orders already created stay; each can be cancelled until the store takes it.</Trans></p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button part="keep-subscription" variant="ghost" onClick={() => setAsking(false)}><Trans>Keep subscription</Trans></Button>
          <Button part="cancel-subscription-confirm" variant="danger" disabled={busy} onClick={() => {
            void run(() => cancelSubscription(s.subscription_id), t`Your subscription has been cancelled.`).then((ok) => {
              setAsking(false);
              if (ok) showToast(t`Your subscription has been cancelled.`, { kind: 'success' });
            });
          }}>
            <Trans>Cancel subscription</Trans>
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
