import type { ProviderName } from '../../contract/rules/payment-providers.ts';
import type { ProviderDouble } from './kit.ts';
import { cashfreeDouble } from './cashfree.ts';
import { flowDouble } from './flow.ts';
import { flutterwaveDouble } from './flutterwave.ts';
import { geeksDouble } from './geeks.ts';
import { hyperpayMadaDouble } from './hyperpay-mada.ts';
import { hyperpayDouble } from './hyperpay.ts';
import { klarnaDouble } from './klarna.ts';
import { mobileMoneyDouble } from './mobile-money.ts';
import { paypalDouble } from './paypal.ts';
import { paystackDouble } from './paystack.ts';
import { paytmDouble } from './paytm.ts';
import { payuDouble } from './payu.ts';
import { peachDouble } from './peach.ts';
import { phonepeDouble } from './phonepe.ts';
import { razorpayDouble } from './razorpay.ts';
import { squareupDouble } from './squareup.ts';
import { sslcommerzDouble } from './sslcommerz.ts';
import { swishPayDouble } from './swish-pay.ts';
import { yocoDouble } from './yoco.ts';

/** The local double of every provider built on the kit (server/modules/payments/adapters), by name. */
export const DOUBLES: Partial<Record<ProviderName, ProviderDouble>> = {
  cashfree: cashfreeDouble,
  flow: flowDouble,
  flutterwave: flutterwaveDouble,
  geeks: geeksDouble,
  hyperpay: hyperpayDouble,
  'hyperpay-mada': hyperpayMadaDouble,
  klarna: klarnaDouble,
  'mobile-money': mobileMoneyDouble,
  paypal: paypalDouble,
  paystack: paystackDouble,
  paytm: paytmDouble,
  payu: payuDouble,
  peach: peachDouble,
  phonepe: phonepeDouble,
  razorpay: razorpayDouble,
  squareup: squareupDouble,
  sslcommerz: sslcommerzDouble,
  'swish-pay': swishPayDouble,
  yoco: yocoDouble,
};
