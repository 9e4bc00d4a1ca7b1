import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { statusLabel } from '../../core/orders/orders.ts';
import { orderStatusStore, retryOrderStatus, trackSteps, watchOrderStatus } from '../../core/orders/order-status.ts';
import { $settings } from '../../core/settings/settings.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { OrderSteps } from '../../ui/OrderSteps.tsx';
import { NotificationsOffer } from '../../ui/OrderNotifications.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { followLink } from '../../ui/links.ts';
import { OrderContents, OrderNotFound, useOrderDetail, type OrderLinks } from './OrderDetails.tsx';
import { loadOrderDetail } from '../../core/orders/orders.ts';
import { ScreenHeading } from '../../ui/headings.tsx';
import { storeLink } from '../../ui/links.ts';
import { isRouterActive } from '../../core/platform/router.ts';

/** An order in one of these states moves no more. */
const ENDED: ReadonlySet<string> = new Set(['delivered', 'cancelled', 'payment_failed']);

/** A store's menu on the full page. */
const storeHref = (storeId: number) => storeLink('/restaurant/{id}', storeId);

/**
 * The order-status screen: get_order_status, followed live while the order is open (the live channel), as the
 * steps of its mode; under them the order itself (its store, items, totals, address, payment) and the
 * actions its state allows.
 */
export function OrderTracker({ host, orderId, links }: { host: HTMLElement; orderId: number; links: OrderLinks }) {
  const { t } = useLingui();
  const state = useStore(orderStatusStore(orderId));
  const detail = useOrderDetail(orderId, host);
  const productTypeId = useStore($settings)?.product_type?.id ?? null;

  useEffect(() => watchOrderStatus(orderId, { origin: host }), [orderId, host]);

  if (state.status === 'not-found') return <OrderNotFound />;
  if (state.status === 'failed') return <LoadFailed onRetry={() => retryOrderStatus(orderId)} />;
  if (state.status !== 'ready') return <Skeleton className="h-64 w-full" />;

  const result = state.result;
  const steps = trackSteps(result, productTypeId);
  const current = statusLabel(result.status, productTypeId);
  const menuHref = detail.status === 'ready' ? storeHref(detail.order.restaurant_id) : '';
  return (
    <section part="order-status" aria-label={t`Order #${orderId}`} className="flex flex-col gap-4">
      <header className="flex flex-col gap-1">
        <ScreenHeading className="m-0 text-xl font-bold"><Trans>Order #{orderId}</Trans></ScreenHeading>
        {detail.status === 'ready' && (isRouterActive() ? (
          // On the full page the store's name opens its menu; a vendor's page has no such route.
          <a part="store-link" href={menuHref} onClick={(event) => followLink(event, menuHref)} className="w-fit font-medium text-primary underline">
            {detail.order.restaurant_name}
          </a>
        ) : <p part="store-name" className="m-0 font-medium">{detail.order.restaurant_name}</p>)}
        <p part="current-status" role="status" aria-live="polite" className="m-0 text-lg font-semibold">
          {current}
        </p>
      </header>
      <OrderSteps steps={steps} />
      {/* While the order is on its way to done: the moment notifications help (never asked on load). */}
      {!ENDED.has(result.status) && <NotificationsOffer />}
      {detail.status === 'ready' ? (
        <OrderContents host={host} order={detail.order} links={links} shownOn="status" />
      ) : detail.status === 'failed' ? (
        <LoadFailed onRetry={() => void loadOrderDetail(orderId)} />
      ) : (
        <Skeleton label={t`Loading the order`} className="h-40 w-full" />
      )}
    </section>
  );
}
