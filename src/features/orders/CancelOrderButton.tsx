import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { OrderDetail } from '../../../contract/api/orders.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { cancelOrder } from '../../core/orders/cancel.ts';
import { showError, showToast } from '../../core/platform/toast.ts';
import { $moneyFormat } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

/**
 * Cancel order, while the store has not taken it: asks first (saying what is paid goes back), then says
 * where the money went. The dialog's buttons are "Keep order" and "Cancel order", never a bare "Cancel".
 */
export function CancelOrderButton({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const money = useStore($moneyFormat);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const paid = order.payment_status === 'paid' && order.total > 0;

  const confirm = async () => {
    setBusy(true);
    const outcome = await cancelOrder(order.order_id);
    setBusy(false);
    setAsking(false);
    if (!outcome.ok) {
      showError(outcome.message, 6000);
      return;
    }
    const amount = formatPrice(outcome.cancelled.refund, money);
    const text = outcome.cancelled.refund_to === 'wallet'
      ? t`Your order has been cancelled. ${amount} is back in your wallet.`
      : outcome.cancelled.refund_to === 'provider'
        ? t`Your order has been cancelled. ${amount} will be refunded to the way you paid within a few days.`
        : t`Your order has been cancelled.`;
    showToast(text, { kind: 'success', durationMs: 8000 });
  };

  return (
    <>
      <Button part="cancel-order" variant="secondary" onClick={() => setAsking(true)}>
        <Trans>Cancel order</Trans>
      </Button>
      <Dialog open={asking} title={t`Cancel this order?`} onClose={() => setAsking(false)} part="cancel-order-dialog">
        <p className="m-0">
          {paid
            ? <Trans>The store has not started on it yet. The {formatPrice(order.total, money)} you paid will be refunded.</Trans>
            : <Trans>The store has not started on it yet.</Trans>}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button part="keep-order" variant="ghost" onClick={() => setAsking(false)}><Trans>Keep order</Trans></Button>
          <Button part="cancel-order-confirm" variant="danger" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
            <Trans>Cancel order</Trans>
          </Button>
        </div>
      </Dialog>
    </>
  );
}
