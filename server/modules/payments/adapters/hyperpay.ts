import { oppwaAdapter } from './oppwa.ts';

/**
 * HyperPay through its REST API (the ACI Open Payment Platform, COPYandPAY; the shared adapter is
 * oppwa.ts): a checkout per attempt with the amount as a two-decimal major-unit string, the customer's
 * return read by asking HyperPay for the checkout's payment, webhooks decrypted with the account's
 * webhook secret (AES-256-GCM), a refund once (RF on the payment, after reading its linked refunds).
 * The account's merchantId is the card entity id (VISA, MASTER), secretKey the access token. The
 * currencies: HyperPay's two-decimal ones (its API's amount takes at most two decimals, so KWD, BHD,
 * OMR and JOD are left out).
 */
export const hyperpayAdapter = oppwaAdapter({
  name: 'hyperpay',
  currencies: ['SAR', 'AED', 'USD', 'EUR', 'GBP', 'EGP', 'QAR'],
  liveApi: 'https://eu-prod.oppwa.com',
  brands: 'VISA MASTER',
});
