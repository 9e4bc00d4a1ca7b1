import type Stripe from 'stripe';
import { BoundedCache } from '../../../bounded-cache.ts';
import type { Db } from '../../../db/pool.ts';
import type { PaymentProvider } from './provider.ts';
import { createStripeProvider, STRIPE_PROVIDER, stripeClient, type StripeAccount, type StripeEndpoint } from './stripe-provider.ts';

/** A vendor's Stripe account in use: the SDK for its key, the provider over it, its webhook secret. */
export interface StripeUse {
  stripe: Stripe;
  provider: PaymentProvider;
  webhookSecret: string;
}

/** A key changed in vendor_payment_accounts is taken up within this long. */
const ACCOUNT_TTL_MS = 60_000;
/** The most vendors whose account (or lack of one) is kept: any vendor id can be named in a webhook's path. */
export const KEPT_ACCOUNTS_MAX = 1_000;

/**
 * The payment providers of a server: the built-in ones by name (the test provider), and each vendor's
 * Stripe account, read from vendor_payment_accounts when first needed and kept a minute.
 */
export class PaymentAccounts {
  private readonly stripeUses = new BoundedCache<number, { use: StripeUse | undefined }>(KEPT_ACCOUNTS_MAX, ACCOUNT_TTL_MS);

  constructor(
    private readonly db: Db,
    /** The built-in providers by name (payments.provider). */
    readonly builtIn: Map<string, PaymentProvider>,
    /** Where the Stripe SDK sends its requests (a local double in tests); Stripe's API when undefined. */
    private readonly stripeEndpoint: StripeEndpoint | undefined,
    /** The key that binds a hosted payment's links to its customer (link-token.ts). */
    readonly linkSecret: string,
  ) {}

  /** The vendor's Stripe account, or undefined when it has none. */
  async stripe(vendorId: number): Promise<StripeUse | undefined> {
    const kept = this.stripeUses.get(vendorId);
    if (kept) return kept.use;
    const { rows } = await this.db.query<StripeAccount>(
      `SELECT secret_key AS "secretKey", webhook_secret AS "webhookSecret" FROM vendor_payment_accounts WHERE vendor_id = $1 AND provider = $2`,
      [vendorId, STRIPE_PROVIDER],
    );
    const account = rows[0];
    let use: StripeUse | undefined;
    if (account) {
      const stripe = stripeClient(account, this.stripeEndpoint);
      use = { stripe, provider: createStripeProvider(stripe, this.linkSecret), webhookSecret: account.webhookSecret };
    }
    this.stripeUses.set(vendorId, { use });
    return use;
  }

  /** How many vendors' accounts are kept in memory now. */
  get keptAccounts(): number {
    return this.stripeUses.size;
  }

  /** The provider named `name` for this vendor (a payment's own provider, or the vendor's setting). */
  async provider(vendorId: number, name: string): Promise<PaymentProvider | undefined> {
    if (name === STRIPE_PROVIDER) return (await this.stripe(vendorId))?.provider;
    return this.builtIn.get(name);
  }
}
