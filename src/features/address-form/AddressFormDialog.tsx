import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { say } from '../../core/i18n/messages.ts';
import { LOCATION_MESSAGES } from '../../core/location/location-messages.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { AddressForm, type AddressFormProps } from './AddressForm.tsx';

export interface AddressFormDialogProps extends Omit<AddressFormProps, 'mode' | 'onDone'> {
  open: boolean;
  onClose: () => void;
}

/** The address form inside a dialog (the location modal's Add New Address, `<sf-address-form mode="modal">`). */
export function AddressFormDialog({ open, onClose, ...props }: AddressFormDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      title={props.addressId !== undefined ? t`Update address` : say(LOCATION_MESSAGES.addNewAddress)}
      onClose={onClose}
      part="address-dialog"
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      <AddressForm {...props} mode="modal" onDone={onClose} />
      <div className="flex justify-end">
        <Button variant="ghost" onClick={onClose}><Trans>Close</Trans></Button>
      </div>
    </Dialog>
  );
}

/** `<sf-address-form mode="modal">`: a button that opens the form in a dialog. */
export function AddressFormModal(props: Omit<AddressFormProps, 'mode' | 'onDone'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog" part="open">
        {props.addressId !== undefined ? <Trans>Update address</Trans> : say(LOCATION_MESSAGES.addNewAddress)}
      </Button>
      <AddressFormDialog {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
