/**
 * The customer's saved delivery addresses. The API's field names (shiping_id,
 * adress_clarification, Shiping_address) are kept as they are on the wire; the storefront
 * maps them to its own names where it reads them.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { AddressTag } from '../constants.ts';
import { BaseFields, BaseRequest, Latitude, Longitude, post, RowId, SentUserId, Text, type Envelope } from './common.ts';


export interface SavedAddress {
  shiping_id: number;
  adress_clarification: AddressTag;
  flat_no: string;
  house_name: string;
  Shiping_address: string;
  landmark: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  zip_code: string;
  is_primary: 0 | 1;
}

/** set_primary_address: the store serving the address (null when none). */
export interface SetPrimaryAddressResult {
  restaurant_id: number | null;
}

// The form's fields are checked one by one on the server with the texts the customer reads
// ('Please enter address', 'Flat number must be a number', …), so the schema only fixes their types and bounds.
// A number is kept as its text (a flat or zip code sent as 12).
const formText = Type.Optional(Type.Union([Text({ maxLength: 1000 }), Type.Number({ minimum: -1e15, maximum: 1e15 })]));
const formCoordinate = (range: typeof Latitude | typeof Longitude) => Type.Optional(Type.Union([range, Text({ maxLength: 40 })]));

const addressForm = {
  ...BaseFields,
  address: formText,
  /** Home (the default), Office or Other. */
  address_clarification: Type.Optional(Text({ maxLength: 20 })),
  flat_no: formText,
  house_name: formText,
  landmark: formText,
  city: formText,
  state: formText,
  zip_code: formText,
  latitude: formCoordinate(Latitude),
  longitude: formCoordinate(Longitude),
};

/** add_shiping_address: the new-address form (JSON or a urlencoded form post). */
export const NewAddressRequest = Type.Object(addressForm);
export type NewAddressRequest = Static<typeof NewAddressRequest>;

/** update_shiping_address: the fields to change; those left out keep their stored values. */
export const UpdateAddressRequest = Type.Object({ ...addressForm, shiping_id: RowId });
export type UpdateAddressRequest = Static<typeof UpdateAddressRequest>;

export const AddressIdRequest = Type.Object({ ...BaseFields, shiping_id: RowId });
export type AddressIdRequest = Static<typeof AddressIdRequest>;

export const SetPrimaryAddressRequest = Type.Object({
  ...BaseFields,
  address_id: RowId,
  /** Sent by storefronts; the customer is the bearer token's. */
  user_id: Type.Optional(SentUserId),
});
export type SetPrimaryAddressRequest = Static<typeof SetPrimaryAddressRequest>;

/** The saved addresses; storefronts also send their device fields, which the server does not use. */
export const ListAddressesRequest = Type.Object({
  ...BaseFields,
  devicetoken: Type.Optional(Text({ maxLength: 500 })),
  devicetype: Type.Optional(Text({ maxLength: 20 })),
  uniqueid: Type.Optional(Text({ maxLength: 200 })),
  type: Type.Optional(Text({ maxLength: 20 })),
});
export type ListAddressesRequest = Static<typeof ListAddressesRequest>;

export const addressCalls = {
  /** code 101 'No Address Found' (with an empty list) when there are none. */
  list_shiping_address: post(ListAddressesRequest).answers<Envelope<SavedAddress[]>>(),
  get_user_address: post(ListAddressesRequest).answers<Envelope<SavedAddress[]>>(),
  /** The saved address; code 101 when the customer already has the most addresses allowed. */
  add_shiping_address: post(NewAddressRequest).answers<Envelope<SavedAddress>>(),
  update_shiping_address: post(UpdateAddressRequest).answers<Envelope<SavedAddress>>(),
  delete_shiping_address: post(AddressIdRequest).answers<Envelope>(),
  set_primary_address: post(SetPrimaryAddressRequest).answers<Envelope<SetPrimaryAddressResult>>(),
  /** code 101 when none is primary. */
  get_user_primary_address: post(BaseRequest).answers<Envelope<SavedAddress>>(),
} as const;
