import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { GROUP_LINK_PARAM } from '../../../contract/rules/group-orders.ts';
import { $groupMembership, refreshGroup } from '../../core/group-orders/group-order.ts';
import { $isSignedIn } from '../../core/session/session-state.ts';
import { Button } from '../../ui/Button.tsx';
import { askToSignIn } from '../../ui/SignInPrompt.tsx';
import { GroupPanel } from './GroupPanel.tsx';
import { JoinGroupForm } from './JoinGroup.tsx';
import { StartGroupDialog } from './lazy-parts.ts';

export interface GroupOrderProps {
  host: HTMLElement;
  /** The store a group is started at (its row id); 0: none, the element then only joins and shows groups. */
  storeId: number;
  /** The page the others join on; default this page. */
  joinPage?: string | undefined;
  /** The host's link to the order placed; `{id}` is the order id. */
  orderHref?: string | undefined;
}

/**
 * The group order on a vendor's own page (`<sf-group-order>`, docs/behaviour.md#group-orders): the group
 * this browser is in, as its panel; else, opened from a group's link (`?group=`), joining it; else, at a
 * store, starting one (a guest is asked to sign in first).
 */
export function GroupOrder({ host, storeId, joinPage, orderHref }: GroupOrderProps) {
  const { t } = useLingui();
  const membership = useStore($groupMembership);
  const signedIn = useStore($isSignedIn);
  const [starting, setStarting] = useState(false);
  const linked = new URLSearchParams(location.search).get(GROUP_LINK_PARAM) ?? '';
  const member = membership !== null && (!linked || membership.group === linked) && (!storeId || membership.restaurant_id === storeId || linked !== '');
  const page = joinPage || location.href;
  useEffect(() => {
    if (member) void refreshGroup();
  }, [member]);

  if (member) return <GroupPanel host={host} joinPage={page} orderHref={orderHref} onNewGroup={storeId ? () => setStarting(true) : undefined} />;
  if (linked) {
    return (
      <section part="group-join-section" aria-label={t`Join a group order`} className="flex flex-col gap-2 text-ink">
        <h2 className="m-0 text-lg font-bold"><Trans>Join a group order</Trans></h2>
        <JoinGroupForm group={linked} host={host} onJoined={() => undefined} />
      </section>
    );
  }
  if (!storeId) return null;
  return (
    <>
      <Button part="start-group-button" variant="secondary" onClick={() => (signedIn ? setStarting(true) : askToSignIn(host, 'group-order'))}>
        <Trans>Order with others: start a group order</Trans>
      </Button>
      <StartGroupDialog wanted={starting} storeId={storeId} open={starting} onClose={() => setStarting(false)} onStarted={() => setStarting(false)} />
    </>
  );
}
