import { isProviderName, rechargeProvider, type ProviderName, type RechargeProvider } from '../../../../contract/rules/payment-providers.ts';
import { BoundedCache } from '../../../bounded-cache.ts';
import type { Db } from '../../../db/pool.ts';
import { ADAPTERS } from '../adapters/index.ts';
import type { ProviderAccount } from '../kit/adapter.ts';
import { bindAdapter } from '../kit/bind.ts';
import type { PaymentProvider } from './provider.ts';

/** A key changed in vendor_payment_accounts is taken up within this long. */
const ACCOUNT_TTL_MS = 60_000;
/** The most vendor accounts (or lacks of one) kept: any vendor id can be named in a webhook's path. */
export const KEPT_ACCOUNTS_MAX = 1_000;

/**
 * Where each provider's API is: its live API unless told otherwise. `overrides` names a base per provider
 * (STRIPE_API_URL), `doubles` the local doubles' server (PAYMENT_DOUBLES_URL), where each provider's double
 * answers under /<provider>.
 */
export function providerApis(overrides: Partial<Record<ProviderName, string>>, doubles: string | undefined): (name: ProviderName) => string {
  for (const url of [...Object.values(overrides), doubles]) {
    if (url !== undefined && !/^https?:\/\/[^/]+$/.test(url.replace(/\/$/, ''))) throw new Error(`A payment API base must be an http(s) origin, not ${url}`);
  }
  return (name) => {
    const own = overrides[name];
    if (own) return own.replace(/\/$/, '');
    if (doubles) return `${doubles.replace(/\/$/, '')}/${name}`;
    return ADAPTERS[name]?.facts.liveApi ?? '';
  };
}

interface AccountRow extends ProviderAccount {
  provider: string;
}

/**
 * The payment providers of a server: the built-in ones by name (the test provider), and each vendor's
 * accounts at the providers of the kit (vendor_payment_accounts), read when first needed and kept a minute.
 */
export class PaymentAccounts {
  private readonly kept = new BoundedCache<string, { use: PaymentProvider | undefined }>(KEPT_ACCOUNTS_MAX, ACCOUNT_TTL_MS);

  constructor(
    private readonly db: Db,
    /** The built-in providers by name (payments.provider). */
    readonly builtIn: Map<string, PaymentProvider>,
    /** Where each provider's API is (providerApis). */
    private readonly apiBase: (name: ProviderName) => string,
    /** The key that binds a hosted payment's links to its customer (link-token.ts). */
    readonly linkSecret: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** How many vendor accounts are kept in memory now. */
  get keptAccounts(): number {
    return this.kept.size;
  }

  /** The provider named `name` for this vendor (a payment's own provider, or the one a call names), if it runs here. */
  async provider(vendorId: number, name: string): Promise<PaymentProvider | undefined> {
    if (!isProviderName(name)) return this.builtIn.get(name);
    const adapter = ADAPTERS[name];
    if (!adapter) return undefined;
    const key = `${vendorId}:${name}`;
    const kept = this.kept.get(key);
    if (kept) return kept.use;
    const { rows } = await this.db.query<AccountRow>(
      `SELECT provider, public_key AS "publicKey", secret_key AS "secretKey", webhook_secret AS "webhookSecret", merchant_id AS "merchantId"
       FROM vendor_payment_accounts WHERE vendor_id = $1 AND provider = $2 AND enabled`,
      [vendorId, name],
    );
    const row = rows[0];
    const use = row && bindAdapter(adapter, {
      account: { publicKey: row.publicKey, secretKey: row.secretKey, webhookSecret: row.webhookSecret, merchantId: row.merchantId },
      apiBase: this.apiBase(name),
      now: this.now,
    }, this.linkSecret);
    this.kept.set(key, { use });
    return use;
  }

  /**
   * The providers a customer may recharge through, in the vendor's order: its default provider when it
   * runs here, then each account it enabled for its currency and for the customer's country (the
   * calling code of their number), where the provider takes that currency.
   */
  async offered(vendor: { id: number; currency_code: string; defaultProvider: string }, customerCountry: string): Promise<RechargeProvider[]> {
    const { rows } = await this.db.query<{ provider: string }>(
      `SELECT provider FROM vendor_payment_accounts
       WHERE vendor_id = $1 AND enabled AND (cardinality(currencies) = 0 OR $2 = ANY (currencies))
         AND (cardinality(countries) = 0 OR $3 = ANY (countries))
       ORDER BY position, provider`,
      [vendor.id, vendor.currency_code, customerCountry],
    );
    const names = [vendor.defaultProvider, ...rows.map((row) => row.provider)];
    const offered: RechargeProvider[] = [];
    for (const name of new Set(names)) {
      if (isProviderName(name)) {
        const currencies = ADAPTERS[name]?.facts.currencies ?? [];
        if (currencies !== 'any' && !currencies.includes(vendor.currency_code)) continue;
        if (!(await this.provider(vendor.id, name))) continue;
        offered.push(rechargeProvider(name));
      } else if (this.builtIn.has(name) && name === 'test') {
        offered.push(rechargeProvider(name));
      }
    }
    return offered;
  }
}
