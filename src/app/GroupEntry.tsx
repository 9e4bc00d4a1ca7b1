import { useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { GROUP_LINK_PARAM } from '../../contract/rules/group-orders.ts';
import { $groupMembership, followGroup, refreshGroup } from '../core/group-orders/group-order.ts';
import { navigateToSignIn } from '../core/platform/router.ts';
import { $isSignedIn } from '../core/session/session-state.ts';
import { lazyPart } from '../ui/LazyPart.tsx';

const StartGroupDialog = lazyPart('start-group', () => import('../features/group-order/StartGroup.tsx').then((module) => module.StartGroupDialog));
const JoinGroupDialog = lazyPart('join-group', () => import('../features/group-order/JoinGroup.tsx').then((module) => module.JoinGroupDialog));
const GroupDialog = lazyPart('group-panel', () => import('../features/group-order/GroupDialog.tsx').then((module) => module.GroupDialog));

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
  const linked = typeof location === 'undefined' ? '' : new URLSearchParams(location.search).get(GROUP_LINK_PARAM) ?? '';
  const [dialog, setDialog] = useState<'none' | 'start' | 'join' | 'group'>(() => (linked && membership?.group !== linked ? 'join' : 'none'));
  const inGroupHere = membership?.restaurant_id === storeId;
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
      <GroupDialog wanted={dialog === 'group'} open={dialog === 'group'} onClose={close} />
    </div>
  );
}
