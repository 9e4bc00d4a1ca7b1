import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $locale } from '../../core/i18n/locale.ts';
import { formatOrderDate, statusLabel } from '../../core/orders/orders.ts';
import { orderStatusStore, retryOrderStatus, trackSteps, watchOrderStatus } from '../../core/orders/tracking.ts';
import { $settings } from '../../core/vendor/settings.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { followLink } from '../../ui/links.ts';
import { orderLink, type OrderCardProps } from './OrderCard.tsx';

/** get_order_status, refreshed every few seconds while the order is open: the steps of its mode as a progress list. */
export function OrderTracker({ host, orderId, detailsHref, ratingHref }: {
  host: HTMLElement;
  orderId: number;
  detailsHref: OrderCardProps['orderHref'];
  ratingHref: string;
}) {
  const { t } = useLingui();
  const state = useStore(orderStatusStore(orderId));
  const locale = useStore($locale);
  const productTypeId = useStore($settings)?.product_type?.id ?? null;

  useEffect(() => watchOrderStatus(orderId, { origin: host }), [orderId, host]);

  if (state.status === 'not-found') return <p part="not-found" className="m-0 py-8 text-center"><Trans>Order not found</Trans></p>;
  if (state.status === 'failed') return <LoadFailed onRetry={() => retryOrderStatus(orderId)} />;
  if (state.status !== 'ready') return <Skeleton className="h-64 w-full" />;

  const result = state.result;
  const steps = trackSteps(result, productTypeId);
  const details = orderLink(detailsHref, orderId);
  const rating = orderLink(ratingHref, orderId);
  const current = statusLabel(result.status, productTypeId);
  return (
    <section part="order-status" aria-label={t`Order #${orderId}`} className="flex flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h2 className="m-0 text-xl font-bold"><Trans>Order #{orderId}</Trans></h2>
        <p part="current-status" role="status" aria-live="polite" className="m-0 text-lg font-semibold">
          {current}
        </p>
      </header>
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
              </span>
              {step.at && <time dateTime={step.at} className="text-sm text-muted">{formatOrderDate(step.at, locale)}</time>}
            </span>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <a part="details-link" href={details} onClick={(event) => followLink(event, details)} className="rounded-sf border border-black/20 px-4 py-2 font-medium text-ink no-underline">
          <Trans>Order details</Trans>
        </a>
        {result.status === 'delivered' && (
          <a part="rate-link" href={rating} onClick={(event) => followLink(event, rating)} className="rounded-sf border border-black/20 px-4 py-2 font-medium text-ink no-underline">
            <Trans>Rate this order</Trans>
          </a>
        )}
      </div>
    </section>
  );
}
