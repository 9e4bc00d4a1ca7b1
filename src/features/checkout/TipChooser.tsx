import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { fromMinor, toMinor } from '../../../contract/rules/money.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { $driverTip } from '../../core/cart/order-mode.ts';
import { $moneyFormat } from '../../core/settings/settings.ts';
import { Choice } from './parts.tsx';

/** Small preset tips in the vendor currency's display units (0 is the default). */
export const TIP_PRESETS = [0, 2, 5, 10] as const;

/** Driver tip for delivery: 0, a preset or a custom amount, kept in driverTip. */
export function TipChooser() {
  const { t } = useLingui();
  const money = useStore($moneyFormat);
  const tip = useStore($driverTip);
  const inputId = useId();
  const [custom, setCustom] = useState(() => !(TIP_PRESETS as readonly number[]).includes(tip));
  return (
    <div className="flex flex-col gap-2">
      <div role="radiogroup" aria-label={t`Driver tip`} className="flex flex-wrap gap-2">
        {TIP_PRESETS.map((amount) => (
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
            step="0.01"
            inputMode="decimal"
            defaultValue={tip || ''}
            onChange={(event) => {
              const value = Number(event.target.value);
              $driverTip.set(Number.isFinite(value) && value > 0 ? fromMinor(toMinor(value)) : 0);
            }}
            className="w-28 rounded-sf border border-black/20 px-3 py-2"
          />
        </div>
      )}
    </div>
  );
}
