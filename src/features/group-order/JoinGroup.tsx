import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { GroupView } from '../../../contract/api/group-orders.ts';
import { GROUP_NAME_MAX } from '../../../contract/rules/group-orders.ts';
import { callApi } from '../../core/api/client.ts';
import { $cart, clearCart } from '../../core/cart/cart.ts';
import { joinGroup } from '../../core/group-orders/group-order.ts';
import { $isSignedIn } from '../../core/session/session-state.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, INPUT_CLASS } from '../../ui/Field.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { askToSignIn } from '../../ui/SignInPrompt.tsx';

/**
 * Joining a group order from its link (the store's menu with `?group=`): the group first (its host and
 * store), then joining signed in, or as a guest with a name (a guest signs in to pay). Joining with a cart
 * of another store empties the cart (in a group, the cart is the customer's part). Shown in a dialog.
 */
export function JoinGroupDialog({ group, open, onClose, onJoined }: { group: string; open: boolean; onClose: () => void; onJoined: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={<Trans>Join a group order</Trans>} part="join-group-dialog">
      {open && <JoinGroupForm group={group} onJoined={onJoined} />}
    </Dialog>
  );
}

/** The joining form itself: in the dialog on the full page, in `<sf-group-order>` on a vendor's page. */
export function JoinGroupForm({ group, onJoined, host }: { group: string; onJoined: () => void; host?: HTMLElement | undefined }) {
  const { t } = useLingui();
  const signedIn = useStore($isSignedIn);
  const ids = useId();
  const [name, setName] = useState('');
  const [preview, setPreview] = useState<GroupView | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void callApi('group-view', { group }).then(
      (answer) => current && answer.code === 200 && answer.Result && setPreview(answer.Result),
      (failure: unknown) => current && setError(failure instanceof Error ? failure.message : ''),
    );
    return () => {
      current = false;
    };
  }, [group]);

  const join = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    const view = await joinGroup(group, signedIn ? undefined : name.trim());
    setBusy(false);
    if (!view) return;
    // The cart is the member's part from now on: another store's lines have no place in it.
    if ($cart.get().some((line) => line.restaurant_id !== view.restaurant_id)) clearCart();
    onJoined();
  };
  const cartElsewhere = preview !== null && $cart.get().some((line) => line.restaurant_id !== preview.restaurant_id);
  const hostName = preview?.parts.find((part) => part.member_id === preview.host_member_id)?.name ?? '';
  return (
      <form part="group-join" className="flex flex-col gap-3 text-ink" onSubmit={(event) => void join(event)} noValidate>
        {preview && (
          <p part="group-preview" className="m-0">
            <Trans>{hostName} invites you to order together from {preview.restaurant_name}.</Trans>
          </p>
        )}
        {!signedIn && (
          <Field id={`${ids}-name`} label={<Trans>Your name</Trans>} hint={<Trans>The others and the store see it on your part. You sign in to pay.</Trans>}>
            <input id={`${ids}-name`} className={INPUT_CLASS} autoComplete="given-name" maxLength={GROUP_NAME_MAX} aria-describedby={`${ids}-name-hint`}
              value={name} onChange={(event) => setName(event.target.value)} />
          </Field>
        )}
        {cartElsewhere && <p className="m-0 text-sm"><Trans>Your cart from another store will be emptied: in the group, your cart is your part.</Trans></p>}
        {error && <p role="alert" className="m-0 text-sm text-red-700">{error}</p>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" part="group-join-button" disabled={busy || !preview || (!signedIn && !name.trim())}>
            {signedIn ? t`Join the group` : t`Join as a guest`}
          </Button>
          {!signedIn && (
            <Button part="group-join-sign-in" variant="ghost" className="border border-black/20" onClick={() => askToSignIn(host, 'group-order')}>
              <Trans>Sign in</Trans>
            </Button>
          )}
        </div>
      </form>
  );
}
