import type { ProviderName } from '../../../../contract/rules/payment-providers.ts';
import type { ProviderAdapter } from '../kit/adapter.ts';
import { razorpayAdapter } from './razorpay.ts';
import { stripeAdapter } from './stripe.ts';

/** Every provider built on the kit, by name. A provider not here cannot be given an account (the wallet never offers it). */
export const ADAPTERS: Partial<Record<ProviderName, ProviderAdapter>> = {
  razorpay: razorpayAdapter,
  stripe: stripeAdapter,
};
