import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question, under the title. */
  question: ReactNode;
  /** The confirming button's label. */
  confirmLabel: ReactNode;
  onClose: () => void;
  /** The customer confirmed; called after the dialog is closed. */
  onConfirm: () => void;
  /** `::part` of the dialog. */
  part: string;
  /** `::part` of the confirming button. */
  confirmPart?: string;
}

/** "Are you sure?" before a step that cannot be undone: Cancel, or the confirming (danger) button. */
export function ConfirmDialog({ open, title, question, confirmLabel, onClose, onConfirm, part, confirmPart }: ConfirmDialogProps) {
  return (
    <Dialog open={open} title={title} onClose={onClose} part={part}>
      <p className="m-0">{question}</p>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          variant="danger"
          part={confirmPart}
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
