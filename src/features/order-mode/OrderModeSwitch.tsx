import { useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useRef, type KeyboardEvent } from 'react';
import { $pickupDeliveryFlag, chooseOrderMode, isPickupOffered, orderModeChoices, type OrderMode } from '../../core/cart/order-mode.ts';
import { $settings } from '../../core/settings/settings.ts';
import { $locale, directionOf } from '../../core/i18n/locale.ts';
import { nextChoice } from '../../ui/arrow-keys.ts';

/**
 * The Delivery/Takeaway switch; the takeaway label comes from the vendor's terminology. A radio group
 * as the platform's: one tab stop (the chosen mode), the arrow keys, Home and End choose and move.
 */
export function OrderModeSwitch({ host }: { host: HTMLElement }) {
  const { t } = useLingui();
  const settings = useStore($settings);
  const flag = useStore($pickupDeliveryFlag);
  const locale = useStore($locale);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  if (!isPickupOffered(settings)) return null;
  const modes = orderModeChoices(settings);
  const current: OrderMode = flag === 1 ? 'delivery' : 'pickup';
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = modes.findIndex(([mode]) => mode === current);
    const next = nextChoice(event.key, index, modes.length, { rtl: directionOf(locale) === 'rtl', upDown: true });
    if (next === null) return;
    event.preventDefault();
    chooseOrderMode(modes[next]![0], host);
    buttons.current[next]?.focus();
  };
  return (
    <div part="switch" role="radiogroup" aria-label={t`Order mode`} onKeyDown={onKeyDown} className="inline-flex rounded-full border border-black/15 bg-white p-1">
      {modes.map(([mode, label], index) => (
        <button
          key={mode}
          ref={(element) => { buttons.current[index] = element; }}
          type="button"
          role="radio"
          tabIndex={current === mode ? 0 : -1}
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
