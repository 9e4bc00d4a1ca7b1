import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { signOut } from '../core/session/session.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

/** "Are you sure you want to sign out?": Cancel, or sign out (after `onSigningOut`, e.g. closing a menu). */
export function SignOutDialog({ host, open, onClose, onSigningOut, title = <Trans>Sign out</Trans> }: {
  host: HTMLElement;
  open: boolean;
  onClose: () => void;
  onSigningOut?: () => void;
  title?: ReactNode;
}) {
  return (
    <Dialog open={open} title={title} onClose={onClose} part="confirm-dialog">
      <p className="m-0">
        <Trans>Are you sure you want to sign out?</Trans>
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          variant="danger"
          part="confirm-sign-out"
          onClick={() => {
            onClose();
            onSigningOut?.();
            void signOut(host);
          }}
        >
          <Trans>Yes, sign out</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
