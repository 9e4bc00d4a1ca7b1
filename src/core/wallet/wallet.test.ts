import { beforeAll, describe, expect, it } from 'vitest';

const { activateLocale } = await import('../i18n/i18n.ts');
const { minorDigits, parseAmount, rechargeError, returningRecharge, transactionLabel } = await import('./wallet.ts');

const USD = { locale: 'en', currency: '$', priceDecimals: 2 };
const terms = { minimum: 5, limit: 500 };

describe('wallet', () => {
  beforeAll(async () => activateLocale('en'));

  it('reads an amount in the customer\'s digits', () => {
    expect(parseAmount('25')).toBe(25);
    expect(parseAmount(' 12.50 ')).toBe(12.5);
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount('١٠٠')).toBe(100);
    expect(parseAmount('٢٥٫٥')).toBe(25.5);
    expect(parseAmount('۳۰')).toBe(30);
    for (const bad of ['', 'ten', '-5', '1e3', '5.', '1.2.3', '0x10']) expect(parseAmount(bad)).toBeNaN();
  });

  it('says why an amount cannot be recharged, with the vendor\'s numbers', () => {
    expect(rechargeError(Number.NaN, 0, terms, USD, 2)).toBe('Please enter an amount');
    expect(rechargeError(4.99, 0, terms, USD, 2)).toBe('The smallest recharge is $5.00.');
    expect(rechargeError(480, 25, terms, USD, 2)).toBe('Wallet Recharge Limit exceeded: your wallet can hold up to $500.00.');
    expect(rechargeError(475, 25, terms, USD, 2)).toBeUndefined();
  });

  it('knows the currency\'s minor digits', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('AED')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('not a currency')).toBe(2);
  });

  it('takes back only a well-formed recharge id from the return', () => {
    expect(returningRecharge('?recharge=AbCdEfGhIjKlMnOpQrSt&payment=paid')).toBe('AbCdEfGhIjKlMnOpQrSt');
    expect(returningRecharge('?recharge=short')).toBeUndefined();
    expect(returningRecharge('?recharge=<script>alert(1)</script>xxxxxxxx')).toBeUndefined();
    expect(returningRecharge('')).toBeUndefined();
  });

  it('labels each kind of history line', () => {
    expect(['order_payment', 'order_refund', 'cashback', 'recharge', 'adjustment'].map((kind) => transactionLabel(kind as never)))
      .toEqual(['Order payment', 'Order refund', 'Cashback', 'Wallet recharge', 'Adjustment']);
  });
});
