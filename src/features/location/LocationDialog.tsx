import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Address } from '../../core/addresses/address.ts';
import type { AddressListState } from '../../core/addresses/addresses.ts';
import { chooseAddress } from '../../core/addresses/address-changes.ts';
import { MESSAGES, say } from '../../core/i18n/messages.ts';
import { LOCATION_MESSAGES } from '../../core/location/location-messages.ts';
import type { MapsLibraries, ResolvedPlace } from '../../core/location/maps.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { PlaceSearch } from '../../ui/PlaceSearch.tsx';
import { SavedAddressList } from '../../ui/SavedAddressList.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

export interface LocationDialogProps {
  open: boolean;
  onClose: () => void;
  /** Why the device position failed, shown above the buttons. */
  error: string;
  locating: boolean;
  onDetect: () => void;
  /** Google's libraries when the vendor has a key (the place search shows then). */
  libraries: MapsLibraries | null;
  onPick: (place: ResolvedPlace) => void;
  signedIn: boolean;
  list: AddressListState;
  selectedId: number | null;
  /** The element whose place changes (its events start there). */
  host: HTMLElement;
  /** A saved address was chosen (set primary, its place stored). */
  onChosen: () => void;
  onAdd: () => void;
}

/** The location modal: Detect current location, the place search, the saved addresses and Add New Address. */
export function LocationDialog({ open, onClose, error, locating, onDetect, libraries, onPick, signedIn, list, selectedId, host, onChosen, onAdd }: LocationDialogProps) {
  const { t } = useLingui();
  const [busyId, setBusyId] = useState<number | null>(null);
  const choose = async (saved: Address) => {
    setBusyId(saved.id);
    const chosen = await chooseAddress(saved, host);
    setBusyId(null);
    if (chosen) onChosen();
  };
  const addresses = list.status === 'ready' ? list.addresses : [];
  return (
    <Dialog open={open} title={t`Set Location`} onClose={onClose} part="location-dialog">
      {error && <p role="alert" part="location-error" className="m-0 rounded-sf bg-red-50 p-3 text-sm text-red-700">{error}</p>}
      <Button variant="secondary" onClick={onDetect} disabled={locating} part="detect">
        {locating ? <Trans>Finding your location…</Trans> : t`Detect current location`}
      </Button>
      {libraries && (
        <>
          <div className="flex items-center gap-3 text-sm text-muted" part="divider">
            <span className="h-px flex-1 bg-black/10" />
            <span>{t`OR`}</span>
            <span className="h-px flex-1 bg-black/10" />
          </div>
          <PlaceSearch libraries={libraries} label={<Trans>Search for your area or street</Trans>} listLabel={t`Suggested places`} onPick={onPick} />
        </>
      )}
      {signedIn && (
        <section className="flex flex-col gap-2" aria-labelledby="sf-saved-address-heading" part="saved">
          <h3 id="sf-saved-address-heading" className="m-0 text-base font-semibold">{say(LOCATION_MESSAGES.savedAddress)}</h3>
          {list.status === 'ready' && addresses.length > 0 && (
            <SavedAddressList addresses={addresses} selectedId={selectedId} busyId={busyId} onChoose={(saved) => void choose(saved)} />
          )}
          {list.status === 'ready' && addresses.length === 0 && <p className="m-0 text-sm text-muted" part="empty">{say(LOCATION_MESSAGES.noAddressFound)}</p>}
          {(list.status === 'loading' || list.status === 'idle') && <Skeleton className="h-16 w-full" />}
          {list.status === 'failed' && <p role="alert" className="m-0 text-sm">{say(MESSAGES.somethingWentWrongTryAgain)}</p>}
        </section>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <Button onClick={onAdd} aria-haspopup="dialog" part="add-address">{say(LOCATION_MESSAGES.addNewAddress)}</Button>
        <Button variant="ghost" onClick={onClose}><Trans>Close</Trans></Button>
      </div>
    </Dialog>
  );
}
