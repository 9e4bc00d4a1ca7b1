import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { loadOrderDetail, orderDetailStore } from '../../core/orders/orders.ts';
import { checkRating, REVIEW_MAX_LENGTH, submitRating, type RatingState } from '../../core/orders/rating.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" part="stars" aria-label={plural(rating, { one: '# star out of 5', other: '# stars out of 5' })} className="text-2xl text-amber-600">
      {'★'.repeat(rating)}
      <span className="text-gray-500">{'☆'.repeat(5 - rating)}</span>
    </span>
  );
}

/** check_rating / add_rating: 1–5 stars as a radio group and a review, once, for a delivered order; read-only once rated. */
export function OrderRating({ orderId }: { orderId: number }) {
  const { t } = useLingui();
  const detail = useStore(orderDetailStore(orderId));
  const [state, setState] = useState<RatingState>({ status: 'loading' });
  const [rating, setRating] = useState(0);
  const [review, setReview] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = useId();

  const load = () => {
    setState({ status: 'loading' });
    void checkRating(orderId).then(setState);
    void loadOrderDetail(orderId);
  };
  useEffect(load, [orderId]);

  if (state.status === 'failed' || detail.status === 'failed') return <LoadFailed onRetry={load} />;
  if (detail.status === 'not-found') return <p part="not-found" className="m-0 py-8 text-center"><Trans>Order not found</Trans></p>;
  if (state.status === 'loading' || detail.status !== 'ready') return <Skeleton className="h-48 w-full" />;

  const storeName = detail.order.restaurant_name;
  if (state.status === 'rated') {
    return (
      <section part="rating rating-done" aria-label={t`Your rating`} className="flex flex-col gap-2">
        {state.justNow && (
          <p part="thanks" role="status" className="m-0 text-lg font-semibold"><Trans>Thank you for your rating!</Trans></p>
        )}
        <p className="m-0"><Trans>Your rating of {storeName}</Trans></p>
        <Stars rating={state.rating} />
        {state.review && <blockquote part="review-text" className="m-0 border-s border-black/20 ps-3 text-muted">{state.review}</blockquote>}
      </section>
    );
  }
  if (detail.order.status !== 'delivered') {
    return (
      <p part="rating-not-yet" className="m-0 rounded-sf bg-black/5 p-4">
        <Trans>You can rate this order once it is delivered.</Trans>
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const outcome = await submitRating(orderId, rating, review);
    setBusy(false);
    if (outcome.ok) {
      setState(outcome.state);
      return;
    }
    setError(outcome.message);
    if (outcome.state) setState(outcome.state);
  };

  return (
    <form part="rating rating-form" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <fieldset className="m-0 border-0 p-0">
        <legend id={`${ids}-legend`} className="mb-2 font-semibold"><Trans>How was your order from {storeName}?</Trans></legend>
        <div role="radiogroup" part="stars-input" aria-labelledby={`${ids}-legend`} aria-required="true" aria-describedby={error ? `${ids}-error` : undefined} className="flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="cursor-pointer">
              <input
                type="radio"
                name={`${ids}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  setError('');
                }}
                className="peer sr-only"
              />
              <span className="sr-only">{plural(value, { one: '# star', other: '# stars' })}</span>
              <span aria-hidden="true" className={`block text-3xl peer-focus-visible:outline peer-focus-visible:outline-2 ${value <= rating ? 'text-amber-600' : 'text-gray-500'}`}>{value <= rating ? '★' : '☆'}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-review`} className="font-medium"><Trans>Review (optional)</Trans></label>
        <textarea
          id={`${ids}-review`}
          part="review"
          rows={4}
          maxLength={REVIEW_MAX_LENGTH}
          value={review}
          onChange={(event) => setReview(event.target.value)}
          className="rounded-sf border border-gray-500 p-2"
        />
      </div>
      {error && <p id={`${ids}-error`} role="alert" part="rating-error" className="m-0 text-red-700">{error}</p>}
      <div>
        <Button type="submit" part="submit-rating" disabled={busy}>
          <Trans>Submit rating</Trans>
        </Button>
      </div>
    </form>
  );
}
