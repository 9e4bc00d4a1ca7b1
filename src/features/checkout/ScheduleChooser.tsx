import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import { $schedule } from '../../core/checkout/checkout.ts';
import { $locale } from '../../core/i18n/locale.ts';
import { say } from '../../core/i18n/messages.ts';
import { ORDER_MESSAGES } from '../../core/cart/order-messages.ts';
import { browserZone, canOrderNow, canSchedule, formatSlotDate, formatSlotTime, scheduleSlots, slotDates } from '../../core/checkout/schedule.ts';
import { Field } from '../../ui/Field.tsx';
import { Choice } from './parts.tsx';

interface SlotSelectProps {
  label: ReactNode;
  part: string;
  /** The empty first option, "Select …". */
  placeholder: string;
  options: readonly { value: string; label: string }[];
  value: string;
  invalid: boolean;
  /** The id of the message that says what is missing, while it shows. */
  errorId?: string | undefined;
  disabled?: boolean;
  onChange: (value: string) => void;
}

/** A required choice of a slot's date or time, with its label above; while invalid, described by the message. */
function SlotSelect({ label, part, placeholder, options, value, invalid, errorId, disabled, onChange }: SlotSelectProps) {
  const id = useId();
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        part={part}
        required
        disabled={disabled}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={invalid ? errorId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-sf border border-gray-500 bg-white px-3 py-2"
      >
        <option value="">{placeholder}</option>
        {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
    </Field>
  );
}

/** Now or Schedule; for Schedule a date and a time from the store's slots, both required. */
export function ScheduleChooser({ store, showErrors }: { store: RestaurantDetail | null; showErrors: boolean }) {
  const { t } = useLingui();
  const errorId = `${useId()}-schedule-error`;
  const locale = useStore($locale);
  const schedule = useStore($schedule);
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
  // One message for both selects: shown, and tied to each one missing, until both are chosen.
  const missing = showErrors && later !== null && (!later.date || !later.start);

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
          <SlotSelect
            label={<Trans>Date</Trans>}
            part="schedule-date"
            placeholder={t`Select date`}
            options={dates.map((date) => ({ value: date, label: formatSlotDate(date, locale) }))}
            value={later.date}
            invalid={showErrors && !later.date}
            errorId={missing ? errorId : undefined}
            onChange={(date) => $schedule.set({ kind: 'later', date, start: '' })}
          />
          <SlotSelect
            label={<Trans>Time</Trans>}
            part="schedule-time"
            placeholder={t`Select time`}
            options={daySlots.map((slot) => ({ value: slot.start, label: formatSlotTime(slot, locale, zone, browserZone()) }))}
            value={later.start}
            invalid={showErrors && !later.start}
            errorId={missing ? errorId : undefined}
            disabled={!later.date}
            onChange={(start) => $schedule.set({ kind: 'later', date: later.date, start })}
          />
          {missing && (
            <p id={errorId} part="schedule-error" role="alert" className="m-0 basis-full text-sm text-red-700">{say(ORDER_MESSAGES.selectDateTime)}</p>
          )}
          {dates.length === 0 && store && <p className="m-0 basis-full text-sm text-muted"><Trans>No times are available in the next 7 days.</Trans></p>}
        </div>
      )}
    </div>
  );
}
