import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { $cart, type CartLine } from '../../core/cart/cart.ts';
import { lineTotal } from '../../core/cart/totals.ts';
import { cartLineKey } from '../../../contract/rules/cart-line.ts';
import { $changedPrices, $quote, $unavailableLines, pricedLineFor } from '../../core/checkout/checkout.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { $moneyFormat } from '../../core/settings/settings.ts';
import { CartLineControls } from '../../ui/CartLineControls.tsx';
import { FoodMarker } from '../../ui/FoodMarker.tsx';
import { joinList } from '../../core/i18n/locale.ts';

function LineRow({ line, index, host }: { line: CartLine; index: number; host: HTMLElement }) {
  const money = useStore($moneyFormat);
  const quote = useStore($quote);
  const changed = useStore($changedPrices)[cartLineKey(line)];
  const unavailable = useStore($unavailableLines).includes(cartLineKey(line));
  const priced = pricedLineFor(line, 'breakdown' in quote ? quote.breakdown : null);
  // The server's line total is the one shown once it has answered for this quantity.
  const total = priced && priced.quantity === line.quantity && priced.unit_price === line.price ? priced.line_total : lineTotal(line);
  const name = line.name;
  const parts = ['line', changed ? 'line-changed' : '', unavailable ? 'line-unavailable' : ''].filter(Boolean).join(' ');
  return (
    <li part={parts} className={`flex items-start gap-3 border-b border-black/10 py-3 ${unavailable ? 'opacity-60' : ''}`}>
      <span className="pt-1"><FoodMarker type={line.item_type === 1 ? 1 : 0} /></span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span part="line-name" className="font-medium">{name}</span>
        {line.selected_type.length > 0 && <span part="line-options" className="text-sm text-muted">{joinList(line.selected_type, money.locale)}</span>}
        {changed && (
          <span part="price-changed" className="text-sm font-medium text-red-700">
            <Trans>Price changed from {formatPrice(changed.from, money)} to {formatPrice(changed.to, money)}</Trans>
          </span>
        )}
        {unavailable && <span part="unavailable" className="text-sm font-medium text-red-700"><Trans>Not available</Trans></span>}
        <CartLineControls name={name} quantity={line.quantity} index={index} host={host} />
      </div>
      <span part="line-price" className="whitespace-nowrap font-medium">{formatPrice(total, money)}</span>
    </li>
  );
}

/** The cart lines with quantity controls, the server's line prices, and changed or unavailable marks. */
export function ReviewLines({ host }: { host: HTMLElement }) {
  const lines = useStore($cart);
  return (
    <ul part="lines" className="m-0 list-none p-0">
      {lines.map((line, index) => <LineRow key={cartLineKey(line)} line={line} index={index} host={host} />)}
    </ul>
  );
}
