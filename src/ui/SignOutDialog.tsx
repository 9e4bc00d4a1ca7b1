import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { signOut } from '../core/session/session.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/** "Are you sure you want to sign out?": Cancel, or sign out (after `onSigningOut`, e.g. closing a menu). */
export function SignOutDialog({ host, open, onClose, onSigningOut, title = <Trans>Sign out</Trans> }: {
  host: HTMLElement;
  open: boolean;
  onClose: () => void;
  onSigningOut?: () => void;
  title?: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      question={<Trans>Are you sure you want to sign out?</Trans>}
      confirmLabel={<Trans>Yes, sign out</Trans>}
      onClose={onClose}
      onConfirm={() => {
        onSigningOut?.();
        void signOut(host);
      }}
      part="confirm-dialog"
      confirmPart="confirm-sign-out"
    />
  );
}
