import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import type { OrderDetail, OrderedLine } from '../../../contract/api/orders.ts';
import { assetUrl } from '../../core/platform/config.ts';
import { $locale, joinList } from '../../core/i18n/locale.ts';
import { formatPrice, type MoneyFormat } from '../../core/i18n/money.ts';
import { isOngoing } from '../../../contract/rules/order-steps.ts';
import { formatOrderDate, loadOrderDetail, orderDetailStore, paymentMethodLabel, paymentStatusLabel, statusLabel } from '../../core/orders/orders.ts';
import { orderStatusStore, watchOrderStatus } from '../../core/orders/order-status.ts';
import { $moneyFormat, $settings, $taxName } from '../../core/settings/settings.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { followLink } from '../../ui/links.ts';
import { orderLink } from '../../ui/order-link.ts';
import { ReorderButton } from './ReorderButton.tsx';
import { CancelOrderButton } from './CancelOrderButton.tsx';
import { customerMayCancel } from '../../../contract/rules/order-cancel.ts';
import { ScreenHeading, useHeadingTags } from '../../ui/headings.tsx';

export interface OrderLinks {
  /** `{id}` is the order id. */
  statusHref: string;
  ratingHref: string;
  detailsHref: string;
  /** The live map (an open delivery order's status shows it). */
  trackingHref: string;
}

function Row({ label, value, part, strong = false }: { label: ReactNode; value: string; part: string; strong?: boolean }) {
  return (
    <div part={part} className={`flex gap-3 ${strong ? 'border-t border-black/10 pt-2 text-lg font-semibold' : ''}`}>
      <dt className="m-0 flex-1">{label}</dt>
      <dd className="m-0">{value}</dd>
    </div>
  );
}

function Charges({ order, money, taxName }: { order: OrderDetail; money: MoneyFormat; taxName: string }) {
  const price = (value: number) => formatPrice(value, money);
  const code = order.coupon_code;
  return (
    <dl part="charges" className="m-0 flex flex-col gap-1">
      <Row part="item-total" label={<Trans>Item total</Trans>} value={price(order.item_total)} />
      <Row part="tax" label={order.tax_name || taxName} value={price(order.tax)} />
      {order.packaging_charge > 0 && <Row part="packaging" label={<Trans>Packaging charge</Trans>} value={price(order.packaging_charge)} />}
      {order.order_mode === 'delivery' && <Row part="delivery-charge" label={<Trans>Delivery charge</Trans>} value={price(order.delivery_charge)} />}
      {order.discount > 0 && (
        <Row part="discount" label={code ? <Trans>Discount ({code})</Trans> : <Trans>Discount</Trans>} value={`−${price(order.discount)}`} />
      )}
      {order.driver_tip > 0 && <Row part="tip" label={<Trans>Driver tip</Trans>} value={price(order.driver_tip)} />}
      <Row part="total" strong label={<Trans>Total</Trans>} value={price(order.total)} />
      {order.cashback > 0 && (
        <p part="cashback" className="m-0 text-sm text-green-800">
          <Trans>{price(order.cashback)} cashback goes to your wallet once the order is delivered.</Trans>
        </p>
      )}
    </dl>
  );
}

/** The order's lines in their order, gathered by whose part they were (a group order's); one group with no name otherwise. */
function linesByPerson(lines: readonly OrderedLine[]): Array<{ person: string; lines: OrderedLine[] }> {
  const groups: Array<{ person: string; lines: OrderedLine[] }> = [];
  for (const line of lines) {
    const person = line.person ?? '';
    const group = groups.find((entry) => entry.person === person);
    if (group) group.lines.push(line);
    else groups.push({ person, lines: [line] });
  }
  return groups;
}

function OrderLineRow({ line, money, locale }: { line: OrderedLine; money: MoneyFormat; locale: string }) {
  return (
    <li part="line" className="flex items-start gap-3 border-b border-black/10 py-2">
      <div className="flex min-w-0 flex-1 flex-col">
        <span part="line-name" className="font-medium">{line.quantity} × {line.name}</span>
        {line.options.length > 0 && (
          <span part="line-options" className="text-sm text-muted">
            {joinList(line.options.map((option) => (option.price > 0 ? `${option.name} (+${formatPrice(option.price, money)})` : option.name)), locale)}
          </span>
        )}
      </div>
      <span part="line-price" className="whitespace-nowrap">{formatPrice(line.line_total, money)}</span>
    </li>
  );
}

/**
 * An order's contents and what can be done with it, as the details and the status screens show them:
 * lines with options, charges under the vendor's tax name, payment, the address or the pickup store,
 * images, then the actions its state allows (follow it while it is open, see the details, rate it once
 * delivered, order it again once over, cancel it until the store takes it).
 */
export function OrderContents({ host, order, links, shownOn }: { host: HTMLElement; order: OrderDetail; links: OrderLinks; shownOn: 'details' | 'status' }) {
  const { t } = useLingui();
  const money = useStore($moneyFormat);
  const taxName = useStore($taxName);
  const locale = useStore($locale);
  const statusHref = orderLink(links.statusHref, order.order_id);
  const ratingHref = orderLink(links.ratingHref, order.order_id);
  const trackingHref = orderLink(links.trackingHref, order.order_id);
  const detailsHref = orderLink(links.detailsHref, order.order_id);
  const SectionHeading = useHeadingTags().section;
  return (
    <>
      {linesByPerson(order.lines).map(({ person, lines }) => (person ? (
        <section key={person} part="person" aria-label={t`${person}'s part`} className="flex flex-col">
          <p part="person-name" className="m-0 pt-2 font-semibold"><bdi>{person}</bdi></p>
          <ul part="lines" aria-label={t`${person}'s items`} className="m-0 flex list-none flex-col p-0">
            {lines.map((line, index) => <OrderLineRow key={`${line.item_id}:${index}`} line={line} money={money} locale={locale} />)}
          </ul>
        </section>
      ) : (
        <ul key="" part="lines" aria-label={t`Items`} className="m-0 flex list-none flex-col p-0">
          {lines.map((line, index) => <OrderLineRow key={`${line.item_id}:${index}`} line={line} money={money} locale={locale} />)}
        </ul>
      )))}

      <Charges order={order} money={money} taxName={taxName} />

      <dl part="payment" className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted"><Trans>Payment</Trans></dt>
        <dd part="payment-method" className="m-0">{paymentMethodLabel(order.payment_method, order.order_mode)}</dd>
        <dt className="text-muted"><Trans>Payment status</Trans></dt>
        <dd part="payment-status" className="m-0">{paymentStatusLabel(order.payment_status)}</dd>
        {order.order_mode === 'delivery' ? (
          <>
            <dt className="text-muted"><Trans>Deliver to</Trans></dt>
            <dd part="address" className="m-0 break-words"><bdi>{order.delivery_address}</bdi></dd>
          </>
        ) : (
          <>
            <dt className="text-muted"><Trans>Pick up at</Trans></dt>
            <dd part="pickup-store" className="m-0 break-words">
              {order.restaurant_name}, {order.restaurant_address}
              {order.restaurant_phone && <> · <a href={`tel:${order.restaurant_phone}`} dir="ltr" className="text-primary underline">{order.restaurant_phone}</a></>}
            </dd>
          </>
        )}
      </dl>

      {order.images.length > 0 && (
        <section aria-label={t`Images`}>
          <SectionHeading className="m-0 mb-2 text-base font-semibold"><Trans>Images</Trans></SectionHeading>
          <ul part="images" className="m-0 flex list-none flex-wrap gap-2 p-0">
            {order.images.map((image, index) => (
              <li key={image.token}>
                <a href={assetUrl(image.url)} target="_blank" rel="noopener">
                  <img part="image" src={assetUrl(image.url)} alt={t`Image ${index + 1} of the order`} className="h-20 w-20 rounded-sf object-cover" />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div part="actions" className="flex flex-wrap gap-2">
        {shownOn === 'details' && isOngoing(order.status) && (
          <a part="track-link" href={statusHref} onClick={(event) => followLink(event, statusHref)} className={ACTION}>
            <Trans>Track order</Trans>
          </a>
        )}
        {shownOn === 'status' && order.order_mode === 'delivery' && isOngoing(order.status) && (
          <a part="map-link" href={trackingHref} onClick={(event) => followLink(event, trackingHref)} className={ACTION}>
            <Trans>Follow on the map</Trans>
          </a>
        )}
        {shownOn === 'status' && (
          <a part="details-link" href={detailsHref} onClick={(event) => followLink(event, detailsHref)} className={ACTION}>
            <Trans>Order details</Trans>
          </a>
        )}
        {order.status === 'delivered' && order.rating === 0 && (
          <a part="rate-link" href={ratingHref} onClick={(event) => followLink(event, ratingHref)} className={ACTION}>
            <Trans>Rate this order</Trans>
          </a>
        )}
        {!isOngoing(order.status) && <ReorderButton host={host} orderId={order.order_id} />}
        {customerMayCancel(order.status) && <CancelOrderButton order={order} />}
      </div>
    </>
  );
}

const ACTION = 'inline-flex min-h-11 items-center rounded-sf border border-black/20 px-4 py-2 font-medium text-ink no-underline';

/**
 * An order read with view_order_details, read again when its live status moves on (a new state may
 * change the payment, cash paid on delivery, and what can be done).
 */
export function useOrderDetail(orderId: number, host: HTMLElement) {
  const state = useStore(orderDetailStore(orderId));
  const live = useStore(orderStatusStore(orderId));
  useEffect(() => void loadOrderDetail(orderId), [orderId]);
  const open = state.status === 'ready' && isOngoing(state.order.status);
  useEffect(() => (open ? watchOrderStatus(orderId, { origin: host }) : undefined), [open, orderId, host]);
  const liveStatus = live.status === 'ready' ? live.result.status : null;
  const shownStatus = state.status === 'ready' ? state.order.status : null;
  useEffect(() => {
    if (liveStatus && shownStatus && liveStatus !== shownStatus) void loadOrderDetail(orderId);
  }, [liveStatus, shownStatus, orderId]);
  return state;
}

/** view_order_details: the store, the order's state and dates, then its contents and actions. */
export function OrderDetails({ host, orderId, links }: { host: HTMLElement; orderId: number; links: OrderLinks }) {
  const { t } = useLingui();
  const state = useOrderDetail(orderId, host);
  const locale = useStore($locale);
  const productTypeId = useStore($settings)?.product_type?.id ?? null;

  if (state.status === 'failed') return <LoadFailed onRetry={() => void loadOrderDetail(orderId)} />;
  if (state.status === 'not-found') return <OrderNotFound />;
  if (state.status !== 'ready') return <Skeleton className="h-64 w-full" />;

  const order = state.order;
  const id = order.order_id;
  return (
    <article part="order-details" aria-label={t`Order #${id}`} className="flex flex-col gap-4">
      <header className="flex flex-wrap items-baseline gap-2">
        <ScreenHeading className="m-0 text-xl font-bold">{order.restaurant_name}</ScreenHeading>
        <span part="order-status" className="rounded-full bg-black/5 px-2 py-0.5 text-sm font-semibold">{statusLabel(order.status, productTypeId)}</span>
        <p className="m-0 w-full text-sm text-muted">
          <Trans>Order #{id}</Trans> · <time dateTime={order.created_at}>{formatOrderDate(order.created_at, locale)}</time>
          {order.scheduled_for && (
            <> · <Trans>Scheduled for {formatOrderDate(order.scheduled_for, locale)}</Trans></>
          )}
        </p>
      </header>
      <OrderContents host={host} order={order} links={links} shownOn="details" />
    </article>
  );
}

/** An order that is not the customer's, or no order at all. */
export function OrderNotFound() {
  return (
    <div part="not-found" className="py-8 text-center">
      <ScreenHeading className="m-0 text-xl font-semibold"><Trans>Order not found</Trans></ScreenHeading>
    </div>
  );
}
