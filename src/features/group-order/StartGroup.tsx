import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import type { GroupPayer } from '../../../contract/rules/group-orders.ts';
import { $primaryAddress } from '../../core/addresses/addresses.ts';
import { orderMode } from '../../core/cart/order-mode.ts';
import { $group, startGroup } from '../../core/group-orders/group-order.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

/** The deadlines offered, in minutes (0: none). */
const DEADLINES = [0, 15, 30, 60, 120] as const;

/**
 * Starting a group order at a store (the host, signed in): delivery to the customer's address or pickup (as
 * they order now), an optional deadline, and who pays. Then the group's panel, to share its link.
 */
export function StartGroupDialog({ storeId, open, onClose, onStarted }: { storeId: number; open: boolean; onClose: () => void; onStarted: () => void }) {
  const { t } = useLingui();
  const address = useStore($primaryAddress);
  const state = useStore($group);
  const ids = useId();
  const [payer, setPayer] = useState<GroupPayer>('host');
  const [deadline, setDeadline] = useState<number>(0);
  const mode = orderMode();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const view = await startGroup({
      restaurant_id: storeId,
      order_mode: mode,
      ...(mode === 'delivery' && address ? { shiping_id: address.id } : {}),
      payer,
      ...(deadline ? { deadline_at: new Date(Date.now() + deadline * 60_000).toISOString() } : {}),
    });
    if (view) onStarted();
  };
  const minutes = (value: number) => (value === 0 ? t`No deadline` : value === 60 ? t`In an hour` : value === 120 ? t`In two hours` : t`In ${value} minutes`);
  return (
    <Dialog open={open} onClose={onClose} title={<Trans>Start a group order</Trans>} part="start-group-dialog">
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <p className="m-0 text-sm">
          {mode === 'delivery'
            ? address ? <Trans>Delivered to <bdi>{address.addressLine}</bdi>.</Trans> : <Trans>Add a delivery address first, or order for pickup.</Trans>
            : <Trans>For pickup at the store.</Trans>}
        </p>
        <fieldset className="m-0 flex flex-col gap-2 border-0 p-0">
          <legend className="mb-1 font-medium"><Trans>Who pays?</Trans></legend>
          {(['host', 'each'] as const).map((value) => (
            <label key={value} className="flex min-h-[2.75rem] items-center gap-2">
              <input type="radio" name={`${ids}-payer`} value={value} checked={payer === value} onChange={() => setPayer(value)} />
              {value === 'host' ? t`I pay for everyone` : t`Everyone pays their own share`}
            </label>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1">
          <span className="font-medium"><Trans>The group locks</Trans></span>
          <select className="min-h-[2.75rem] rounded-sf border border-gray-500 bg-white px-2" value={deadline} onChange={(event) => setDeadline(Number(event.target.value))}>
            {DEADLINES.map((value) => <option key={value} value={value}>{minutes(value)}</option>)}
          </select>
        </label>
        {state.status === 'failed' && state.message && <p role="alert" className="m-0 text-sm text-red-700">{state.message}</p>}
        <Button type="submit" part="start-group" disabled={state.status === 'loading' || (mode === 'delivery' && !address)}>
          <Trans>Start and share the link</Trans>
        </Button>
      </form>
    </Dialog>
  );
}
