import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { addressFromWire, deliveryAddress } from '../../core/addresses/address.ts';
import { callApi } from '../../core/api/client.ts';
import { INPUT_CLASS } from '../../ui/Field.tsx';

/**
 * The saved addresses as a choice (the subscription cart's Deliver to), the primary one first chosen. It
 * reads the list itself rather than through the address book's state: that module is shared by the
 * location picker of every page, and a further importer would split it into a file of its own there.
 */
export function AddressSelect({ id, value, onChange }: { id: string; value: number | null; onChange: (addressId: number | null) => void }) {
  const { t } = useLingui();
  const [list, setList] = useState<Array<{ id: number; text: string; primary: boolean }> | null>(null);
  useEffect(() => {
    let live = true;
    callApi('list_shiping_address', { devicetoken: '', devicetype: 'web', uniqueid: '', type: 'customer' })
      .then((response) => (response.code === 200 ? (response.Result ?? []).map(addressFromWire) : []))
      .catch(() => [])
      .then((addresses) => live && setList(addresses.map((address) => ({ id: address.id, text: deliveryAddress(address), primary: address.isPrimary }))));
    return () => {
      live = false;
    };
  }, []);
  const first = (list?.find((address) => address.primary) ?? list?.[0])?.id ?? null;
  const known = list?.some((address) => address.id === value) ?? false;
  useEffect(() => {
    if (first && !known) onChange(first);
  }, [first, known, onChange]);
  if (!list) return <p className="m-0 text-sm text-muted">{t`Loading…`}</p>;
  if (list.length === 0) return <p className="m-0 text-sm"><Trans>Add a delivery address first.</Trans></p>;
  return (
    <select id={id} part="address-select" className={INPUT_CLASS} value={value ?? ''} onChange={(event) => onChange(Number(event.currentTarget.value) || null)}>
      {list.map((address) => <option key={address.id} value={address.id}>{address.text}</option>)}
    </select>
  );
}
