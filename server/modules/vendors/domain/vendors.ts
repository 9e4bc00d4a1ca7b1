import type pg from 'pg';
import { DEFAULT_HOST, isLoopbackHost } from '../../../../contract/rules/hosts.ts';
import { fromMinor } from '../../../../contract/rules/money.ts';
import type { Db } from '../../../db/pool.ts';
import { cleanSettings, isPlainObject } from './settings.ts';

/** The vendor row fields the server works with. */
export interface Vendor {
  id: number;
  slug: string;
  name: string;
  currency_code: string;
  currency_symbol: string;
  currency_exponent: number;
  price_decimals: number | null;
  country_code: string;
  product_type: number;
  primary_lang: string;
  secondary_lang: string;
  languages: string[];
  default_lang: string;
  system_latitude: number;
  system_longitude: number;
  time_zone: string;
  /** Origins besides its own that may frame the vendor's full page, as stored (checked again where used: page-settings.ts). */
  frame_ancestors: string[];
  /** The stored settings, colours and URLs under their rules (cleanSettings, once when the row is loaded). */
  settings: Record<string, unknown>;
  /** The stored settings per language, cleaned as `settings`. */
  i18n: Record<string, Record<string, unknown>>;
}

/** Told of each stored setting of a vendor that was refused when the vendor was loaded. */
export type VendorSettingWarning = (problem: { vendor_id: number; field: string; value: unknown }) => void;

/** A loaded vendor row with its settings and their translations cleaned (see cleanSettings): refusals go to `warn`. */
function cleaned(row: Vendor | undefined, warn: VendorSettingWarning): Vendor | undefined {
  if (!row) return undefined;
  const report = (prefix: string) => (problem: { field: string; value: unknown }) =>
    warn({ vendor_id: row.id, field: prefix + problem.field, value: problem.value });
  const i18n = Object.fromEntries(Object.entries(row.i18n).map(([lang, overrides]) =>
    [lang, isPlainObject(overrides) ? cleanSettings(overrides, report(`i18n.${lang}.`)) : overrides]));
  return { ...row, settings: cleanSettings(row.settings, report('')), i18n };
}

const COLUMNS = `v.id, v.slug, v.name, v.currency_code, v.currency_symbol, v.currency_exponent, v.price_decimals,
  v.country_code, v.product_type, v.primary_lang, v.secondary_lang, v.languages, v.default_lang,
  v.system_latitude, v.system_longitude, v.time_zone, v.frame_ancestors, v.settings, v.i18n`;

/** Lower-cases, drops port, brackets and a scheme; loopback addresses count as localhost. */
export function normalizeHost(raw: string): string {
  let host = raw.trim().toLowerCase();
  if (host.includes('://')) {
    try {
      host = new URL(host).hostname;
    } catch {
      return host;
    }
  }
  host = host.replace(/\/.*$/, '');
  if (host.startsWith('[')) host = host.slice(1, host.indexOf(']') > 0 ? host.indexOf(']') : undefined);
  else host = host.replace(/:\d+$/, '');
  host = host.replace(/\.$/, '');
  if (isLoopbackHost(host)) return DEFAULT_HOST;
  return host;
}

export async function findVendorByHost(db: Db, host: string, warn: VendorSettingWarning): Promise<Vendor | undefined> {
  const { rows } = await db.query<Vendor>(
    `SELECT ${COLUMNS} FROM vendor_hosts h JOIN vendors v ON v.id = h.vendor_id
     WHERE h.host = $1 AND v.is_active`,
    [normalizeHost(host)],
  );
  return cleaned(rows[0], warn);
}

/** The host names the vendor's storefront is served on (vendor_hosts), its primary host first. */
export async function vendorHosts(db: Db, vendorId: number): Promise<string[]> {
  const { rows } = await db.query<{ host: string }>(
    'SELECT host FROM vendor_hosts WHERE vendor_id = $1 ORDER BY is_primary DESC, id',
    [vendorId],
  );
  return rows.map((row) => row.host);
}

export async function findVendorById(db: Db | pg.PoolClient, id: number, warn: VendorSettingWarning): Promise<Vendor | undefined> {
  const { rows } = await db.query<Vendor>(`SELECT ${COLUMNS} FROM vendors v WHERE v.id = $1 AND v.is_active`, [id]);
  return cleaned(rows[0], warn);
}

/** Converts stored minor units to the display decimal of the wire (e.g. 1250 → 12.5). */
export function toMajor(vendor: Pick<Vendor, 'currency_exponent'>, minor: number): number {
  return fromMinor(minor, vendor.currency_exponent);
}

/** An amount as the messages show it: the currency symbol, then the value ('$15.00'). */
export function formatMoney(vendor: Pick<Vendor, 'currency_symbol' | 'currency_exponent' | 'price_decimals'>, minor: number): string {
  return `${vendor.currency_symbol}${toMajor(vendor, minor).toFixed(vendor.price_decimals ?? vendor.currency_exponent)}`;
}

/** The language to answer in: the asked one when the vendor offers it, else the vendor default. */
export function pickLanguage(vendor: Pick<Vendor, 'languages' | 'default_lang'>, asked: unknown): string {
  const lang = typeof asked === 'string' ? asked.trim().toLowerCase().slice(0, 2) : '';
  return vendor.languages.includes(lang) ? lang : vendor.default_lang;
}
