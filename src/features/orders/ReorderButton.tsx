import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { say } from '../../core/i18n/messages.ts';
import { ORDER_MESSAGES } from '../../core/cart/order-messages.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { applyReorder, fetchReorder, needsConfirmation, type ReorderPlan } from '../../core/orders/reorder.ts';
import { $moneyFormat } from '../../core/settings/settings.ts';
import { showError, showToast } from '../../core/platform/toast.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { joinList } from '../../core/i18n/locale.ts';

/**
 * Reorder: the order's lines at today's prices into the cart. Unavailable items are left
 * out with a notice, changed prices are shown before the customer confirms, and a cart of
 * another store is cleared only after asking. The cart drawer opens afterwards.
 */
export function ReorderButton({ host, orderId }: { host: HTMLElement; orderId: number }) {
  const { t } = useLingui();
  const money = useStore($moneyFormat);
  const [busy, setBusy] = useState(false);
  const [plan, setPlan] = useState<ReorderPlan | null>(null);

  const finish = (chosen: ReorderPlan) => {
    if (!applyReorder(chosen, { replace: chosen.otherStore, origin: host })) {
      setPlan({ ...chosen, otherStore: true }); // another store's items came into the cart meanwhile: ask
      return;
    }
    setPlan(null);
    showToast(t`The items are in your cart.`, { kind: 'success' });
    host.dispatchEvent(new CustomEvent('sf-cart-open', { bubbles: true, composed: true }));
  };

  const start = async () => {
    setBusy(true);
    const fetched = await fetchReorder(orderId);
    setBusy(false);
    if (!fetched.ok) {
      showError(fetched.message);
      return;
    }
    if (fetched.plan.lines.length === 0) {
      showError(t`None of the items of this order can be ordered now.`);
      return;
    }
    if (needsConfirmation(fetched.plan)) setPlan(fetched.plan);
    else finish(fetched.plan);
  };

  return (
    <>
      <Button part="reorder" disabled={busy} aria-busy={busy} onClick={() => void start()}>
        <Trans>Reorder</Trans>
      </Button>
      <Dialog open={plan !== null} title={t`Reorder`} onClose={() => setPlan(null)} part="reorder-dialog">
        {plan && (
          <div className="flex flex-col gap-3">
            {plan.unavailable.length > 0 && (
              <div part="reorder-unavailable" role="alert">
                <p className="m-0 font-medium">{say(ORDER_MESSAGES.itemsNotAvailable)}</p>
                <p className="m-0 text-sm text-muted"><Trans>Left out: {joinList(plan.unavailable, money.locale)}</Trans></p>
              </div>
            )}
            {plan.cut.length > 0 && (
              <ul part="reorder-cut" className="m-0 list-none p-0 text-sm">
                {plan.cut.map((cut) => (
                  <li key={cut.name}>
                    <Trans>{cut.name}: only {cut.added} of {cut.wanted} left</Trans>
                  </li>
                ))}
              </ul>
            )}
            {plan.changed.length > 0 && (
              <div part="reorder-prices">
                <p className="m-0 font-medium"><Trans>Some prices have changed since this order:</Trans></p>
                <ul className="m-0 list-none p-0 text-sm">
                  {plan.changed.map((change) => (
                    <li key={change.name} className="flex gap-2">
                      <span className="flex-1">{change.name}</span>
                      <s className="text-muted">{formatPrice(change.was, money)}</s>
                      <span className="font-semibold">{formatPrice(change.now, money)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {plan.otherStore && (
              <p part="reorder-other-store" className="m-0 font-medium">
                <Trans>Your cart has items from another store. Clear the cart and add these items?</Trans>
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Button variant="ghost" onClick={() => setPlan(null)}><Trans>Cancel</Trans></Button>
              <Button part="reorder-confirm" variant={plan.otherStore ? 'danger' : 'primary'} onClick={() => finish(plan)}>
                {plan.otherStore ? <Trans>Clear cart and add</Trans> : <Trans>Add to cart</Trans>}
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
