import type Stripe from 'stripe';
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

/**
 * The payment providers of a server: the built-in ones by name (the test provider), and each vendor's
 * Stripe account, read from vendor_payment_accounts when first needed and kept a minute.
 */
export class PaymentAccounts {
  private readonly stripeUses = new Map<number, { use: StripeUse | undefined; until: number }>();

  constructor(
    private readonly db: Db,
    /** The built-in providers by name (payments.provider). */
    readonly builtIn: Map<string, PaymentProvider>,
    /** Where the Stripe SDK sends its requests (a local double in tests); Stripe's API when undefined. */
    private readonly stripeEndpoint: StripeEndpoint | undefined,
  ) {}

  /** The vendor's Stripe account, or undefined when it has none. */
  async stripe(vendorId: number): Promise<StripeUse | undefined> {
    const kept = this.stripeUses.get(vendorId);
    if (kept && kept.until > Date.now()) return kept.use;
    const { rows } = await this.db.query<StripeAccount>(
      `SELECT secret_key AS "secretKey", webhook_secret AS "webhookSecret" FROM vendor_payment_accounts WHERE vendor_id = $1 AND provider = $2`,
      [vendorId, STRIPE_PROVIDER],
    );
    const account = rows[0];
    let use: StripeUse | undefined;
    if (account) {
      const stripe = stripeClient(account, this.stripeEndpoint);
      use = { stripe, provider: createStripeProvider(stripe), webhookSecret: account.webhookSecret };
    }
    this.stripeUses.set(vendorId, { use, until: Date.now() + ACCOUNT_TTL_MS });
    return use;
  }

  /** The provider named `name` for this vendor (a payment's own provider, or the vendor's setting). */
  async provider(vendorId: number, name: string): Promise<PaymentProvider | undefined> {
    if (name === STRIPE_PROVIDER) return (await this.stripe(vendorId))?.provider;
    return this.builtIn.get(name);
  }
}
