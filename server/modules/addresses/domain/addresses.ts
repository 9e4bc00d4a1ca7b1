import type pg from 'pg';
import type { SavedAddress } from '../../../../contract/api/addresses.ts';
import { ADDRESS_TAGS, type AddressTag } from '../../../../contract/constants.ts';
import type { Db } from '../../../db/pool.ts';
import { REFUSAL_TEXTS } from '../../../../contract/rules/refusals.ts';

export const MAX_ADDRESSES = 20;
export const ADDRESS_MSG = {
  none: REFUSAL_TEXTS['address.none'],
  notFound: 'Address not found',
  saved: 'Address saved',
  updated: 'Address updated',
  deleted: 'Address deleted',
  primary: 'Primary address updated',
  tooMany: `You can save up to ${MAX_ADDRESSES} addresses. Please delete one to add another.`,
} as const;


export type AddressCheck = { ok: true; value: AddressInput } | { ok: false; errors: Record<string, string[]> };

/** A checked address, ready to store. */
export interface AddressInput {
  label: AddressTag;
  flat_no: string;
  house_name: string;
  landmark: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  latitude: number;
  longitude: number;
}


function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function coordinate(value: unknown, limit: number): number | undefined | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined;
}

const LIMITS: Record<'house_name' | 'landmark' | 'city' | 'state' | 'zip_code', [number, string]> = {
  house_name: [100, 'House/Building name must be at most 100 characters'],
  landmark: [200, 'Landmark must be at most 200 characters'],
  city: [100, 'City must be at most 100 characters'],
  state: [100, 'State must be at most 100 characters'],
  zip_code: [20, 'Zip code must be at most 20 characters'],
};

/**
 * Checks the new-address form field by field, with the messages the customer reads.
 * Numbers and numeric strings are accepted where the contract allows both.
 */
export function checkAddress(body: Record<string, unknown>): AddressCheck {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => void (errors[field] ??= []).push(message);

  const address = text(body.address);
  if (!address) fail('address', REFUSAL_TEXTS['address.required']);
  else if (address.length > 500) fail('address', 'Address must be at most 500 characters');

  const latitude = coordinate(body.latitude, 90);
  if (latitude === null) fail('latitude', 'Please choose the location on the map');
  else if (latitude === undefined) fail('latitude', 'Latitude must be between -90 and 90');
  const longitude = coordinate(body.longitude, 180);
  if (longitude === null) fail('longitude', 'Please choose the location on the map');
  else if (longitude === undefined) fail('longitude', 'Longitude must be between -180 and 180');

  const tagText = text(body.address_clarification ?? body.adress_clarification);
  const label = tagText ? ADDRESS_TAGS.find((t) => t.toLowerCase() === tagText.toLowerCase()) : 'Home';
  if (!label) fail('address_clarification', 'Address type must be Home, Office or Other');

  const flat = text(body.flat_no);
  if (flat === undefined) fail('flat_no', 'Flat number must be a number');
  else if (flat) {
    if (!/\p{Nd}/u.test(flat)) fail('flat_no', 'Flat number must be a number');
    else if (flat.length > 20) fail('flat_no', 'Flat number must be at most 20 characters');
    else if (!/^[\p{L}\p{Nd} /-]+$/u.test(flat)) fail('flat_no', 'Flat number may only contain letters, digits, spaces, - and /');
  }

  const rest: Partial<Record<keyof typeof LIMITS, string>> = {};
  for (const [field, [max, message]] of Object.entries(LIMITS) as Array<[keyof typeof LIMITS, [number, string]]>) {
    const value = text(body[field]);
    if (value === undefined) fail(field, `${field} must be text`);
    else if (value.length > max) fail(field, message);
    else rest[field] = value;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      label: label as AddressTag,
      flat_no: flat ?? '',
      house_name: rest.house_name ?? '',
      landmark: rest.landmark ?? '',
      address: address ?? '',
      city: rest.city ?? '',
      state: rest.state ?? '',
      zip_code: rest.zip_code ?? '',
      latitude: latitude as number,
      longitude: longitude as number,
    },
  };
}

interface AddressRow extends AddressInput {
  id: number;
  is_primary: boolean;
}

/** The saved address `a` as one line: flat number, building and street, joined like the storefront's deliveryAddress. */
export function addressTextSql(a: string): string {
  return `concat_ws(', ', nullif(${a}.flat_no, ''), nullif(${a}.house_name, ''), ${a}.address)`;
}

const COLUMNS = 'id, label, flat_no, house_name, landmark, address, city, state, zip_code, latitude, longitude, is_primary';

export function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    shiping_id: row.id,
    adress_clarification: row.label,
    flat_no: row.flat_no,
    house_name: row.house_name,
    Shiping_address: row.address,
    landmark: row.landmark,
    latitude: row.latitude,
    longitude: row.longitude,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    is_primary: row.is_primary ? 1 : 0,
  };
}

/** The form fields of a stored address, so an update can merge a partial body over them. */
export function toFormFields(row: SavedAddress): Record<string, unknown> {
  return {
    address: row.Shiping_address, latitude: row.latitude, longitude: row.longitude, address_clarification: row.adress_clarification,
    flat_no: row.flat_no, house_name: row.house_name, landmark: row.landmark, city: row.city, state: row.state, zip_code: row.zip_code,
  };
}

export interface Owner {
  vendorId: number;
  userId: number;
}

export async function listAddresses(db: Db, o: Owner): Promise<SavedAddress[]> {
  const { rows } = await db.query<AddressRow>(
    `SELECT ${COLUMNS} FROM addresses WHERE vendor_id = $1 AND user_id = $2 AND deleted_at IS NULL
     ORDER BY is_primary DESC, id DESC`,
    [o.vendorId, o.userId],
  );
  return rows.map(toSavedAddress);
}

export async function findAddress(db: Db | pg.PoolClient, o: Owner, id: number): Promise<SavedAddress | undefined> {
  const { rows } = await db.query<AddressRow>(
    `SELECT ${COLUMNS} FROM addresses WHERE vendor_id = $1 AND user_id = $2 AND id = $3 AND deleted_at IS NULL`,
    [o.vendorId, o.userId, id],
  );
  return rows[0] && toSavedAddress(rows[0]);
}

export async function primaryAddress(db: Db, o: Owner): Promise<SavedAddress | undefined> {
  const { rows } = await db.query<AddressRow>(
    `SELECT ${COLUMNS} FROM addresses WHERE vendor_id = $1 AND user_id = $2 AND is_primary AND deleted_at IS NULL`,
    [o.vendorId, o.userId],
  );
  return rows[0] && toSavedAddress(rows[0]);
}

/** Serialises address writes of one customer (the user row lock), so limits and the one primary hold under races. */
export async function lockOwner(c: pg.PoolClient, o: Owner): Promise<void> {
  await c.query('SELECT 1 FROM users WHERE vendor_id = $1 AND id = $2 FOR UPDATE', [o.vendorId, o.userId]);
}

/** Inserts the address unless the customer already has MAX_ADDRESSES; undefined then. */
export async function insertAddress(c: pg.PoolClient, o: Owner, a: AddressInput): Promise<SavedAddress | undefined> {
  await lockOwner(c, o);
  const { rows: count } = await c.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM addresses WHERE vendor_id = $1 AND user_id = $2 AND deleted_at IS NULL',
    [o.vendorId, o.userId],
  );
  if ((count[0]?.n ?? 0) >= MAX_ADDRESSES) return undefined;
  const { rows } = await c.query<AddressRow>(
    `INSERT INTO addresses (vendor_id, user_id, label, flat_no, house_name, landmark, address, city, state, zip_code, latitude, longitude)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) RETURNING ${COLUMNS}`,
    [o.vendorId, o.userId, a.label, a.flat_no, a.house_name, a.landmark, a.address, a.city, a.state, a.zip_code, a.latitude, a.longitude],
  );
  return rows[0] && toSavedAddress(rows[0]);
}

export async function updateAddress(db: Db, o: Owner, id: number, a: AddressInput): Promise<SavedAddress | undefined> {
  const { rows } = await db.query<AddressRow>(
    `UPDATE addresses SET label = $4, flat_no = $5, house_name = $6, landmark = $7, address = $8, city = $9, state = $10,
       zip_code = $11, latitude = $12, longitude = $13, updated_at = now()
     WHERE vendor_id = $1 AND user_id = $2 AND id = $3 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
    [o.vendorId, o.userId, id, a.label, a.flat_no, a.house_name, a.landmark, a.address, a.city, a.state, a.zip_code, a.latitude, a.longitude],
  );
  return rows[0] && toSavedAddress(rows[0]);
}

/** Soft-deletes; a deleted primary leaves the customer without one. */
export async function deleteAddress(db: Db, o: Owner, id: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE addresses SET deleted_at = now(), is_primary = false, updated_at = now()
     WHERE vendor_id = $1 AND user_id = $2 AND id = $3 AND deleted_at IS NULL`,
    [o.vendorId, o.userId, id],
  );
  return (rowCount ?? 0) > 0;
}

/** Makes the address the customer's only primary one; undefined when it is not theirs. */
export async function setPrimary(c: pg.PoolClient, o: Owner, id: number): Promise<SavedAddress | undefined> {
  await lockOwner(c, o);
  const address = await findAddress(c, o, id);
  if (!address) return undefined;
  await c.query(
    'UPDATE addresses SET is_primary = false, updated_at = now() WHERE vendor_id = $1 AND user_id = $2 AND is_primary AND id <> $3',
    [o.vendorId, o.userId, id],
  );
  await c.query('UPDATE addresses SET is_primary = true, updated_at = now() WHERE vendor_id = $1 AND user_id = $2 AND id = $3', [
    o.vendorId, o.userId, id,
  ]);
  return { ...address, is_primary: 1 };
}
