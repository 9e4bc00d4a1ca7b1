import type { SavedAddress } from '../../../contract/api/addresses.ts';
import { ADDRESS_TAGS, type AddressTag } from '../../../contract/constants.ts';

/**
 * A saved delivery address as the storefront works with it. The API's names (shiping_id,
 * adress_clarification, Shiping_address) stop at the wire: addressFromWire reads them once.
 */
export interface Address {
  /** The API's shiping_id. */
  id: number;
  /** Home, Office or Other (the API's adress_clarification). */
  label: AddressTag;
  flatNo: string;
  houseName: string;
  /** The street address line (the API's Shiping_address). */
  addressLine: string;
  landmark: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  zipCode: string;
  isPrimary: boolean;
}

/** A saved address as the API sends it, in the storefront's shape. */
export function addressFromWire(saved: SavedAddress): Address {
  return {
    id: Number(saved.shiping_id),
    label: ADDRESS_TAGS.includes(saved.adress_clarification) ? saved.adress_clarification : 'Home',
    flatNo: saved.flat_no ?? '',
    houseName: saved.house_name ?? '',
    addressLine: saved.Shiping_address ?? '',
    landmark: saved.landmark ?? '',
    latitude: Number(saved.latitude),
    longitude: Number(saved.longitude),
    city: saved.city ?? '',
    state: saved.state ?? '',
    zipCode: saved.zip_code ?? '',
    isPrimary: saved.is_primary === 1,
  };
}

/** The one-line delivery address: flat, house name and street, the empty parts left out. */
export function deliveryAddress(address: Pick<Address, 'flatNo' | 'houseName' | 'addressLine'>): string {
  return [address.flatNo, address.houseName, address.addressLine].map((part) => part.trim()).filter(Boolean).join(', ');
}
