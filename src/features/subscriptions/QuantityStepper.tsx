import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { MAX_SUBSCRIPTION_QUANTITY } from '../../../contract/rules/subscriptions.ts';
import { Button } from '../../ui/Button.tsx';

/** Quantity per delivery: − and + (1 to the most a subscription takes), the value announced as it changes. */
export function QuantityStepper({ value, onStep, className, labelClassName }: {
  value: number; onStep: (by: number) => void; className: string; labelClassName: string;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div part="quantity-field" className={className}>
      <span id={`${id}-label`} className={labelClassName}><Trans>Quantity per delivery</Trans></span>
      <div role="group" aria-labelledby={`${id}-label`} className="flex items-center gap-2">
        <Button variant="secondary" className="h-9 w-9 p-0" aria-label={t`Decrease quantity`} disabled={value <= 1} onClick={() => onStep(-1)}>−</Button>
        <span part="quantity" aria-live="polite" className="min-w-[2rem] text-center">{value}</span>
        <Button variant="secondary" className="h-9 w-9 p-0" aria-label={t`Increase quantity`} disabled={value >= MAX_SUBSCRIPTION_QUANTITY} onClick={() => onStep(1)}>+</Button>
      </div>
    </div>
  );
}

/** The quantity `by` steps from `value`, kept from 1 to the most a subscription takes. */
export const stepQuantity = (value: number, by: number) => Math.min(MAX_SUBSCRIPTION_QUANTITY, Math.max(1, value + by));
