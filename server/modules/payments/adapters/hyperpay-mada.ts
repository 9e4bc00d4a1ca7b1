import { oppwaAdapter } from './oppwa.ts';

/**
 * mada cards through HyperPay: the same COPYandPAY integration as hyperpay.ts (the shared adapter is
 * oppwa.ts), with HyperPay's separate mada entity: the account's merchantId is the mada entity id (its
 * form shows the MADA brand), secretKey the access token, webhookSecret the webhook's key. mada is the
 * Saudi debit network, so it takes SAR only.
 */
export const hyperpayMadaAdapter = oppwaAdapter({
  name: 'hyperpay-mada',
  currencies: ['SAR'],
  liveApi: 'https://eu-prod.oppwa.com',
  brands: 'MADA',
});
