import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { $checkoutStore, $quote, fetchQuote } from '../../core/checkout/checkout.ts';
import { say } from '../../core/i18n/messages.ts';
import { SCREEN_MESSAGES } from '../../core/i18n/screen-messages.ts';
import { $pickupDeliveryFlag, chooseOrderMode, isPickupOffered, orderModeChoices } from '../../core/cart/order-mode.ts';
import { $settings } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { AddressSection } from './AddressSection.tsx';
import { DeliveryPartnerChooser } from './DeliveryPartnerChooser.tsx';
import { OrderImages } from './OrderImages.tsx';
import { Choice, Section } from './parts.tsx';
import { PriceSummary } from './PriceSummary.tsx';
import { PromoCode } from './PromoCode.tsx';
import { ReviewLines } from './ReviewLines.tsx';
import { ScheduleChooser } from './ScheduleChooser.tsx';
import { TipChooser } from './TipChooser.tsx';

function ModeSwitch({ host }: { host: HTMLElement }) {
  const { t } = useLingui();
  const settings = useStore($settings);
  const flag = useStore($pickupDeliveryFlag);
  if (!isPickupOffered(settings)) return null;
  const modes = orderModeChoices(settings);
  return (
    <div role="radiogroup" aria-label={t`Order mode`} className="flex flex-wrap gap-2">
      {modes.map(([mode, label]) => (
        <Choice
          key={mode}
          name="sf-order-mode"
          part="mode-option"
          checked={(flag === 1 ? 'delivery' : 'pickup') === mode}
          onChoose={() => chooseOrderMode(mode, host)}
        >
          {label}
        </Choice>
      ))}
    </div>
  );
}

export interface ReviewStepProps {
  host: HTMLElement;
  onContinue: () => void;
  onChangeAddress: () => void;
  /** Show the schedule's missing date/time messages (after a try to continue). */
  showScheduleErrors: boolean;
}

/** The review-cart step: lines, store, mode, address, schedule, tip, promo code, images and the server's bill. */
export function ReviewStep({ host, onContinue, onChangeAddress, showScheduleErrors }: ReviewStepProps) {
  const store = useStore($checkoutStore);
  const quote = useStore($quote);
  const flag = useStore($pickupDeliveryFlag);
  const detail = store.status === 'ready' ? store.detail : null;
  const breakdown = 'breakdown' in quote ? quote.breakdown : null;
  return (
    <div part="review" className="flex flex-col gap-4">
      <Section id="sf-checkout-lines" part="order" title={detail?.name ?? <Trans>Your order</Trans>}>
        <ReviewLines host={host} />
        <ModeSwitch host={host} />
      </Section>
      <Section id="sf-checkout-address" part="address" title={flag === 1 ? say(SCREEN_MESSAGES.deliveryAddress) : <Trans>Pickup from</Trans>}>
        <AddressSection store={detail} onChange={onChangeAddress} />
        <DeliveryPartnerChooser store={detail} breakdown={breakdown} />
      </Section>
      <Section id="sf-checkout-when" part="schedule" title={<Trans>When</Trans>}>
        <ScheduleChooser store={detail} showErrors={showScheduleErrors} />
      </Section>
      {flag === 1 && (
        <Section id="sf-checkout-tip" part="tip" title={<Trans>Driver tip</Trans>}>
          <TipChooser />
        </Section>
      )}
      <Section id="sf-checkout-promo" part="promo" title={say(SCREEN_MESSAGES.promocode)}>
        <PromoCode restaurantId={detail?.restaurant_id ?? null} />
      </Section>
      <Section id="sf-checkout-images" part="order-images" title={<Trans>Images for the store</Trans>}>
        <OrderImages />
      </Section>
      <Section id="sf-checkout-bill" part="bill" title={<Trans>Bill details</Trans>}>
        {breakdown ? <PriceSummary breakdown={breakdown} loading={quote.status === 'loading'} /> : quote.status !== 'failed' && <Skeleton className="h-32 w-full" />}
        {quote.status === 'failed' && (quote.code === 0
          ? <LoadFailed onRetry={() => void fetchQuote()} />
          : <p part="quote-error" role="alert" className="m-0 text-sm text-red-700">{quote.message}</p>)}
      </Section>
      <Button part="continue" onClick={onContinue} disabled={quote.status === 'loading' && !breakdown}>
        <Trans>Continue to payment</Trans>
      </Button>
    </div>
  );
}
