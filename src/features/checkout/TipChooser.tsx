import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { fromMinor, toMinor } from '../../../contract/rules/money.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { $driverTip } from '../../core/cart/order-mode.ts';
import { $moneyFormat, $settings } from '../../core/settings/settings.ts';
import { Choice } from './parts.tsx';

/** Small preset tips in the vendor currency's display units (0 is the default). */
export const TIP_PRESETS = [0, 2, 5, 10] as const;

/**
 * Driver tip for delivery: 0, a preset or a custom amount, kept in driverTip. A custom amount past the
 * vendor's limit (settings.order_limits.max_driver_tip, which the server enforces) is kept at the limit,
 * and the limit is said beside the box.
 */
export function TipChooser() {
  const { t } = useLingui();
  const money = useStore($moneyFormat);
  const tip = useStore($driverTip);
  const maxTip = useStore($settings)?.order_limits?.max_driver_tip;
  const inputId = useId();
  const [custom, setCustom] = useState(() => !(TIP_PRESETS as readonly number[]).includes(tip));
  const [capped, setCapped] = useState(false);
  const presets = TIP_PRESETS.filter((amount) => maxTip === undefined || amount <= maxTip);
  const limit = maxTip === undefined ? '' : formatPrice(maxTip, money);
  return (
    <div className="flex flex-col gap-2">
      <div role="radiogroup" aria-label={t`Driver tip`} className="flex flex-wrap gap-2">
        {presets.map((amount) => (
          <Choice key={amount} name="sf-tip" part="tip-option" checked={!custom && tip === amount} onChoose={() => { setCustom(false); $driverTip.set(amount); }}>
            {amount === 0 ? <Trans>No tip</Trans> : formatPrice(amount, money)}
          </Choice>
        ))}
        <Choice name="sf-tip" part="tip-option" checked={custom} onChoose={() => setCustom(true)}>
          <Trans>Custom</Trans>
        </Choice>
      </div>
      {custom && (
        <div className="flex items-center gap-2">
          <label htmlFor={inputId} className="text-sm font-medium"><Trans>Tip amount</Trans></label>
          <input
            id={inputId}
            part="tip-custom"
            type="number"
            min="0"
            max={maxTip}
            step="0.01"
            inputMode="decimal"
            defaultValue={tip || ''}
            aria-describedby={`${inputId}-limit`}
            onChange={(event) => {
              const value = Number(event.target.value);
              const amount = Number.isFinite(value) && value > 0 ? fromMinor(toMinor(value)) : 0;
              const over = maxTip !== undefined && amount > maxTip;
              setCapped(over);
              $driverTip.set(over ? maxTip : amount);
            }}
            className="w-28 rounded-sf border border-gray-500 px-3 py-2"
          />
        </div>
      )}
      {/* Polite: said when a typed tip was past the limit and kept at it. */}
      <p id={`${inputId}-limit`} role="status" part="tip-limit" className={`m-0 text-sm ${custom && capped ? '' : 'sr-only'}`}>
        {custom && capped && limit ? <Trans>The most you can tip is <bdi>{limit}</bdi>.</Trans> : null}
      </p>
    </div>
  );
}
