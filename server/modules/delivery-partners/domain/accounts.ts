import type pg from 'pg';
import { DELIVERY_PARTNER_NAMES, isDeliveryPartnerName, type DeliveryPartnerName } from '../../../../contract/rules/delivery-partners.ts';
import type { Db } from '../../../db/pool.ts';
import { PARTNER_ADAPTERS } from '../adapters/index.ts';
import type { PartnerAccount } from './kit.ts';

type Queryable = Db | pg.PoolClient;

/** A partner the checkout may offer a vendor of this currency: it quotes in it. */
function quotesIn(partner: DeliveryPartnerName, currencyCode: string): boolean {
  return PARTNER_ADAPTERS[partner].facts.currencies.includes(currencyCode);
}

/**
 * The partners the checkout offers the vendor's customers, in the vendor's order: each account the
 * vendor enabled whose currency is the vendor's (a partner quoting in rupees is no option for a vendor
 * that charges in dollars), at a partner that quotes in it.
 */
export async function offeredPartners(q: Queryable, vendor: { id: number; currency_code: string }): Promise<DeliveryPartnerName[]> {
  const { rows } = await q.query<{ partner: string }>(
    `SELECT partner FROM vendor_delivery_partners WHERE vendor_id = $1 AND enabled AND currency_code = $2
     ORDER BY position, partner`,
    [vendor.id, vendor.currency_code],
  );
  return rows.map((row) => row.partner).filter(isDeliveryPartnerName).filter((partner) => quotesIn(partner, vendor.currency_code));
}

/** The vendor's account at `partner` when the checkout offers it (see offeredPartners); undefined otherwise. */
export async function offeredAccount(
  q: Queryable, vendor: { id: number; currency_code: string }, partner: DeliveryPartnerName,
): Promise<PartnerAccount | undefined> {
  if (!DELIVERY_PARTNER_NAMES.includes(partner) || !quotesIn(partner, vendor.currency_code)) return undefined;
  const { rows } = await q.query<PartnerAccount>(
    `SELECT api_key AS "apiKey", client_id AS "clientId", currency_code AS "currencyCode"
     FROM vendor_delivery_partners WHERE vendor_id = $1 AND partner = $2 AND enabled AND currency_code = $3`,
    [vendor.id, partner, vendor.currency_code],
  );
  return rows[0];
}
