import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { OrderTracking } from '../../../contract/api/tracking.ts';
import { callApi } from '../../core/api/client.ts';
import { $locale } from '../../core/i18n/locale.ts';
import { statusLabel } from '../../core/orders/orders.ts';
import { trackSteps } from '../../core/orders/order-status.ts';
import { $config } from '../../core/platform/config.ts';
import { isRouterActive } from '../../core/platform/router.ts';
import { showToast } from '../../core/platform/toast.ts';
import { $isSignedIn } from '../../core/session/session-state.ts';
import { followTracking, liveTrackingStore, retryTracking, tripSummary, type TrackingTarget } from '../../core/tracking/live-tracking.ts';
import { $settings } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { ScreenHeading, useHeadingTags } from '../../ui/headings.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { OrderSteps } from '../../ui/OrderSteps.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { TrackingMap } from '../../ui/TrackingMap.tsx';

/** A change of the time left is said aloud at most this often (a status change at once). */
export const ANNOUNCE_EVERY_MS = 30_000;

export interface TrackingProps {
  host: HTMLElement;
  /** The signed-in customer's order… */
  orderId: number | null;
  /** …or a tracking link's token (anyone may follow that one order). */
  link?: string | undefined;
}

/**
 * Following an order on its way: the status and its steps, the driver (name, vehicle, a call link), the
 * map with the route and the driver moving on it, the distance and the time left, updated live; a
 * screen reader hears the status changes and, now and then, the time left.
 */
export function Tracking({ host, orderId, link }: TrackingProps) {
  const signedIn = useStore($isSignedIn);
  if (link) return <LiveTracking host={host} target={{ link }} />;
  if (orderId === null) return <Unavailable title={<Trans>Order not found</Trans>} />;
  if (!signedIn) return <SignInPrompt host={host}><Trans>Sign in to follow your order.</Trans></SignInPrompt>;
  return <LiveTracking host={host} target={{ orderId }} />;
}

function Unavailable({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div part="not-found" className="flex flex-col gap-2 py-8 text-center">
      <ScreenHeading className="m-0 text-xl font-semibold">{title}</ScreenHeading>
      {children && <p className="m-0 text-muted">{children}</p>}
    </div>
  );
}

function LiveTracking({ host, target }: { host: HTMLElement; target: TrackingTarget }) {
  const store = liveTrackingStore(target);
  const state = useStore(store);
  const key = target.link ?? target.orderId;
  useEffect(() => followTracking(target, host), [key, host]);

  switch (state.status) {
    case 'ready':
      return <TrackingView tracking={state.tracking} own={target.link === undefined} />;
    case 'not-found':
      return <Unavailable title={<Trans>Order not found</Trans>} />;
    case 'link-expired':
      return (
        <Unavailable title={<Trans>This tracking link has expired</Trans>}>
          <Trans>Ask whoever sent it for a new one, or sign in to see your own orders.</Trans>
        </Unavailable>
      );
    case 'link-invalid':
      return (
        <Unavailable title={<Trans>This tracking link is not valid</Trans>}>
          <Trans>Check that the whole link was copied.</Trans>
        </Unavailable>
      );
    case 'failed':
      return <LoadFailed onRetry={() => retryTracking(target)} />;
    default:
      return <Skeleton className="h-80 w-full" />;
  }
}

function TrackingView({ tracking, own }: { tracking: OrderTracking; own: boolean }) {
  const { t } = useLingui();
  const locale = useStore($locale);
  const productTypeId = useStore($settings)?.product_type?.id ?? null;
  const ids = useId();
  const SectionHeading = useHeadingTags().section;
  const { order, driver, route } = tracking;
  const orderId = order.order_id;
  const storeName = tracking.store.name;
  const driverName = driver?.name ?? '';
  const summary = tripSummary(tracking, locale, productTypeId);
  const announced = useAnnouncement(summary, order.status, tracking.eta_minutes);
  return (
    <section part="tracking" aria-labelledby={`${ids}-title`} className="flex flex-col gap-4">
      <header className="flex flex-col gap-1">
        <ScreenHeading id={`${ids}-title`} className="m-0 text-xl font-bold"><Trans>Track order #{orderId}</Trans></ScreenHeading>
        <p part="current-status" className="m-0 text-lg font-semibold">{statusLabel(order.status, productTypeId)}</p>
        <p part="trip-summary" id={`${ids}-summary`} className="m-0">{summary}</p>
        <p part="announcer" role="status" aria-live="polite" className="sr-only">{announced}</p>
      </header>
      {route.length > 0 && (
        <>
          <TrackingMap tracking={tracking} describedBy={`${ids}-summary`} />
          <ul part="map-legend" aria-label={t`Map key`} className="m-0 flex list-none flex-wrap gap-x-4 gap-y-1 p-0 text-sm">
            <li className="flex items-center gap-2"><span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-ink" /><Trans>Store: {storeName}</Trans></li>
            <li className="flex items-center gap-2"><span aria-hidden="true" className="inline-block h-3 w-3 rounded-full bg-primary" />{own ? <Trans>Your address</Trans> : <Trans>Delivery point</Trans>}</li>
            {tracking.position && <li className="flex items-center gap-2"><span aria-hidden="true" className="inline-block h-3 w-3 rounded-full border-2 border-primary bg-white" /><Trans>Driver</Trans></li>}
          </ul>
        </>
      )}
      {driver && (
        <div part="driver" className="flex flex-wrap items-center gap-3 rounded-sf border border-black/10 p-3">
          <div className="flex min-w-0 flex-1 flex-col">
            <SectionHeading className="m-0 text-base font-semibold">{driverName}</SectionHeading>
            {(driver.vehicle || driver.vehicle_number) && (
              <p part="driver-vehicle" className="m-0 text-sm text-muted">
                {driver.vehicle}{driver.vehicle && driver.vehicle_number ? ' · ' : ''}{driver.vehicle_number && <span dir="ltr">{driver.vehicle_number}</span>}
              </p>
            )}
          </div>
          {driver.phone && (
            <a part="call-driver" href={`tel:${driver.phone.replace(/[^\d+]/g, '')}`} className="inline-flex min-h-10 items-center rounded-sf bg-button px-4 font-medium text-button-text no-underline">
              <Trans>Call {driverName}</Trans>
            </a>
          )}
        </div>
      )}
      <OrderSteps steps={trackSteps(order, productTypeId)} />
      {own && order.is_open && <ShareLink orderId={order.order_id} />}
    </section>
  );
}

/**
 * What the polite live region says: the summary when the status changes (at once) or when the time left
 * changes, at most every ANNOUNCE_EVERY_MS, never on each position.
 */
function useAnnouncement(summary: string, status: string, minutes: number | null): string {
  const [announced, setAnnounced] = useState('');
  const last = useRef<{ status: string; minutes: number | null; at: number } | null>(null);
  useEffect(() => {
    const previous = last.current;
    const now = Date.now();
    if (previous === null) {
      last.current = { status, minutes, at: now };
      return;
    }
    if (previous.status !== status || (previous.minutes !== minutes && now - previous.at >= ANNOUNCE_EVERY_MS)) {
      last.current = { status, minutes, at: now };
      setAnnounced(summary);
    }
  }, [status, minutes, summary]);
  return announced;
}

/** The link to this page for someone without an account: on the vendor's full page (the API's host serves it). */
function trackingUrl(orderId: number, token: string): string {
  const base = isRouterActive() ? location.origin : new URL($config.get().apiBase, location.href).origin;
  return new URL(`/trackorder/${orderId}?t=${encodeURIComponent(token)}`, base).toString();
}

function ShareLink({ orderId }: { orderId: number }) {
  const { t } = useLingui();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const share = async () => {
    setBusy(true);
    try {
      const answer = await callApi('tracking_link', { order_id: orderId });
      if (answer.code !== 200 || !answer.Result) return;
      const made = trackingUrl(orderId, answer.Result.token);
      setUrl(made);
      try {
        await navigator.clipboard.writeText(made);
        showToast(t`Tracking link copied`, { kind: 'success' });
      } catch {
        // No clipboard (an insecure page, a refused permission): the link is shown to copy by hand.
      }
    } catch {
      // The call said what went wrong.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div part="share" className="flex flex-col gap-2">
      <Button part="share-link" variant="secondary" onClick={() => void share()} disabled={busy} className="w-fit">
        <Trans>Share tracking link</Trans>
      </Button>
      {url && (
        <label className="flex flex-col gap-1 text-sm">
          <span><Trans>Anyone with this link can follow this order for 24 hours:</Trans></span>
          <input part="share-url" readOnly value={url} dir="ltr" onFocus={(event) => event.currentTarget.select()} className="min-h-10 w-full rounded-sf border border-gray-500 px-2" />
        </label>
      )}
    </div>
  );
}
