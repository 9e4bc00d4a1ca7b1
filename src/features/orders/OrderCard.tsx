import { plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { OrderSummary } from '../../../contract/api/orders.ts';
import { assetUrl } from '../../core/platform/config.ts';
import { formatPrice, type MoneyFormat } from '../../core/i18n/money.ts';
import { isOngoing } from '../../../contract/rules/order-steps.ts';
import { formatOrderDate, statusLabel } from '../../core/orders/orders.ts';
import { followLink } from '../../ui/links.ts';
import { orderLink } from '../../ui/order-link.ts';
import { joinList } from '../../core/i18n/locale.ts';

export interface OrderCardProps {
  order: OrderSummary;
  money: MoneyFormat;
  locale: string;
  productTypeId: number | null;
  /** Link templates; `{id}` is the order id. */
  orderHref: string;
  statusHref: string;
}


/** An order in the lists: store, items, total, date and status; it links to the details (and, while open, to tracking). */
export function OrderCard({ order, money, locale, productTypeId, orderHref, statusHref }: OrderCardProps) {
  const details = orderLink(orderHref, order.order_id);
  const track = orderLink(statusHref, order.order_id);
  const more = order.item_count - order.item_names.length;
  const status = statusLabel(order.status, productTypeId);
  const cancelled = order.status === 'cancelled';
  const orderId = order.order_id;
  return (
    <li part="order" className="flex gap-3 rounded-sf border border-black/10 p-3">
      {order.restaurant_image ? (
        <img src={assetUrl(order.restaurant_image)} alt="" loading="lazy" className="h-14 w-14 shrink-0 rounded-sf bg-slider object-cover" />
      ) : (
        <span aria-hidden="true" className="h-14 w-14 shrink-0 rounded-sf bg-slider" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline gap-2">
          <a part="order-link" href={details} onClick={(event) => followLink(event, details)} className="font-semibold text-ink no-underline hover:underline">
            {order.restaurant_name}
          </a>
          <span part="order-status" className={`ms-auto rounded-full px-2 py-0.5 text-xs font-semibold ${cancelled ? 'bg-red-100 text-red-800' : 'bg-black/5 text-ink'}`}>
            {status}
          </span>
        </div>
        <p part="order-items" className="m-0 truncate text-sm text-muted">
          {joinList(order.item_names, locale)}
          {more > 0 && <> {plural(more, { one: '+ # more', other: '+ # more' })}</>}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span part="order-total" className="font-semibold">{formatPrice(order.total, money)}</span>
          <time part="order-date" dateTime={order.created_at} className="text-muted">{formatOrderDate(order.created_at, locale)}</time>
          <span className="text-muted"><Trans>Order #{orderId}</Trans></span>
          {isOngoing(order.status) && (
            <a part="track-link" href={track} onClick={(event) => followLink(event, track)} className="ms-auto font-medium text-primary underline">
              <Trans>Track order</Trans>
            </a>
          )}
        </div>
      </div>
    </li>
  );
}
