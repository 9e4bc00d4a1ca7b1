import type { ProviderName } from '../../../../contract/rules/payment-providers.ts';
import type { ProviderAdapter } from '../kit/adapter.ts';
import { cashfreeAdapter } from './cashfree.ts';
import { flowAdapter } from './flow.ts';
import { flutterwaveAdapter } from './flutterwave.ts';
import { geeksAdapter } from './geeks.ts';
import { hyperpayMadaAdapter } from './hyperpay-mada.ts';
import { hyperpayAdapter } from './hyperpay.ts';
import { klarnaAdapter } from './klarna.ts';
import { mobileMoneyAdapter } from './mobile-money.ts';
import { paypalAdapter } from './paypal.ts';
import { paystackAdapter } from './paystack.ts';
import { paytmAdapter } from './paytm.ts';
import { payuAdapter } from './payu.ts';
import { peachAdapter } from './peach.ts';
import { phonepeAdapter } from './phonepe.ts';
import { razorpayAdapter } from './razorpay.ts';
import { squareupAdapter } from './squareup.ts';
import { sslcommerzAdapter } from './sslcommerz.ts';
import { stripeAdapter } from './stripe.ts';
import { swishPayAdapter } from './swish-pay.ts';
import { yocoAdapter } from './yoco.ts';

/** Every provider built on the kit, by name. A provider not here cannot be given an account (the wallet never offers it). */
export const ADAPTERS: Partial<Record<ProviderName, ProviderAdapter>> = {
  cashfree: cashfreeAdapter,
  flow: flowAdapter,
  flutterwave: flutterwaveAdapter,
  geeks: geeksAdapter,
  hyperpay: hyperpayAdapter,
  'hyperpay-mada': hyperpayMadaAdapter,
  klarna: klarnaAdapter,
  'mobile-money': mobileMoneyAdapter,
  paypal: paypalAdapter,
  paystack: paystackAdapter,
  paytm: paytmAdapter,
  payu: payuAdapter,
  peach: peachAdapter,
  phonepe: phonepeAdapter,
  razorpay: razorpayAdapter,
  squareup: squareupAdapter,
  sslcommerz: sslcommerzAdapter,
  stripe: stripeAdapter,
  'swish-pay': swishPayAdapter,
  yoco: yocoAdapter,
};
