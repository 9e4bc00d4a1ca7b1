/**
 * The online payment providers a vendor can take payments through: the name stored with each payment
 * and account, the name a customer reads, and the call that recharges a wallet through it (the spec's
 * per-provider recharge paths). The spec names "geeks" without saying which gateway: we take it for 4Geeks
 * Payments. The mobile-money provider has no path of its own in the spec; we give it
 * `mobile-money-recharge-wallet` (MTN MoMo's collection API).
 */
export const PAYMENT_PROVIDERS = {
  razorpay: { title: 'Razorpay', rechargeCall: 'razorpay-recharge-wallet' },
  paypal: { title: 'PayPal', rechargeCall: 'paypal-recharge-wallet' },
  stripe: { title: 'Stripe', rechargeCall: 'stripe-recharge-wallet' },
  yoco: { title: 'Yoco', rechargeCall: 'yoco-recharge-wallet' },
  sslcommerz: { title: 'SSLCommerz', rechargeCall: 'sslcommerz-recharge-wallet' },
  peach: { title: 'Peach Payments', rechargeCall: 'peach-recharge-wallet' },
  payu: { title: 'PayU', rechargeCall: 'payu-recharge-wallet' },
  paystack: { title: 'Paystack', rechargeCall: 'paystack-recharge-wallet' },
  paytm: { title: 'Paytm', rechargeCall: 'paytm-recharge-wallet' },
  cashfree: { title: 'Cashfree', rechargeCall: 'cashfree-recharge-wallet' },
  flow: { title: 'Flow', rechargeCall: 'flow-recharge-wallet' },
  geeks: { title: '4Geeks', rechargeCall: 'geeks-recharge-wallet' },
  flutterwave: { title: 'Flutterwave', rechargeCall: 'flutterwave-recharge-wallet' },
  klarna: { title: 'Klarna', rechargeCall: 'klarna-recharge-wallet' },
  'swish-pay': { title: 'Swish', rechargeCall: 'swish-pay-recharge-wallet' },
  hyperpay: { title: 'HyperPay', rechargeCall: 'hyperpay-recharge-wallet' },
  'hyperpay-mada': { title: 'mada (HyperPay)', rechargeCall: 'hyperpay-mada-recharge-wallet' },
  squareup: { title: 'Square', rechargeCall: 'squareup-recharge-wallet' },
  phonepe: { title: 'PhonePe', rechargeCall: 'phonepe-recharge-wallet' },
  'mobile-money': { title: 'MTN MoMo', rechargeCall: 'mobile-money-recharge-wallet' },
} as const satisfies Record<string, { title: string; rechargeCall: `${string}-recharge-wallet` }>;

export type ProviderName = keyof typeof PAYMENT_PROVIDERS;

/**
 * The spec's recharge calls and the provider each goes through. Its two Stripe calls both open Stripe
 * Checkout: taking the card on the storefront's own page would load Stripe's script into every page
 * a vendor embeds us in.
 */
export const RECHARGE_CALLS = {
  ...Object.fromEntries(Object.entries(PAYMENT_PROVIDERS).map(([name, provider]) => [provider.rechargeCall, name])) as {
    [Name in ProviderName as (typeof PAYMENT_PROVIDERS)[Name]['rechargeCall']]: Name
  },
  'stripe-checkout-recharge-wallet': 'stripe',
} as const;
export type RechargeCallName = keyof typeof RECHARGE_CALLS;

export const PROVIDER_NAMES = Object.keys(PAYMENT_PROVIDERS) as ProviderName[];

/** Whether `name` is one of the providers (a Map-free own-key check, so 'constructor' is none). */
export function isProviderName(name: string): name is ProviderName {
  return Object.prototype.hasOwnProperty.call(PAYMENT_PROVIDERS, name);
}

/** The refusals of online payment, in the server's English (contract/rules/refusals.ts gives them keys). */
export const PAYMENT_TEXTS = {
  /** The store takes no online payment (no provider runs for it). */
  unavailable: 'Online payment is not available for this store',
  /** The provider asked for is not one the store offers this customer. */
  methodUnavailable: 'This payment method is not available for this store',
  /** The provider could not be reached or refused to open the payment. */
  providerDown: 'Online payment is not available right now. Please try again in a moment.',
} as const;

/** A provider as the wallet screen offers it. */
export interface RechargeProvider {
  name: ProviderName | 'test';
  title: string;
}

/** A provider as a customer is told of it: one of the kit's, or the built-in test provider. */
export function rechargeProvider(name: ProviderName | 'test'): RechargeProvider {
  return { name, title: name === 'test' ? 'Test payment' : PAYMENT_PROVIDERS[name].title };
}
