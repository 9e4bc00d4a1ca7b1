import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FIRST_PERIOD_DAYS } from '../../../contract/rules/subscriptions.ts';
import { $locale } from '../../core/i18n/locale.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { formatOrderDate } from '../../core/orders/orders.ts';
import { showError, showToast } from '../../core/platform/toast.ts';
import {
  $subscriptionDraft, $subscriptionReview, formatDay, frequencyLabel, reviewDraft, subscribe, updateDraft,
} from '../../core/subscriptions/subscriptions.ts';
import { $moneyFormat, $taxName } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { INPUT_CLASS } from '../../ui/Field.tsx';
import { ScreenHeading } from '../../ui/headings.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

/**
 * review-subscription: the server's bill of one delivery and of the first 30 days, the promo code checked,
 * when the first order is created, and Subscribe (paid from the wallet at each delivery's cut-off).
 */
export function ReviewSubscription({ onEdit, onSubscribed, inDialog = false }: { onEdit: () => void; onSubscribed: (subscriptionId: number) => void; inDialog?: boolean }) {
  const { t } = useLingui();
  const draft = useStore($subscriptionDraft);
  const review = useStore($subscriptionReview);
  const money = useStore($moneyFormat);
  const taxName = useStore($taxName);
  const locale = useStore($locale);
  const [code, setCode] = useState(draft?.coupon_code ?? '');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const key = draft ? JSON.stringify({ ...draft, idempotency_key: '' }) : '';
  useEffect(() => void reviewDraft(), [key]);

  if (!draft) {
    return (
      <section part="review-subscription" className="flex flex-col gap-3">
        <ScreenHeading className="m-0 text-2xl font-bold"><Trans>Review subscription</Trans></ScreenHeading>
        <p part="empty" className="m-0 text-muted"><Trans>Nothing to subscribe to yet. Choose Subscribe beside an item on a store's menu.</Trans></p>
      </section>
    );
  }
  const price = (value: number) => formatPrice(value, money);
  const applyCode = (event: FormEvent) => {
    event.preventDefault();
    updateDraft({ coupon_code: code.trim() });
  };
  const confirm = async () => {
    setBusy(true);
    const outcome = await subscribe();
    setBusy(false);
    if (!outcome.ok) {
      showError(outcome.message, 6000);
      return;
    }
    showToast(t`You have subscribed. The first order is created before ${formatDay(outcome.subscription.next_date, locale)}.`, { kind: 'success', durationMs: 8000 });
    onSubscribed(outcome.subscription.subscription_id);
  };

  return (
    <section part="review-subscription" aria-label={t`Review subscription`} className="flex flex-col gap-4">
      {!inDialog && <ScreenHeading className="m-0 text-2xl font-bold"><Trans>Review subscription</Trans></ScreenHeading>}
      <dl part="plan" className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted"><Trans>Item</Trans></dt>
        <dd className="m-0">{draft.quantity} × {draft.item.name} · {draft.store_name}</dd>
        <dt className="text-muted"><Trans>How often</Trans></dt>
        <dd part="frequency" className="m-0">{frequencyLabel(draft, locale)}</dd>
        <dt className="text-muted"><Trans>Delivery time</Trans></dt>
        <dd className="m-0"><span dir="ltr">{draft.slot}</span></dd>
      </dl>
      <Button variant="secondary" part="edit" className="w-fit" onClick={onEdit}><Trans>Change</Trans></Button>

      {review.status === 'refused' && <p part="review-error" role="alert" className="m-0 text-red-700">{review.message}</p>}
      {(review.status === 'loading' || review.status === 'idle') && <Skeleton className="h-40 w-full" />}
      {review.status === 'ready' && (
        <>
          <dl part="bill" aria-live="polite" className="m-0 flex flex-col gap-1">
            <Row label={<Trans>Item total</Trans>} value={price(review.bill.delivery.item_total)} />
            <Row label={review.bill.delivery.tax_name || taxName} value={price(review.bill.delivery.tax)} />
            {review.bill.delivery.packaging_charge > 0 && <Row label={<Trans>Packaging charge</Trans>} value={price(review.bill.delivery.packaging_charge)} />}
            {draft.order_mode === 'delivery' && <Row label={<Trans>Delivery charge</Trans>} value={price(review.bill.delivery.delivery_charge)} />}
            {review.bill.delivery.discount > 0 && <Row label={<Trans>Discount ({review.bill.delivery.coupon_code})</Trans>} value={`−${price(review.bill.delivery.discount)}`} />}
            <Row part="per-delivery" strong label={<Trans>Each delivery</Trans>} value={price(review.bill.delivery.total)} />
            <Row part="first-period" label={<Trans>First {FIRST_PERIOD_DAYS} days: {review.bill.first_period_deliveries} deliveries</Trans>} value={price(review.bill.first_period_total)} />
          </dl>
          <p part="first-delivery" className="m-0 text-sm">
            <Trans>First delivery {formatDay(review.bill.first_date, locale)}; its order is created {formatOrderDate(review.bill.first_cutoff_at, locale)}.</Trans>
          </p>
          <p part="wallet-note" className="m-0 text-sm text-muted">
            <Trans>Each delivery is paid from your wallet when its order is created (your wallet: {price(review.bill.delivery.wallet_amount)}). A delivery the wallet cannot pay is skipped and you are told.</Trans>
          </p>
        </>
      )}

      <form onSubmit={applyCode} className="flex items-end gap-2">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={`${id}-code`} className="text-sm font-medium"><Trans>Promo code</Trans></label>
          <input id={`${id}-code`} part="promo-input" className={INPUT_CLASS} value={code} maxLength={50} autoComplete="off"
            aria-describedby={review.status === 'ready' && review.couponMessage ? `${id}-code-error` : undefined}
            onInput={(event) => setCode(event.currentTarget.value)} />
        </div>
        <Button variant="secondary" type="submit" part="promo-apply"><Trans>Apply</Trans></Button>
      </form>
      {review.status === 'ready' && review.couponMessage && <p id={`${id}-code-error`} part="promo-error" role="alert" className="m-0 text-sm text-red-700">{review.couponMessage}</p>}

      <Button part="subscribe" disabled={busy || review.status !== 'ready' || Boolean(review.couponMessage)} aria-busy={busy} onClick={() => void confirm()}>
        <Trans>Subscribe</Trans>
      </Button>
    </section>
  );
}

function Row({ label, value, part, strong = false }: { label: React.ReactNode; value: string; part?: string; strong?: boolean }) {
  return (
    <div part={part} className={`flex gap-3 ${strong ? 'border-t border-black/10 pt-2 text-lg font-semibold' : ''}`}>
      <dt className="m-0 flex-1">{label}</dt>
      <dd className="m-0">{value}</dd>
    </div>
  );
}
