import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import { deliveryAddress } from '../../core/addresses/address.ts';
import { $addresses, $primaryAddress, tagLabel } from '../../core/addresses/addresses.ts';
import { chooseAddress } from '../../core/addresses/address-changes.ts';
import { emitHostEvent } from '../../core/platform/host-events.ts';
import { say } from '../../core/i18n/messages.ts';
import { LOCATION_MESSAGES } from '../../core/location/location-messages.ts';
import { $pickupDeliveryFlag } from '../../core/cart/order-mode.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { SavedAddressList } from '../../ui/SavedAddressList.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

/**
 * Asks the page's location modal to open (sf-location-open); without one on the page
 * the checkout's own list of saved addresses opens instead.
 */
export function useAddressChange(host: HTMLElement): { change: () => void; fallbackOpen: boolean; closeFallback: () => void } {
  const [fallbackOpen, setFallbackOpen] = useState(false);
  const change = () => {
    const detail: { reason: 'address'; handled?: boolean } = { reason: 'address' };
    emitHostEvent('sf-location-open', detail, host);
    if (!detail.handled) setFallbackOpen(true);
  };
  return { change, fallbackOpen, closeFallback: () => setFallbackOpen(false) };
}

export function SavedAddressDialog({ open, onClose, host }: { open: boolean; onClose: () => void; host: HTMLElement }) {
  const list = useStore($addresses);
  const primary = useStore($primaryAddress);
  const [busyId, setBusyId] = useState<number | null>(null);
  return (
    <Dialog open={open} title={say(LOCATION_MESSAGES.savedAddress)} onClose={onClose} part="address-dialog">
      {list.status === 'ready' && list.addresses.length === 0 && <p className="m-0">{say(LOCATION_MESSAGES.noAddressFound)}</p>}
      {list.status !== 'ready' && <Skeleton className="h-16 w-full" />}
      {list.status === 'ready' && list.addresses.length > 0 && (
        <SavedAddressList
          addresses={list.addresses}
          selectedId={primary?.id ?? null}
          busyId={busyId}
          onChoose={async (address) => {
            setBusyId(address.id);
            const chosen = await chooseAddress(address, host);
            setBusyId(null);
            if (chosen) onClose();
          }}
        />
      )}
      <div className="flex justify-end"><Button variant="ghost" onClick={onClose}><Trans>Close</Trans></Button></div>
    </Dialog>
  );
}

/** Delivery: the primary saved address with Change (or a way to add one); pickup: the store's address. */
export function AddressSection({ store, onChange }: { store: RestaurantDetail | null; onChange: () => void }) {
  const primary = useStore($primaryAddress);
  const list = useStore($addresses);
  const flag = useStore($pickupDeliveryFlag);
  if (flag === 0) {
    return (
      <div part="pickup-address" className="flex flex-col gap-1">
        <span className="font-semibold">{store?.name ?? ''}</span>
        <span className="text-sm text-muted">{store?.address ?? ''}</span>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      {primary ? (
        <div part="delivery-address" className="flex min-w-0 flex-col gap-1">
          <span className="font-semibold">{tagLabel(primary.label)}</span>
          <span className="text-sm text-muted"><bdi>{deliveryAddress(primary)}</bdi></span>
        </div>
      ) : list.status === 'ready' || list.status === 'failed' ? (
        <p part="no-address" className="m-0 text-sm text-red-700"><Trans>Add a delivery address to continue.</Trans></p>
      ) : (
        <Skeleton className="h-10 w-48" />
      )}
      <Button variant="secondary" part="change-address" aria-haspopup="dialog" onClick={onChange}>
        {primary ? <Trans>Change</Trans> : say(LOCATION_MESSAGES.addNewAddress)}
      </Button>
    </div>
  );
}
