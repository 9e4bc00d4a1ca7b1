import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import type { PaymentMethod } from '../../../contract/api/order-states.ts';
import { useEffect } from 'react';
import { $quote } from '../../core/checkout/checkout.ts';
import { $storeTerms, loadStoreTerms, offeredMethods } from '../../core/checkout/store-terms.ts';
import { $cart } from '../../core/cart/cart.ts';
import { say } from '../../core/i18n/messages.ts';
import { ORDER_MESSAGES } from '../../core/cart/order-messages.ts';
import { toMinor } from '../../../contract/rules/money.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { $pickupDeliveryFlag } from '../../core/cart/order-mode.ts';
import { $moneyFormat } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { PriceSummary } from './PriceSummary.tsx';
import { Section } from './parts.tsx';

export interface PaymentStepProps {
  method: PaymentMethod | '';
  /** '' when the chosen method is not one the store takes (asked again). */
  onMethod: (method: PaymentMethod | '') => void;
  /** Show 'Please select payment option' (after a try to place without one). */
  showMethodError: boolean;
  onPlace: () => void;
  onBack: () => void;
  placing: boolean;
  /** A network failure left the attempt unanswered: Place retries it with the same key. */
  retrying: boolean;
}

/** Whether the wallet covers the total (both display amounts, compared in minor units). */
export function walletCovers(wallet: number, total: number): boolean {
  return toMinor(wallet) >= toMinor(total);
}

/**
 * The payment step: the methods the store takes (get-restaurant-settings): wallet (with its balance), cash
 * on delivery (pay at the store for pickup), online (naming who takes it); then Place order.
 */
export function PaymentStep({ method, onMethod, showMethodError, onPlace, onBack, placing, retrying }: PaymentStepProps) {
  const { t } = useLingui();
  const quote = useStore($quote);
  const money = useStore($moneyFormat);
  const flag = useStore($pickupDeliveryFlag);
  const terms = useStore($storeTerms);
  const restaurantId = useStore($cart)[0]?.restaurant_id;
  useEffect(() => {
    if (restaurantId !== undefined) void loadStoreTerms(restaurantId);
  }, [restaurantId]);
  const offered = offeredMethods(terms, restaurantId);
  useEffect(() => {
    if (method && !offered.includes(method)) onMethod('');
  }, [method, offered.join()]); // eslint-disable-line react-hooks/exhaustive-deps
  const breakdown = 'breakdown' in quote ? quote.breakdown : null;
  const wallet = breakdown?.wallet_amount ?? 0;
  const short = method === 'wallet' && breakdown !== null && !walletCovers(wallet, breakdown.total);
  const provider = terms?.restaurant_id === restaurantId ? terms?.online_provider?.title : undefined;
  const options: Array<[PaymentMethod, string, string]> = ([
    ['wallet', t`Wallet`, t`Balance ${formatPrice(wallet, money)}`],
    ['cash', flag === 1 ? t`Cash on delivery` : t`Pay at the store`, flag === 1 ? t`Pay the driver when your order arrives` : t`Pay when you pick up your order`],
    ['online', t`Pay online`, provider ? t`Card payment on ${provider}'s secure page` : t`Card payment on a secure page`],
  ] as Array<[PaymentMethod, string, string]>).filter(([value]) => offered.includes(value));
  return (
    <div part="payment" className="flex flex-col gap-4">
      <Section id="sf-checkout-pay" part="payment-options" title={<Trans>Payment option</Trans>}>
        <fieldset className="m-0 flex flex-col gap-2 border-0 p-0" aria-describedby={showMethodError && !method ? 'sf-payment-error' : undefined}>
          <legend className="sr-only"><Trans>Payment option</Trans></legend>
          {options.map(([value, label, note]) => (
            <label
              key={value}
              part={method === value ? 'payment-option payment-option-selected' : 'payment-option'}
              className={`flex cursor-pointer items-center gap-3 rounded-sf border p-3 focus-within:ring-2 focus-within:ring-primary ${method === value ? 'border-primary' : 'border-black/20'}`}
            >
              <input type="radio" name="sf-payment" value={value} checked={method === value} onChange={() => onMethod(value)} />
              <span className="flex flex-col">
                <span className="font-medium">{label}</span>
                <span className="text-sm text-muted" part={value === 'wallet' ? 'wallet-balance' : undefined}>{note}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {showMethodError && !method && <p id="sf-payment-error" part="payment-error" role="alert" className="m-0 text-sm text-red-700">{t`Please select payment option`}</p>}
        {short && <p part="wallet-error" role="alert" className="m-0 text-sm text-red-700">{say(ORDER_MESSAGES.insufficientWallet)}</p>}
      </Section>
      <Section id="sf-checkout-pay-bill" part="bill" title={<Trans>Bill details</Trans>}>
        {breakdown ? <PriceSummary breakdown={breakdown} loading={quote.status === 'loading'} /> : <Skeleton className="h-32 w-full" />}
      </Section>
      {retrying && (
        <p part="retry-note" role="status" className="m-0 text-sm">
          <Trans>We could not hear back about your order. Your cart is kept; placing again cannot order twice.</Trans>
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" part="back" onClick={onBack} disabled={placing}><Trans>Back to cart</Trans></Button>
        <Button part="place-order" onClick={onPlace} disabled={placing || !breakdown || quote.status === 'loading'}>
          {placing ? <Trans>Placing order…</Trans> : retrying ? <Trans>Try again</Trans> : <Trans>Place order</Trans>}
        </Button>
      </div>
    </div>
  );
}
