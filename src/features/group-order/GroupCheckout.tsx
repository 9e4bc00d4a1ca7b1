import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { GroupView } from '../../../contract/api/group-orders.ts';
import { $groupBill, loadGroupBill, payMyShare, placeGroup, type GroupPayOutcome } from '../../core/group-orders/group-order.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { $isSignedIn } from '../../core/session/session-state.ts';
import { $moneyFormat } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { askToSignIn } from '../../ui/SignInPrompt.tsx';

/**
 * A locked group's bill and how it is paid: the whole order priced once, each person's share, and the
 * caller's part in paying: their own share (each pays), or placing the order as the host (covering shares
 * not paid yet). The server decides; this says what it said.
 */
export function GroupCheckout({ view, host }: { view: GroupView; host?: HTMLElement | undefined }) {
  const { t } = useLingui();
  const bill = useStore($groupBill);
  const money = useStore($moneyFormat);
  const signedIn = useStore($isSignedIn);
  const methodName = useId();
  const [method, setMethod] = useState<'cash' | 'wallet' | 'online'>(view.payer === 'each' ? 'wallet' : 'cash');
  const [outcome, setOutcome] = useState<GroupPayOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const isHost = view.me === view.host_member_id;
  const mine = view.parts.find((part) => part.is_me);

  useEffect(() => {
    void loadGroupBill();
  }, [view.version]);

  if (bill.status === 'failed') return <p role="alert" className="m-0 text-sm text-red-700">{bill.message}</p>;
  if (bill.status !== 'ready') return null;
  const { breakdown, shares } = bill.bill;
  const myShare = shares.find((share) => share.member_id === view.me);
  const unpaid = shares.filter((share) => share.share > 0 && view.parts.find((part) => part.member_id === share.member_id)?.payment.status !== 'paid');
  const returnUrl = location.href;

  const run = (action: () => Promise<GroupPayOutcome>) => async () => {
    setBusy(true);
    const result = await action();
    setBusy(false);
    if (result.kind === 'redirect') location.assign(result.url);
    else setOutcome(result);
    // Refused (a changed bill, a share paid meanwhile): the bill as it is now.
    if (result.kind === 'refused') void loadGroupBill();
  };
  const methods = (view.payer === 'each' ? ['wallet', 'online'] : ['cash', 'wallet', 'online']) as Array<'cash' | 'wallet' | 'online'>;
  const methodLabel = { cash: t`Cash`, wallet: t`Wallet`, online: t`Pay online` };

  return (
    <section part="group-bill" aria-label={t`The group's bill`} className="flex flex-col gap-3">
      <h3 className="m-0 text-base font-semibold"><Trans>The bill</Trans></h3>
      <ul part="group-shares" className="m-0 flex list-none flex-col gap-1 p-0">
        {shares.map((share) => {
          const payment = view.parts.find((part) => part.member_id === share.member_id)?.payment.status ?? 'unpaid';
          return (
            <li key={share.member_id} part="group-share" className="flex flex-wrap justify-between gap-x-2">
              <bdi>{share.name}</bdi>
              <span>
                {formatPrice(share.share, money)}
                {view.payer === 'each' && share.share > 0 && (
                  <span part="group-share-state" className="text-sm text-muted">
                    {' · '}{payment === 'paid' ? t`paid` : payment === 'pending' ? t`payment open` : payment === 'refunded' ? t`given back` : t`not paid yet`}
                  </span>
                )}
              </span>
            </li>
          );
        })}
        <li part="group-total" className="flex justify-between gap-2 border-t border-black/10 pt-1 font-semibold">
          <span><Trans>Total</Trans></span>
          <span>{formatPrice(breakdown.total, money)}</span>
        </li>
      </ul>
      {(view.payer === 'host' ? isHost : true) && (
        <fieldset className="m-0 flex flex-wrap gap-3 border-0 p-0">
          <legend className="mb-1 text-sm font-medium"><Trans>Pay with</Trans></legend>
          {methods.map((value) => (
            <label key={value} className="flex min-h-[2.75rem] items-center gap-2">
              <input type="radio" name={methodName} value={value} checked={method === value} onChange={() => setMethod(value)} />
              {methodLabel[value]}
            </label>
          ))}
        </fieldset>
      )}
      {view.payer === 'each' && mine && myShare && myShare.share > 0 && mine.payment.status !== 'paid' && (
        signedIn ? (
          <Button part="group-pay-share" disabled={busy || method === 'cash'} onClick={run(() => payMyShare(method === 'online' ? 'online' : 'wallet', myShare.share, returnUrl))}>
            <Trans>Pay my share, {formatPrice(myShare.share, money)}</Trans>
          </Button>
        ) : (
          <Button part="group-sign-in" onClick={() => askToSignIn(host, 'group-order')}><Trans>Sign in to pay your share</Trans></Button>
        )
      )}
      {isHost && (
        <Button part="group-place" disabled={busy} onClick={run(() => placeGroup(method, breakdown.total, returnUrl))}>
          {view.payer === 'each' && unpaid.length > 0 ? t`Cover the unpaid shares and place the order` : t`Place the group order`}
        </Button>
      )}
      {outcome?.kind === 'refused' && outcome.message && <p role="alert" className="m-0 text-sm text-red-700">{outcome.message}</p>}
    </section>
  );
}
