import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { createElement, useId, useState } from 'react';
import { $couponStatus } from '../../core/checkout/checkout.ts';
import { couponRefusalText } from '../../core/checkout/refusals.ts';
import { encodeId } from '../../core/platform/ids.ts';
import { choosePromoCode } from '../../core/offers/offers.ts';
import { $promocode } from '../../core/cart/order-mode.ts';
import { $moneyFormat } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';

/** The promo code: a field with Apply, the applied code with Remove, the refusal in words, and the offers list (`<sf-offers apply>`). */
export function PromoCode({ restaurantId }: { restaurantId: number | null }) {
  const { t } = useLingui();
  const code = useStore($promocode);
  const status = useStore($couponStatus);
  const money = useStore($moneyFormat);
  const inputId = useId();
  const [text, setText] = useState('');
  const applied = code !== '';
  const apply = () => {
    if (text.trim()) choosePromoCode(text.trim().toUpperCase());
  };
  const remove = () => {
    choosePromoCode('');
    $couponStatus.set({ status: 'idle' });
  };
  return (
    <div className="flex flex-col gap-2">
      {applied ? (
        <div className="flex flex-wrap items-center gap-3">
          <span part="promo-applied" className="rounded-sf border border-dashed border-primary px-3 py-1 font-mono font-semibold">{code}</span>
          {status.status === 'checking' && <span className="text-sm text-muted"><Trans>Checking…</Trans></span>}
          {status.status === 'applied' && <span className="text-sm text-green-700"><Trans>Applied</Trans></span>}
          <Button variant="ghost" part="promo-remove" onClick={remove}><Trans>Remove</Trans></Button>
        </div>
      ) : (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={inputId} className="text-sm font-medium"><Trans>Promo code</Trans></label>
            <input
              id={inputId}
              part="promo-input"
              value={text}
              autoComplete="off"
              onInput={(event) => setText((event.target as HTMLInputElement).value)}
              className="rounded-sf border border-gray-500 px-3 py-2 uppercase"
              placeholder={t`Enter code`}
            />
          </div>
          <Button type="submit" part="promo-apply" disabled={!text.trim()}><Trans>Apply</Trans></Button>
        </form>
      )}
      {status.status === 'refused' && (
        <p part="promo-error" role="alert" className="m-0 text-sm text-red-700">
          {status.code ? `${status.code}: ` : ''}{couponRefusalText(status.refusal, status.minOrder, money)}
        </p>
      )}
      {/* The offers list is helper C2's element; Apply there sets the code this checkout redeems. Attributes, not properties, so any renderer keeps them. */}
      {createElement('sf-offers', {
        key: restaurantId ?? 'all',
        ref: (element: HTMLElement | null) => {
          if (!element) return;
          element.setAttribute('apply', '');
          if (restaurantId !== null) element.setAttribute('store', encodeId(restaurantId));
        },
      })}
    </div>
  );
}
