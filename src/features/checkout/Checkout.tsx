import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PaymentMethod } from '../../../contract/api/order-states.ts';
import { $cart } from '../../core/cart/cart.ts';
import { orderMode } from '../../core/cart/order-mode.ts';
import { $quote, $schedule, $unavailableLines, quoteSettled, removeUnavailableLines, reviewProblem, startCheckout } from '../../core/checkout/checkout.ts';
import { emitHostEvent } from '../../core/platform/host-events.ts';
import { say } from '../../core/i18n/messages.ts';
import { ORDER_MESSAGES } from '../../core/cart/order-messages.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { completePaymentReturn, openPaymentStep, paymentReturnParams, placeOrder, readPlaceOrderData, withoutPaymentParams } from '../../core/checkout/payment.ts';
import { $online } from '../../core/platform/connection.ts';
import { isRouterActive, navigateToSignIn } from '../../core/platform/router.ts';
import { $isSignedIn } from '../../core/session/session-state.ts';
import { $moneyFormat } from '../../core/settings/settings.ts';
import { AlertModal, type AlertVariant } from '../../ui/AlertModal.tsx';
import { Button } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { SavedAddressDialog, useAddressChange } from './AddressSection.tsx';
import { PaymentStep, walletCovers } from './PaymentStep.tsx';
import { ReviewStep } from './ReviewStep.tsx';
import { ScreenHeading } from '../../ui/headings.tsx';

export type CheckoutStep = 'review' | 'payment' | 'payment-online';

export interface CheckoutProps {
  host: HTMLElement;
  /** Full page: the route's step. Left out (embedded), the checkout walks its steps itself. */
  step?: CheckoutStep;
  /** Full page: go to the route of a step. */
  onStep?: (step: 'review' | 'payment') => void;
  /** Full page: the order exists (go to its status). Left out, a success view shows. */
  onPlaced?: (orderId: number) => void;
  /** Link to a placed order; `{id}` is replaced. */
  orderHref?: string;
  /** Where an online payment comes back; default the current page. */
  returnUrl?: string;
}

interface AlertState {
  variant: AlertVariant;
  message?: string;
  confirm?: () => void;
  /** Offer to remove the lines the store cannot serve. */
  unavailable?: boolean;
}

function Done({ orderId, total, orderHref }: { orderId: number; total: number; orderHref: string }) {
  const money = useStore($moneyFormat);
  return (
    <div part="result" role="status" className="flex flex-col items-center gap-3 py-10 text-center">
      <ScreenHeading className="m-0 text-2xl font-bold"><Trans>Thank you! Your order is placed.</Trans></ScreenHeading>
      <p part="order-id" className="m-0"><Trans>Order #{orderId}</Trans>{total > 0 ? ` · ${formatPrice(total, money)}` : ''}</p>
      <a part="order-link" href={orderHref.replace('{id}', String(orderId))} className="font-medium text-primary underline">
        <Trans>Follow your order</Trans>
      </a>
    </div>
  );
}

function Message({ part, children }: { part: string; children: ReactNode }) {
  return <div part={part} className="flex flex-col items-center gap-4 py-10 text-center">{children}</div>;
}

/** The checkout steps review-cart → payment → result (or payment-online on the way back from the hosted payment page). */
export function Checkout({ host, step: routeStep, onStep, onPlaced, orderHref = '/order-status/{id}', returnUrl }: CheckoutProps) {
  const { t } = useLingui();
  const signedIn = useStore($isSignedIn);
  const online = useStore($online);
  const offlineText = t`You're offline. Placing an order needs a connection; your cart is kept.`;
  const lines = useStore($cart);
  const unavailable = useStore($unavailableLines);
  const [ownStep, setOwnStep] = useState<CheckoutStep>(() => (paymentReturnParams(location.search) ? 'payment-online' : 'review'));
  const step = routeStep ?? ownStep;
  const [placed, setPlaced] = useState<{ orderId: number; total: number } | null>(null);
  const [alert, setAlert] = useState<AlertState | null>(null);
  const [scheduleErrors, setScheduleErrors] = useState(false);
  const [method, setMethod] = useState<PaymentMethod | ''>(() => readPlaceOrderData()?.payment_method ?? '');
  const [methodError, setMethodError] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [retrying, setRetrying] = useState(() => Boolean(readPlaceOrderData()?.request));
  const [pending, setPending] = useState<number | null>(null);
  const address = useAddressChange(host);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  // A new step replaces what had focus: focus moves to its heading (or the result), never on first render.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepBody = useRef<HTMLDivElement>(null);
  const shownStep = useRef(`${step}:${placed?.orderId ?? ''}`);
  useEffect(() => {
    const now = `${step}:${placed?.orderId ?? ''}`;
    if (shownStep.current === now) return;
    shownStep.current = now;
    (stepHeading.current ?? stepBody.current)?.focus();
  }, [step, placed]);

  const go = (next: 'review' | 'payment') => (onStep ? onStep(next) : setOwnStep(next));
  const finished = (orderId: number, total: number) => {
    setRetrying(false);
    if (onPlaced) onPlaced(orderId);
    else setPlaced({ orderId, total });
  };

  useEffect(() => (signedIn ? startCheckout() : undefined), [signedIn]);
  useEffect(() => {
    if (step === 'payment' && signedIn) openPaymentStep();
    if (step !== 'payment-online' && signedIn) emitHostEvent('sf-checkout-step', { step, order_mode: orderMode() }, host);
  }, [step, signedIn]);

  // Back from the hosted payment page: ask the server how the payment went.
  useEffect(() => {
    if (step !== 'payment-online' || !signedIn) return;
    const params = paymentReturnParams(location.search);
    if (!params) {
      go('review');
      return;
    }
    void completePaymentReturn(params.orderId, { origin: host }).then((outcome) => {
      if (!mounted.current) return;
      if (!onStep) history.replaceState(history.state, '', withoutPaymentParams(location.href));
      if (outcome.kind === 'placed') finished(outcome.orderId, outcome.total);
      else if (outcome.kind === 'pending') setPending(outcome.orderId);
      else {
        setAlert({ variant: 'default', message: outcome.message });
        go('payment');
      }
    });
  }, [step, signedIn]);

  const onContinue = () => {
    const problem = reviewProblem();
    if (!problem) {
      setScheduleErrors(false);
      go('payment');
      return;
    }
    switch (problem.kind) {
      case 'empty':
        return setAlert({ variant: 'default', message: say(ORDER_MESSAGES.addItemToCart) });
      case 'address':
        return setAlert({ variant: 'address', confirm: () => { setAlert(null); address.change(); } });
      case 'schedule':
        setScheduleErrors(true);
        return setAlert({ variant: 'schedule' });
      case 'closed':
        return setAlert({ variant: 'default', message: say(ORDER_MESSAGES.restaurantOff) });
      case 'minimum':
        return setAlert({ variant: 'default', message: say(ORDER_MESSAGES.minimumItemsTotal, { amount: formatPrice(problem.minimum, $moneyFormat.get()) }) });
      case 'unavailable':
        return setAlert({ variant: 'default', message: say(ORDER_MESSAGES.itemsNotAvailable), unavailable: true });
      case 'pricing': {
        const current = $quote.get();
        if (current.status === 'failed') setAlert({ variant: 'default', message: current.message });
        else void quoteSettled().then(onContinue); // the bill is being priced again: go on once it is
      }
    }
  };


  const place = async () => {
    if (!method) return;
    setAlert(null);
    setPlacing(true);
    emitHostEvent('sf-order-submit', { payment_method: method }, host);
    const outcome = await placeOrder(method, { returnUrl: returnUrl ?? withoutPaymentParams(location.href), origin: host });
    if (outcome.kind === 'redirect') {
      location.assign(outcome.url); // stays "placing" until the page leaves
      return;
    }
    setPlacing(false);
    setRetrying(outcome.kind === 'network');
    switch (outcome.kind) {
      case 'placed':
        return finished(outcome.orderId, outcome.total);
      case 'network':
        return;
      case 'schedule': {
        const schedule = $schedule.get();
        if (schedule.kind === 'later') $schedule.set({ ...schedule, start: '' });
        setScheduleErrors(true);
        go('review');
        return setAlert({ variant: 'schedule' });
      }
      case 'unavailable':
        go('review');
        return setAlert({ variant: 'default', message: outcome.message, unavailable: true });
      case 'price-changed':
      case 'coupon':
        go('review');
        return setAlert({ variant: 'default', message: outcome.message });
      default:
        return setAlert({ variant: 'default', message: outcome.message });
    }
  };

  const onPlace = () => {
    // Offline nothing is sent: the cart and the attempt's key stay for when the connection is back.
    if (!$online.get()) {
      setAlert({ variant: 'default', message: offlineText });
      return;
    }
    if (!method) {
      setMethodError(true);
      return;
    }
    const quote = $quote.get();
    const breakdown = 'breakdown' in quote ? quote.breakdown : null;
    if (method === 'wallet' && breakdown && !walletCovers(breakdown.wallet_amount, breakdown.total)) {
      setAlert({ variant: 'default', message: say(ORDER_MESSAGES.insufficientWallet) });
      return;
    }
    setAlert({ variant: 'place-order', confirm: () => void place() });
  };

  let body: ReactNode;
  if (placed) {
    body = <Done orderId={placed.orderId} total={placed.total} orderHref={orderHref} />;
  } else if (!signedIn) {
    body = (
      <Message part="sign-in-prompt">
        <p className="m-0"><Trans>Sign in to place your order.</Trans></p>
        <Button
          part="sign-in"
          onClick={() => {
            if (isRouterActive()) navigateToSignIn(location.pathname);
            else emitHostEvent('sf-sign-in-required', { reason: 'checkout' }, host);
          }}
        >
          <Trans>Sign In</Trans>
        </Button>
      </Message>
    );
  } else if (step === 'payment-online') {
    body = pending === null ? (
      <Message part="payment-checking"><p className="m-0" role="status"><Trans>Checking your payment…</Trans></p><Skeleton label={false} className="h-8 w-48" /></Message>
    ) : (
      <Message part="payment-pending">
        <p className="m-0" role="status"><Trans>Your payment is still being confirmed.</Trans></p>
        <Button onClick={() => { setPending(null); go('payment'); }}><Trans>Back to payment</Trans></Button>
      </Message>
    );
  } else if (lines.length === 0) {
    body = (
      <Message part="empty">
        <p className="m-0"><Trans>Your cart is empty. Add items from a store to start an order.</Trans></p>
        <a href="/" className="font-medium text-primary underline"><Trans>Back to stores</Trans></a>
      </Message>
    );
  } else if (step === 'payment') {
    body = (
      <PaymentStep
        method={method}
        onMethod={(value) => { setMethod(value); setMethodError(false); }}
        showMethodError={methodError}
        onPlace={onPlace}
        onBack={() => go('review')}
        placing={placing}
        retrying={retrying}
      />
    );
  } else {
    body = <ReviewStep host={host} onContinue={onContinue} onChangeAddress={address.change} showScheduleErrors={scheduleErrors} />;
  }

  const heading = placed ? null : step === 'review' ? t`Review cart` : t`Payment`;
  return (
    <div part="checkout" className="mx-auto flex w-full max-w-2xl flex-col gap-4 text-ink">
      {heading && <ScreenHeading ref={stepHeading} tabIndex={-1} part="heading" className="m-0 text-xl font-bold focus:outline-none">{heading}</ScreenHeading>}
      <p part="offline" role="status" className="m-0 empty:hidden">
        {!online && !placed && <span className="block rounded-sf border border-black/15 bg-black/5 px-3 py-2 text-sm">{offlineText}</span>}
      </p>
      <div ref={stepBody} tabIndex={-1} className="flex flex-col gap-4 focus:outline-none">{body}</div>
      <AlertModal
        open={alert !== null}
        variant={alert?.variant ?? 'default'}
        {...(alert?.message ? { message: alert.message } : {})}
        {...(alert?.confirm ? { onConfirm: alert.confirm } : {})}
        onClose={() => setAlert(null)}
        busy={placing}
      >
        {alert?.unavailable && unavailable.length > 0 && (
          <Button variant="secondary" part="remove-unavailable" onClick={() => { removeUnavailableLines(host); setAlert(null); }}>
            <Trans>Remove items that are not available</Trans>
          </Button>
        )}
      </AlertModal>
      <SavedAddressDialog open={address.fallbackOpen} onClose={address.closeFallback} host={host} />
    </div>
  );
}
