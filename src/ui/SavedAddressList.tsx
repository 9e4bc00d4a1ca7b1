import type { SavedAddress } from '../../contract/api/addresses.ts';
import { tagLabel } from '../core/addresses/addresses.ts';
import { say } from '../core/i18n/messages.ts';

/** The customer's saved addresses as choices (SPEC §2 location modal), the chosen one marked CURRENTLY SELECTED. */
export function SavedAddressList({ addresses, selectedId, onChoose, busyId }: { addresses: SavedAddress[]; selectedId: number | null; onChoose: (address: SavedAddress) => void; busyId: number | null }) {
  return (
    <ul className="m-0 flex list-none flex-col gap-2 p-0" part="saved-list">
      {addresses.map((address) => {
        const selected = address.shiping_id === selectedId;
        return (
          <li key={address.shiping_id}>
            <button
              type="button"
              part="saved-address"
              aria-current={selected ? 'true' : undefined}
              disabled={busyId !== null}
              onClick={() => onChoose(address)}
              className={`flex w-full flex-col gap-1 rounded-sf border bg-white p-3 text-start text-ink ${selected ? 'border-primary' : 'border-black/20 hover:bg-black/5'}`}
            >
              <span className="flex w-full flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{tagLabel(address.adress_clarification)}</span>
                {selected && <span className="text-xs font-semibold text-primary" part="currently-selected">{say('currentlySelected')}</span>}
              </span>
              {address.flat_no && <span className="text-sm">{address.flat_no}</span>}
              {address.house_name && <span className="text-sm">{address.house_name}</span>}
              <span className="text-sm text-muted">{address.Shiping_address}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
