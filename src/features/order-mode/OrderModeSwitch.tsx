import { useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { $pickupDeliveryFlag, chooseOrderMode, isPickupOffered, orderModeChoices, type OrderMode } from '../../core/cart/order-mode.ts';
import { $settings } from '../../core/vendor/settings.ts';

/** The Delivery/Takeaway switch; the takeaway label comes from the vendor's terminology. */
export function OrderModeSwitch({ host }: { host: HTMLElement }) {
  const { t } = useLingui();
  const settings = useStore($settings);
  const flag = useStore($pickupDeliveryFlag);
  if (!isPickupOffered(settings)) return null;
  const modes = orderModeChoices(settings);
  const current: OrderMode = flag === 1 ? 'delivery' : 'pickup';
  return (
    <div part="switch" role="radiogroup" aria-label={t`Order mode`} className="inline-flex rounded-full border border-black/15 bg-white p-1">
      {modes.map(([mode, label]) => (
        <button
          key={mode}
          type="button"
          role="radio"
          aria-checked={current === mode}
          part={current === mode ? 'option option-selected' : 'option'}
          className={`rounded-full px-4 py-1.5 text-sm font-medium ${current === mode ? 'bg-button text-button-text' : 'text-ink'}`}
          onClick={() => chooseOrderMode(mode, host)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
