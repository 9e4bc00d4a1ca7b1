import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { say } from '../core/i18n/messages.ts';
import { LOCATION_MESSAGES } from '../core/location/location-messages.ts';
import { ORDER_MESSAGES } from '../core/cart/order-messages.ts';
import { SCREEN_MESSAGES } from '../core/i18n/screen-messages.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

/**
 * The generic alert modal. Variants: 'clear-cart' (confirm or cancel clearing),
 * 'address' (no delivery address: a button to add one), 'schedule' (date and time
 * required), 'place-order' (confirm the order) and 'default' (a message and OK).
 */
export type AlertVariant = 'clear-cart' | 'address' | 'schedule' | 'place-order' | 'default';

export interface AlertModalProps {
  open: boolean;
  variant?: AlertVariant;
  /** The text; each variant has its own when left out. */
  message?: ReactNode;
  title?: ReactNode;
  /** The confirming action (clear, add address, place order); OK-only variants just close. */
  onConfirm?: () => void;
  onClose: () => void;
  /** `::part` of the dialog. */
  part?: string;
  /** `::part` of the confirming button. */
  confirmPart?: string;
  /** Extra content under the message (e.g. the lines to remove). */
  children?: ReactNode;
  /** The confirm button is busy (e.g. placing). */
  busy?: boolean;
}

export function AlertModal({
  open, variant = 'default', message, title, onConfirm, onClose, part = 'alert-dialog', confirmPart = 'alert-confirm', children, busy = false,
}: AlertModalProps) {
  const { t } = useLingui();
  const texts: Record<AlertVariant, { title: string; message: ReactNode; confirm: string | null; danger?: boolean }> = {
    'clear-cart': { title: say(ORDER_MESSAGES.clearCart), message: t`Are you sure you want to clear cart?`, confirm: say(ORDER_MESSAGES.clearCart), danger: true },
    address: { title: say(SCREEN_MESSAGES.deliveryAddress), message: t`Please add a delivery address to continue.`, confirm: say(LOCATION_MESSAGES.addNewAddress) },
    schedule: { title: t`Schedule`, message: say(ORDER_MESSAGES.selectDateTime), confirm: null },
    'place-order': { title: t`Place order`, message: t`Are you sure you want to place this order?`, confirm: t`Place order` },
    default: { title: t`Notice`, message: '', confirm: null },
  };
  const text = texts[variant];
  return (
    <Dialog open={open} title={title ?? text.title} onClose={onClose} part={part}>
      <div role={variant === 'default' || variant === 'schedule' ? 'alert' : undefined} className="m-0">
        {message ?? text.message}
      </div>
      {children}
      <div className="flex flex-wrap justify-end gap-2">
        {text.confirm && onConfirm ? (
          <>
            <Button variant="ghost" onClick={onClose} part="alert-cancel">
              <Trans>Cancel</Trans>
            </Button>
            <Button variant={text.danger ? 'danger' : 'primary'} part={confirmPart} disabled={busy} onClick={onConfirm}>
              {text.confirm}
            </Button>
          </>
        ) : (
          <Button onClick={onClose} part="alert-ok">
            <Trans>OK</Trans>
          </Button>
        )}
      </div>
    </Dialog>
  );
}
