import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

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
    <Dialog open={pending !== null} title={t`Start a new cart?`} onClose={onClose} part="replace-cart-dialog">
      <p className="m-0">
        <Trans>Your cart has items from another store. Clear the cart and add this item?</Trans>
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            onClose();
            if (pending !== null) onReplace(pending);
          }}
        >
          <Trans>Clear cart and add</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
