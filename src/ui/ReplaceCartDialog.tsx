import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export interface ReplaceCartDialogProps<Line> {
  /** The line waiting to be added (the dialog is open while there is one). */
  pending: Line | null;
  onClose: () => void;
  /** The customer chose to clear the cart and add `line`. */
  onReplace: (line: Line) => void;
}

/** "Start a new cart?": asked when an item comes from another store than the cart's. */
export function ReplaceCartDialog<Line>({ pending, onClose, onReplace }: ReplaceCartDialogProps<Line>) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      open={pending !== null}
      title={t`Start a new cart?`}
      question={<Trans>Your cart has items from another store. Clear the cart and add this item?</Trans>}
      confirmLabel={<Trans>Clear cart and add</Trans>}
      onClose={onClose}
      onConfirm={() => {
        if (pending !== null) onReplace(pending);
      }}
      part="replace-cart-dialog"
    />
  );
}
