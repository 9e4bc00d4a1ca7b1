import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { MenuOptionGroup } from '../../../contract/api/menu.ts';
import { addDays, MAX_START_DAYS, type SubscriptionFrequency } from '../../../contract/rules/subscriptions.ts';
import { $locale } from '../../core/i18n/locale.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { assetUrl } from '../../core/platform/config.ts';
import {
  $subscriptionDraft, earliestStart, firstDelivery, vendorCutoff, slotChoices, updateDraft, weekdayName, type SubscriptionDraft,
} from '../../core/subscriptions/subscriptions.ts';
import { $moneyFormat, $settings } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { INPUT_CLASS } from '../../ui/Field.tsx';
import { ScreenHeading } from '../../ui/headings.tsx';
import { followLink } from '../../ui/links.ts';
import { AddressSelect } from './AddressSelect.tsx';
import { QuantityStepper, stepQuantity } from './QuantityStepper.tsx';

const WEEK = [0, 1, 2, 3, 4, 5, 6];

/**
 * The subscription cart (subscription-cart): the one item being subscribed to, its options and quantity,
 * how it comes (pickup, or delivery to a saved address), the frequency, the first date and the slot; then
 * the review. Everything is kept in the browser until subscribed. inDialog: inside `<sf-subscribe>`'s
 * dialog, whose title names it (no heading of its own).
 */
export function SubscriptionCart({ onReview, inDialog = false }: { onReview: () => void; inDialog?: boolean }) {
  const { t } = useLingui();
  const draft = useStore($subscriptionDraft);
  // Subscribed to the settings: a cut-off they bring moves the earliest start.
  useStore($settings);
  if (!draft) {
    return (
      <section part="subscription-cart" className="flex flex-col gap-3">
        <ScreenHeading className="m-0 text-2xl font-bold"><Trans>Subscribe</Trans></ScreenHeading>
        <p part="empty" className="m-0 text-muted"><Trans>Nothing to subscribe to yet. Choose Subscribe beside an item on a store's menu.</Trans></p>
        <a href="/" onClick={(event) => followLink(event, '/')} className="font-medium text-primary underline"><Trans>Back to stores</Trans></a>
      </section>
    );
  }
  const earliest = earliestStart(vendorCutoff(), draft.time_zone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canReview(draft)) onReview();
  };
  return (
    <form part="subscription-cart" onSubmit={submit} aria-label={t`Subscribe`} className="flex flex-col gap-5">
      {!inDialog && <ScreenHeading className="m-0 text-2xl font-bold"><Trans>Subscribe</Trans></ScreenHeading>}
      <ItemCard draft={draft} />
      {draft.item.customizations.map((group) => <OptionGroup key={group.group_id} group={group} draft={draft} />)}
      <QuantityStepper value={draft.quantity} className="flex items-center gap-3" labelClassName="font-semibold"
        onStep={(by) => updateDraft((current) => ({ quantity: stepQuantity(current.quantity, by) }))} />
      <ModeChoice draft={draft} />
      <FrequencyChoice draft={draft} />
      <StartAndSlot draft={draft} earliest={earliest} />
      <Button part="review-button" type="submit" disabled={!canReview(draft)}><Trans>Review subscription</Trans></Button>
    </form>
  );
}

/** Whether the plan is complete enough for the server to review it. */
function canReview(draft: SubscriptionDraft): boolean {
  if (draft.order_mode === 'delivery' && !draft.shiping_id) return false;
  if (draft.frequency === 'custom' && draft.weekdays.length === 0) return false;
  return Boolean(firstDelivery(draft));
}

function ItemCard({ draft }: { draft: SubscriptionDraft }) {
  const money = useStore($moneyFormat);
  const image = assetUrl(draft.item.image);
  return (
    <div part="subscription-item" className="flex items-center gap-3 rounded-sf border border-black/10 p-3">
      {image && <img src={image} alt="" className="h-16 w-16 shrink-0 rounded-sf object-cover" />}
      <div className="flex min-w-0 flex-col">
        <span part="item-name" className="font-semibold">{draft.item.name}</span>
        <span className="text-sm text-muted">{draft.store_name}</span>
        <span part="item-price" className="text-sm">{formatPrice(draft.item.price, money)}</span>
      </div>
    </div>
  );
}

function OptionGroup({ group, draft }: { group: MenuOptionGroup; draft: SubscriptionDraft }) {
  const money = useStore($moneyFormat);
  const single = group.max === 1;
  const chosen = group.options.filter((option) => draft.option_ids.includes(option.option_id)).length;
  const toggle = (id: number, on: boolean) => updateDraft((current) => {
    const others = current.option_ids.filter((option) => !group.options.some((o) => o.option_id === option));
    const mine = group.options.map((o) => o.option_id).filter((option) => (single ? option === id && on : option === id ? on : current.option_ids.includes(option)));
    return { option_ids: [...others, ...mine] };
  });
  return (
    <fieldset part="option-group" className="m-0 flex flex-col gap-1 border-0 p-0">
      <legend className="mb-1 font-semibold">{group.name}</legend>
      {group.options.map((option) => {
        const checked = draft.option_ids.includes(option.option_id);
        return (
          <label key={option.option_id} className="flex min-h-6 items-center gap-2">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={`sf-sub-group-${group.group_id}`}
              checked={checked}
              disabled={!single && !checked && chosen >= group.max}
              onChange={(event) => toggle(option.option_id, event.currentTarget.checked)}
            />
            <span className="flex-1">{option.name}</span>
            {option.price > 0 && <span className="text-sm text-muted">+{formatPrice(option.price, money)}</span>}
          </label>
        );
      })}
    </fieldset>
  );
}

const setAddress = (shiping_id: number | null) => updateDraft({ shiping_id });

function ModeChoice({ draft }: { draft: SubscriptionDraft }) {
  const settings = useStore($settings);
  const pickupOffered = settings?.is_pickup_enable === 'true';
  const id = useId();
  return (
    <fieldset part="mode-field" className="m-0 flex flex-col gap-2 border-0 p-0">
      <legend className="mb-1 font-semibold"><Trans>How it comes</Trans></legend>
      <div className="flex flex-wrap gap-4">
        <label className="flex min-h-6 items-center gap-2">
          <input type="radio" name="sf-sub-mode" checked={draft.order_mode === 'delivery'} onChange={() => updateDraft({ order_mode: 'delivery' })} />
          <Trans>Delivery</Trans>
        </label>
        {(pickupOffered || draft.order_mode === 'pickup') && (
          <label className="flex min-h-6 items-center gap-2">
            <input type="radio" name="sf-sub-mode" checked={draft.order_mode === 'pickup'} onChange={() => updateDraft({ order_mode: 'pickup' })} />
            <Trans>Pickup</Trans>
          </label>
        )}
      </div>
      {draft.order_mode === 'delivery' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-address`} className="text-sm font-medium"><Trans>Deliver to</Trans></label>
          <AddressSelect id={`${id}-address`} value={draft.shiping_id} onChange={setAddress} />
        </div>
      )}
    </fieldset>
  );
}

function FrequencyChoice({ draft }: { draft: SubscriptionDraft }) {
  const { t } = useLingui();
  const locale = useStore($locale);
  const set = (frequency: SubscriptionFrequency) => updateDraft({ frequency });
  return (
    <fieldset part="frequency-field" className="m-0 flex flex-col gap-2 border-0 p-0">
      <legend className="mb-1 font-semibold"><Trans>How often</Trans></legend>
      <label className="flex min-h-6 items-center gap-2">
        <input type="radio" name="sf-sub-frequency" checked={draft.frequency === 'everyday'} onChange={() => set('everyday')} />
        <Trans>Everyday</Trans>
      </label>
      <label className="flex min-h-6 items-center gap-2">
        <input type="radio" name="sf-sub-frequency" checked={draft.frequency === 'interval'} onChange={() => set('interval')} />
        <Trans>On Interval</Trans>
      </label>
      {draft.frequency === 'interval' && (
        <label className="ms-6 flex items-center gap-2 text-sm">
          <Trans>Every</Trans>
          <select part="interval-select" aria-label={t`Days between deliveries`} className="rounded-sf border border-gray-500 px-2 py-1" value={draft.interval_days}
            onChange={(event) => updateDraft({ interval_days: Number(event.currentTarget.value) })}>
            {Array.from({ length: 29 }, (_, n) => n + 2).map((days) => <option key={days} value={days}>{days}</option>)}
          </select>
          <Trans>days</Trans>
        </label>
      )}
      <label className="flex min-h-6 items-center gap-2">
        <input type="radio" name="sf-sub-frequency" checked={draft.frequency === 'custom'} onChange={() => set('custom')} />
        <Trans>Custom</Trans>
      </label>
      {draft.frequency === 'custom' && (
        <fieldset part="weekdays" className="ms-6 flex flex-wrap gap-3 border-0 p-0">
          <legend className="sr-only"><Trans>Delivery days</Trans></legend>
          {WEEK.map((weekday) => (
            <label key={weekday} className="flex min-h-6 items-center gap-1">
              <input type="checkbox" checked={draft.weekdays.includes(weekday)} onChange={(event) => {
                const on = event.currentTarget.checked;
                updateDraft((current) => ({
                  weekdays: on ? [...new Set([...current.weekdays, weekday])].sort((a, b) => a - b) : current.weekdays.filter((day) => day !== weekday),
                }));
              }} />
              {weekdayName(weekday, locale)}
            </label>
          ))}
          {draft.weekdays.length === 0 && <p role="alert" className="m-0 w-full text-sm text-red-700"><Trans>Choose at least one day of the week</Trans></p>}
        </fieldset>
      )}
    </fieldset>
  );
}

function StartAndSlot({ draft, earliest }: { draft: SubscriptionDraft; earliest: string }) {
  const id = useId();
  const [slots] = useState(() => slotChoices(draft.opening_hours));
  const latest = addDays(earliest, MAX_START_DAYS);
  useEffect(() => {
    if (draft.start_date < earliest) updateDraft({ start_date: earliest });
  }, [draft.start_date, earliest]);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-start`} className="font-semibold"><Trans>First delivery</Trans></label>
        <input id={`${id}-start`} part="start-date" type="date" className={INPUT_CLASS} min={earliest} max={latest} value={draft.start_date} required
          onChange={(event) => event.currentTarget.value && updateDraft({ start_date: event.currentTarget.value })} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-slot`} className="font-semibold"><Trans>Delivery time</Trans></label>
        <select id={`${id}-slot`} part="slot-select" className={INPUT_CLASS} value={draft.slot} onChange={(event) => updateDraft({ slot: event.currentTarget.value })}>
          {slots.map((slot) => <option key={slot} value={slot} dir="ltr">{slot}</option>)}
        </select>
      </div>
    </div>
  );
}
