import { oppwaDouble } from './oppwa.ts';

/**
 * HyperPay's double: the platform's COPYandPAY (oppwa.ts) for a card entity (VISA, MASTER) configured
 * for HyperPay's two-decimal currencies. The test account's keys are shaped as HyperPay's sandbox
 * ones: a 32-hex entity id, an access token (base64 of "<user id>|<password>"), a 64-hex webhook secret.
 */
export const hyperpayDouble = oppwaDouble({
  name: 'hyperpay',
  testAccount: {
    publicKey: '',
    secretKey: 'OGFjN2E0Yzk4ZjFkMmIzZTAxOGYxZDJiM2U0ZjAwMDB8RGJsI1NhbmRib3g9UHcx',
    webhookSecret: '823CA661CFF07F53D4F5F144EFD54248654AC2492190078351A715DDCD0DD648',
    merchantId: '8ac7a4c98f1d2b3e018f1d2b3e4f0001',
  },
  testCurrency: 'USD',
  brand: 'VISA',
  currencies: ['SAR', 'AED', 'USD', 'EUR', 'GBP', 'EGP', 'QAR', 'KWD', 'BHD', 'OMR', 'JOD'],
});
