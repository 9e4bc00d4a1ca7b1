import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import { $schedule } from '../../core/checkout/checkout.ts';
import { $locale } from '../../core/i18n/locale.ts';
import { say } from '../../core/i18n/messages.ts';
import { ORDER_MESSAGES } from '../../core/cart/order-messages.ts';
import { browserZone, canOrderNow, canSchedule, formatSlotDate, formatSlotTime, scheduleSlots, slotDates } from '../../core/checkout/schedule.ts';
import { Choice } from './parts.tsx';

/** Now or Schedule; for Schedule a date and a time from the store's slots, both required. */
export function ScheduleChooser({ store, showErrors }: { store: RestaurantDetail | null; showErrors: boolean }) {
  const { t } = useLingui();
  const locale = useStore($locale);
  const schedule = useStore($schedule);
  const dateId = useId();
  const timeId = useId();
  // Slots move with the clock: recomputed each minute.
  const [minute, setMinute] = useState(() => Math.floor(Date.now() / 60_000));
  useEffect(() => {
    const timer = setInterval(() => setMinute(Math.floor(Date.now() / 60_000)), 60_000);
    return () => clearInterval(timer);
  }, []);
  const later = schedule.kind === 'later' ? schedule : null;
  const chosen = later?.start ?? '';
  const slots = useMemo(() => (store ? scheduleSlots(store, new Date(minute * 60_000), chosen) : []), [store, minute, chosen]);
  const dates = slotDates(slots);
  const openNow = store ? canOrderNow(store) : true;
  const ahead = store ? canSchedule(store) : true;
  const daySlots = later ? slots.filter((slot) => slot.date === later.date) : [];
  const zone = store?.time_zone ?? '';

  // A store closed now but taking orders ahead starts on Schedule.
  useEffect(() => {
    if (store && !openNow && ahead && $schedule.get().kind === 'now') $schedule.set({ kind: 'later', date: '', start: '' });
  }, [store, openNow, ahead]);

  return (
    <div className="flex flex-col gap-3">
      <div role="radiogroup" aria-label={t`When`} className="flex flex-wrap gap-2">
        <Choice name="sf-when" part="when-option" checked={schedule.kind === 'now'} onChoose={() => $schedule.set({ kind: 'now' })}>
          <Trans>Now</Trans>
        </Choice>
        {ahead && (
          <Choice name="sf-when" part="when-option" checked={schedule.kind === 'later'} onChoose={() => $schedule.set({ kind: 'later', date: '', start: '' })}>
            <Trans>Schedule</Trans>
          </Choice>
        )}
      </div>
      {!openNow && schedule.kind === 'now' && <p part="closed-notice" role="alert" className="m-0 text-sm text-red-700">{say(ORDER_MESSAGES.restaurantOff)}</p>}
      {later && (
        <div className="flex flex-wrap gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={dateId} className="text-sm font-medium"><Trans>Date</Trans></label>
            <select
              id={dateId}
              part="schedule-date"
              required
              aria-invalid={showErrors && !later.date ? 'true' : undefined}
              value={later.date}
              onChange={(event) => $schedule.set({ kind: 'later', date: event.target.value, start: '' })}
              className="rounded-sf border border-black/20 bg-white px-3 py-2"
            >
              <option value="">{t`Select date`}</option>
              {dates.map((date) => <option key={date} value={date}>{formatSlotDate(date, locale)}</option>)}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={timeId} className="text-sm font-medium"><Trans>Time</Trans></label>
            <select
              id={timeId}
              part="schedule-time"
              required
              disabled={!later.date}
              aria-invalid={showErrors && !later.start ? 'true' : undefined}
              value={later.start}
              onChange={(event) => $schedule.set({ kind: 'later', date: later.date, start: event.target.value })}
              className="rounded-sf border border-black/20 bg-white px-3 py-2"
            >
              <option value="">{t`Select time`}</option>
              {daySlots.map((slot) => <option key={slot.start} value={slot.start}>{formatSlotTime(slot, locale, zone, browserZone())}</option>)}
            </select>
          </div>
          {showErrors && (!later.date || !later.start) && (
            <p part="schedule-error" role="alert" className="m-0 basis-full text-sm text-red-700">{say(ORDER_MESSAGES.selectDateTime)}</p>
          )}
          {dates.length === 0 && store && <p className="m-0 basis-full text-sm text-muted"><Trans>No times are available in the next 7 days.</Trans></p>}
        </div>
      )}
    </div>
  );
}
