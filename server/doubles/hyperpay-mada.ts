import { oppwaDouble } from './oppwa.ts';

/**
 * HyperPay's mada entity as a double: the platform's COPYandPAY (oppwa.ts) for an entity that shows
 * the MADA brand and is configured for SAR only (another currency: 600.200.500). Keys shaped as
 * HyperPay's sandbox ones, the entity id being the mada entity's.
 */
export const hyperpayMadaDouble = oppwaDouble({
  name: 'hyperpay-mada',
  testAccount: {
    publicKey: '',
    secretKey: 'OGFjN2E0Yzk4ZjFkMmIzZTAxOGYxZDJiM2U0ZjAwMDB8RGJsI1NhbmRib3g9UHcx',
    webhookSecret: 'A8F6EB15B4A70035BB70192B3D2AF442D716CF75FA9671668FA59031CD1FDC6B',
    merchantId: '8ac7a4c98f1d2b3e018f1d2b3e4f0002',
  },
  testCurrency: 'SAR',
  brand: 'MADA',
  currencies: ['SAR'],
});
