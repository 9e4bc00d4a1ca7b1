import { useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { $orderUploadImages } from '../../core/cart.ts';
import { emitHostEvent } from '../../core/host-events.ts';
import { say } from '../../core/messages.ts';
import { $pickupDeliveryFlag, setOrderMode, type OrderMode } from '../../core/order-mode.ts';
import { $settings } from '../../core/settings.ts';

/** SPEC §2: the switch shows only when is_pickup_enable is the string 'true'. */
export function isPickupOffered(value: string | undefined): boolean {
  return value === 'true';
}

/** The Delivery/Takeaway switch; the takeaway label comes from the vendor's terminology. */
export function OrderModeSwitch({ host }: { host: HTMLElement }) {
  const { t } = useLingui();
  const settings = useStore($settings);
  const flag = useStore($pickupDeliveryFlag);
  if (!isPickupOffered(settings?.is_pickup_enable)) return null;
  const modes: Array<[OrderMode, string]> = [
    ['delivery', say('delivery')],
    ['pickup', settings?.terminology?.takeaway_text || say('takeaway')],
  ];
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
          onClick={() => {
            if (setOrderMode(mode, () => $orderUploadImages.set([]))) emitHostEvent('sf-order-mode-change', { mode }, host);
          }}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
