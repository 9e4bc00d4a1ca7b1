import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { $locale } from '../core/i18n/locale.ts';
import { formatOrderDate } from '../core/orders/orders.ts';
import type { TrackStep } from '../core/orders/order-status.ts';

/** An order's progress as a list: the reached steps done with their time, the current one marked, the rest to come. */
export function OrderSteps({ steps }: { steps: TrackStep[] }) {
  const { t } = useLingui();
  const locale = useStore($locale);
  return (
    <ol part="steps" aria-label={t`Order progress`} className="m-0 flex list-none flex-col p-0">
      {steps.map((step) => (
        <li
          key={step.status}
          part={`step step-${step.state}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
          className="flex items-start gap-3 pb-4"
        >
          <span
            aria-hidden="true"
            className={`mt-1 inline-flex h-4 w-4 shrink-0 rounded-full border-2 ${
              step.status === 'cancelled' ? 'border-red-700 bg-red-700' : step.state === 'upcoming' ? 'border-black/30 bg-white' : 'border-primary bg-primary'
            } ${step.state === 'current' ? 'ring-4 ring-black/10' : ''}`}
          />
          <span className="flex flex-col">
            <span part="step-label" className={step.state === 'upcoming' ? 'text-muted' : 'font-medium'}>
              {step.label}
              {step.state === 'done' && <span className="sr-only"> <Trans>(done)</Trans></span>}
              {/* Said in words too: not every screen reader reads aria-current in a list. */}
              {step.state === 'current' && <span className="sr-only"> <Trans>(current step)</Trans></span>}
            </span>
            {step.at && <time dateTime={step.at} className="text-sm text-muted">{formatOrderDate(step.at, locale)}</time>}
          </span>
        </li>
      ))}
    </ol>
  );
}
