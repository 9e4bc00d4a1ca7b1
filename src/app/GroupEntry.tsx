import { useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { GROUP_LINK_PARAM } from '../../contract/rules/group-orders.ts';
import { $groupMembership, followGroup, refreshGroup } from '../core/group-orders/group-order.ts';
import { navigateToSignIn } from '../core/platform/router.ts';
import { $isSignedIn } from '../core/session/session-state.ts';
import { GroupDialog, JoinGroupDialog, StartGroupDialog } from '../features/group-order/lazy-parts.ts';

/**
 * A store's menu on the full page offers ordering together (docs/behaviour.md#group-orders): its link (the
 * menu with `?group=`) asks to join; a customer in a group at this store opens it beside the menu (and
 * their cart, their part, goes to the group as it changes); anyone else starts one (a guest signs in first).
 */
export function GroupEntry({ storeId }: { storeId: number }) {
  const { t } = useLingui();
  const membership = useStore($groupMembership);
  const signedIn = useStore($isSignedIn);
  // (Drawn on the server too, where there is no address to read.)
  const query = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  const linked = query.get(GROUP_LINK_PARAM) ?? '';
  const inGroupHere = membership?.restaurant_id === storeId;
  // The link asks to join; back from paying a share, the group shows what it came to.
  const [dialog, setDialog] = useState<'none' | 'start' | 'join' | 'group'>(() => (
    linked && membership?.group !== linked ? 'join' : inGroupHere && query.has('share') ? 'group' : 'none'
  ));
  useEffect(() => {
    if (!inGroupHere) return undefined;
    void refreshGroup();
    return followGroup();
  }, [inGroupHere]);
  const close = () => setDialog('none');
  return (
    <div className="text-sm">
      <button
        type="button" part={inGroupHere ? 'group-button' : 'start-group-button'} className="min-h-[1.5rem] text-primary underline underline-offset-2"
        onClick={() => (inGroupHere ? setDialog('group') : signedIn ? setDialog('start') : navigateToSignIn(location.pathname))}
      >
        {inGroupHere ? t`Your group order` : t`Order with others: start a group order`}
      </button>
      <StartGroupDialog wanted={dialog === 'start'} storeId={storeId} open={dialog === 'start'} onClose={close} onStarted={() => setDialog('group')} />
      <JoinGroupDialog wanted={dialog === 'join'} group={linked} open={dialog === 'join'} onClose={close} onJoined={() => setDialog('group')} />
      <GroupDialog wanted={dialog === 'group'} open={dialog === 'group'} onClose={close} onNewGroup={() => setDialog('start')} />
    </div>
  );
}
