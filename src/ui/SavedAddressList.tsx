import type { Address } from '../core/addresses/address.ts';
import { tagLabel } from '../core/addresses/addresses.ts';
import { Trans } from '@lingui/react/macro';

/** The customer's saved addresses as choices in the location modal, the chosen one marked CURRENTLY SELECTED. */
export function SavedAddressList({ addresses, selectedId, onChoose, busyId }: { addresses: Address[]; selectedId: number | null; onChoose: (address: Address) => void; busyId: number | null }) {
  return (
    <ul className="m-0 flex list-none flex-col gap-2 p-0" part="saved-list">
      {addresses.map((address) => {
        const selected = address.id === selectedId;
        return (
          <li key={address.id}>
            <button
              type="button"
              part="saved-address"
              aria-current={selected ? 'true' : undefined}
              disabled={busyId !== null}
              onClick={() => onChoose(address)}
              className={`flex w-full flex-col gap-1 rounded-sf border bg-white p-3 text-start text-ink ${selected ? 'border-primary' : 'border-black/20 hover:bg-black/5'}`}
            >
              <span className="flex w-full flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{tagLabel(address.label)}</span>
                {selected && <span className="text-xs font-semibold text-primary" part="currently-selected"><Trans>CURRENTLY SELECTED</Trans></span>}
              </span>
              {address.flatNo && <span className="text-sm">{address.flatNo}</span>}
              {address.houseName && <span className="text-sm">{address.houseName}</span>}
              <span className="text-sm text-muted"><bdi>{address.addressLine}</bdi></span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
