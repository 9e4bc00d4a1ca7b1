import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { Fragment, useId } from 'react';
import type { PriceBreakdown } from '../../../contract/api/checkout.ts';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import { DELIVERY_PARTNERS } from '../../../contract/rules/delivery-partners.ts';
import { $primaryAddress } from '../../core/addresses/addresses.ts';
import { $pickupDeliveryFlag } from '../../core/cart/order-mode.ts';
import { deliveryOptions, type DeliveryOption } from '../../core/checkout/delivery-options.ts';
import { $deliveryChoice, $offeredPartners, $partnerQuotes, chooseDelivery } from '../../core/checkout/delivery-partners.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { $moneyFormat } from '../../core/settings/settings.ts';

interface OptionText {
  /** The option's name, price and time, shown as 'Porter · ₹60 · about 19 min' (each part isolated for right-to-left pages). */
  label: string[];
  /** Why it cannot be picked now, or '' . */
  note: string;
}

/**
 * Delivery by (docs/behaviour.md#delivery-partners): the store's own delivery and each partner the vendor
 * offers, with the partner's quoted fare and time; the first is chosen by default and the bill follows the
 * choice. Shown in delivery mode with an address, for a vendor that offers a partner.
 */
export function DeliveryPartnerChooser({ store, breakdown }: { store: RestaurantDetail | null; breakdown: PriceBreakdown | null }) {
  const { t } = useLingui();
  const partners = useStore($offeredPartners);
  const quotes = useStore($partnerQuotes);
  const choice = useStore($deliveryChoice);
  const flag = useStore($pickupDeliveryFlag);
  const address = useStore($primaryAddress);
  const money = useStore($moneyFormat);
  const id = useId();
  if (flag !== 1 || partners.length === 0 || !address) return null;

  const about = (minutes: number) => t`about ${minutes} min`;
  const storeCharge = breakdown?.order_mode === 'delivery'
    ? breakdown.store_delivery_charge ?? (choice === 'store' ? breakdown.delivery_charge : undefined)
    : undefined;
  const textOf = (option: DeliveryOption): OptionText => {
    if (option.choice === 'store') {
      const parts = [t`Store delivery`];
      if (storeCharge !== undefined) parts.push(formatPrice(storeCharge, money));
      if (store && store.delivery_time > 0) parts.push(about(store.delivery_time));
      return { label: parts, note: '' };
    }
    const title = DELIVERY_PARTNERS[option.choice].title;
    const state = option.state;
    switch (state?.status) {
      case 'ready':
        return { label: [title, formatPrice(state.quote.delivery_charge, money), about(state.quote.eta_minutes)], note: '' };
      case 'unavailable':
        return { label: [title], note: state.reason === 'out_of_area' ? t`Cannot deliver to this address` : t`Not available right now` };
      case 'failed':
        return { label: [title], note: t`Not available right now` };
      default:
        return { label: [title], note: t`Getting a price…` };
    }
  };
  const options = deliveryOptions(partners, quotes).map((option) => ({ option, ...textOf(option) }));
  // Said once as they change: the partners that cannot deliver to this address.
  const refused = options.flatMap(({ option }) =>
    (option.choice !== 'store' && option.state?.status === 'unavailable' && option.state.reason === 'out_of_area' ? [DELIVERY_PARTNERS[option.choice].title] : []));

  return (
    <fieldset part="delivery-by" className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0">
      <legend className="mb-2 p-0 font-semibold"><Trans>Delivery by</Trans></legend>
      {options.map(({ option, label, note }) => {
        const checked = choice === option.choice;
        const noteId = `${id}-${option.choice}`;
        return (
          <label
            key={option.choice}
            part={checked ? 'delivery-option delivery-option-selected' : 'delivery-option'}
            className={`flex min-h-11 items-center gap-3 rounded-sf border px-3 py-2 text-start focus-within:ring-2 focus-within:ring-primary ${
              option.selectable ? 'cursor-pointer' : 'cursor-not-allowed'} ${checked ? 'border-primary' : 'border-black/20'}`}
          >
            <input
              type="radio"
              name={`sf-delivery-by-${id}`}
              value={option.choice}
              checked={checked}
              disabled={!option.selectable}
              aria-describedby={note ? noteId : undefined}
              onChange={() => chooseDelivery(option.choice)}
              className="h-5 w-5 shrink-0"
            />
            <span className="flex min-w-0 flex-col">
              <span className="break-words font-medium">
                {label.map((part, index) => <Fragment key={index}>{index > 0 && ' · '}<bdi>{part}</bdi></Fragment>)}
              </span>
              {note && <span id={noteId} part="delivery-option-note" className="text-sm text-muted">{note}</span>}
            </span>
          </label>
        );
      })}
      <p role="status" part="delivery-by-status" className="sr-only">
        {refused.map((title) => t`${title} cannot deliver to this address.`).join(' ')}
      </p>
    </fieldset>
  );
}
