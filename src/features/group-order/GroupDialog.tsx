import { Trans } from '@lingui/react/macro';
import { Dialog } from '../../ui/Dialog.tsx';
import { GroupPanel } from './GroupPanel.tsx';

/** The group order beside the store's menu: a panel at the side, closed to go on adding to one's part. */
export function GroupDialog({ open, onClose, onNewGroup }: { open: boolean; onClose: () => void; onNewGroup: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={<Trans>Group order</Trans>} part="group-dialog" placement="end">
      <GroupPanel onNewGroup={onNewGroup} />
    </Dialog>
  );
}
