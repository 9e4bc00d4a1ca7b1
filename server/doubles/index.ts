import type { ProviderName } from '../../contract/rules/payment-providers.ts';
import type { ProviderDouble } from './kit.ts';
import { razorpayDouble } from './razorpay.ts';

/** The local double of every provider built on the kit (server/modules/payments/adapters), by name. */
export const DOUBLES: Partial<Record<ProviderName, ProviderDouble>> = {
  razorpay: razorpayDouble,
};
