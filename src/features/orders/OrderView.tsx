import { useStore } from '@nanostores/react';
import { $isSignedIn } from '../../core/session/session-state.ts';
import { Trans } from '@lingui/react/macro';
import { ScreenHeading } from '../../ui/headings.tsx';
import { OrderDetails, OrderNotFound } from './OrderDetails.tsx';
import { OrderRating } from './OrderRating.tsx';
import { OrderTracker } from './OrderTracker.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';

export type OrderViewName = 'details' | 'status' | 'rating';

export interface OrderViewProps {
  host: HTMLElement;
  orderId: number | null;
  view?: string | undefined;
  /** Link templates; `{id}` is the order id. */
  detailsHref?: string | undefined;
  statusHref?: string | undefined;
  ratingHref?: string | undefined;
  trackingHref?: string | undefined;
}

export function viewName(view: string | undefined): OrderViewName {
  return view === 'status' || view === 'rating' ? view : 'details';
}

/** One order: its details, its live status, or its rating (signed-in customers only). */
export function OrderView({ host, orderId, view, detailsHref = '/order-details/{id}', statusHref = '/order-status/{id}', ratingHref = '/rating/{id}', trackingHref = '/trackorder/{id}' }: OrderViewProps) {
  const signedIn = useStore($isSignedIn);
  if (!signedIn) return <SignInPrompt host={host} />;
  if (orderId === null) return <OrderNotFound />;
  switch (viewName(view)) {
    case 'status':
      return <OrderTracker key={orderId} host={host} orderId={orderId} links={{ statusHref, ratingHref, detailsHref, trackingHref }} />;
    case 'rating':
      return (
        <section part="rating-screen" className="flex flex-col gap-4">
          <ScreenHeading className="m-0 text-xl font-bold"><Trans>Rate this order</Trans></ScreenHeading>
          <OrderRating key={orderId} orderId={orderId} />
        </section>
      );
    default:
      return <OrderDetails key={orderId} host={host} orderId={orderId} links={{ statusHref, ratingHref, detailsHref, trackingHref }} />;
  }
}
