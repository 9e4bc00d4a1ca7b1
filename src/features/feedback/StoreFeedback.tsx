import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import { say } from '../../core/i18n/messages.ts';
import { ORDER_MESSAGES } from '../../core/cart/order-messages.ts';
import { decodeId } from '../../core/platform/ids.ts';
import { $isSignedIn } from '../../core/session/session-state.ts';
import {
  FEEDBACK_COMMENT_MAX, FEEDBACK_CONTACT_MAX, FEEDBACK_NAME_MAX, feedbackReady, sendStoreFeedback, type FeedbackDraft,
} from '../../core/store-directory/feedback.ts';
import { storeDetail } from '../../core/store-directory/store-detail.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, INPUT_CLASS } from '../../ui/Field.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Loading, Skeleton } from '../../ui/Skeleton.tsx';

export interface StoreFeedbackProps {
  /** The store id base64-encoded, as the route feedback/{restaurantid} carries it. */
  store: string;
}

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'not-found' } | { status: 'ready'; store: RestaurantDetail };

const EMPTY: FeedbackDraft = { rating: null, comment: '', name: '', contact: '' };

/** The store feedback form of feedback/{restaurantid}: a rating from 1 to 5, a comment, and a name and contact for guests. */
export function StoreFeedback({ store: encoded }: StoreFeedbackProps) {
  const { t } = useLingui();
  const id = decodeId(encoded);
  const signedIn = useStore($isSignedIn);
  const [load, setLoad] = useState<Load>(id === null ? { status: 'not-found' } : { status: 'loading' });
  const [draft, setDraft] = useState<FeedbackDraft>(EMPTY);
  const [ratingError, setRatingError] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const firstRatingRef = useRef<HTMLInputElement>(null);

  const fetchStore = () => {
    if (id === null) return;
    setLoad({ status: 'loading' });
    storeDetail(id).then(
      (found) => setLoad(found ? { status: 'ready', store: found } : { status: 'not-found' }),
      () => setLoad({ status: 'failed' }),
    );
  };
  useEffect(fetchStore, [id]);
  useEffect(() => {
    if (sent) thanksRef.current?.focus();
  }, [sent]);

  if (load.status === 'not-found') {
    return (
      <div part="feedback" className="mx-auto max-w-xl py-8 text-center">
        <h1 className="m-0 mb-2 text-2xl font-bold"><Trans>Store feedback</Trans></h1>
        <p part="not-found" role="alert" className="m-0 text-muted">{say(ORDER_MESSAGES.storeNotFound)}</p>
      </div>
    );
  }
  if (load.status === 'failed') return <LoadFailed onRetry={fetchStore} className="mx-auto flex max-w-xl flex-col items-center gap-3 py-8" />;
  if (load.status === 'loading') {
    return (
      <Loading className="mx-auto flex max-w-xl flex-col gap-3">
        <Skeleton label={false} className="h-8 w-2/3" />
        <Skeleton label={false} className="h-12 w-full" />
        <Skeleton label={false} className="h-24 w-full" />
      </Loading>
    );
  }
  const { store } = load;

  if (sent) {
    return (
      <section part="feedback thanks" className="mx-auto flex max-w-xl flex-col items-center gap-3 py-8 text-center" role="status">
        <h1 ref={thanksRef} tabIndex={-1} className="m-0 text-2xl font-bold outline-none"><Trans>Thank you for your feedback</Trans></h1>
        <p className="m-0 text-muted"><Trans>{store.name} will read what you wrote.</Trans></p>
      </section>
    );
  }

  const labels = [t`Poor`, t`Fair`, t`Good`, t`Very good`, t`Excellent`];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!feedbackReady(draft)) {
      setRatingError(true);
      firstRatingRef.current?.focus();
      return;
    }
    setSending(true);
    try {
      const outcome = await sendStoreFeedback(store.restaurant_id, draft);
      if (outcome === 'sent') setSent(true);
      else setLoad({ status: 'not-found' });
    } catch {
      // The client has shown the message (e.g. too many from this network); the draft stays.
    } finally {
      setSending(false);
    }
  };

  return (
    <section part="feedback" className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="m-0 text-2xl font-bold"><Trans>Feedback for {store.name}</Trans></h1>
      <p className="m-0 text-muted"><Trans>Tell the store how it went. Only the rating is required.</Trans></p>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <fieldset
          part="rating"
          className="m-0 flex flex-col gap-2 border-0 p-0"
          aria-describedby={ratingError ? 'sf-feedback-rating-error' : undefined}
        >
          <legend className="mb-2 text-sm font-medium"><Trans>Your rating</Trans></legend>
          <div className="flex flex-wrap gap-2">
            {labels.map((label, index) => {
              const value = index + 1;
              const checked = draft.rating === value;
              return (
                <label
                  key={value}
                  className={`flex min-h-11 min-w-11 cursor-pointer flex-col items-center justify-center rounded-sf border px-3 py-1 text-sm focus-within:ring-2 focus-within:ring-primary ${
                    checked ? 'border-primary bg-button text-button-text' : 'border-black/20 bg-white text-ink'
                  }`}
                >
                  <input
                    ref={index === 0 ? firstRatingRef : undefined}
                    type="radio"
                    name="sf-feedback-rating"
                    value={value}
                    checked={checked}
                    onChange={() => {
                      setDraft({ ...draft, rating: value });
                      setRatingError(false);
                    }}
                    className="sr-only"
                  />
                  <span aria-hidden="true" className="text-lg leading-none">{'★'.repeat(value)}</span>
                  <span>{label}</span>
                </label>
              );
            })}
          </div>
          {ratingError && (
            <p id="sf-feedback-rating-error" role="alert" className="m-0 text-sm text-red-700"><Trans>Choose a rating.</Trans></p>
          )}
        </fieldset>
        <Field id="sf-feedback-comment" label={t`Comment (optional)`}>
          <textarea
            id="sf-feedback-comment"
            value={draft.comment}
            maxLength={FEEDBACK_COMMENT_MAX}
            rows={4}
            onChange={(event) => setDraft({ ...draft, comment: event.target.value })}
            className={INPUT_CLASS}
          />
        </Field>
        {!signedIn && (
          <>
            <Field id="sf-feedback-name" label={t`Your name (optional)`}>
              <input
                id="sf-feedback-name"
                autoComplete="name"
                value={draft.name}
                maxLength={FEEDBACK_NAME_MAX}
                onChange={(event) => setDraft({ ...draft, name: event.target.value })}
                className={INPUT_CLASS}
              />
            </Field>
            <Field id="sf-feedback-contact" label={t`Phone or email (optional)`} hint={t`Only if you would like the store to reply.`}>
              <input
                id="sf-feedback-contact"
                autoComplete="email"
                aria-describedby="sf-feedback-contact-hint"
                value={draft.contact}
                maxLength={FEEDBACK_CONTACT_MAX}
                onChange={(event) => setDraft({ ...draft, contact: event.target.value })}
                className={INPUT_CLASS}
              />
            </Field>
          </>
        )}
        <Button type="submit" disabled={sending} className="min-h-11 self-start">
          <Trans>Send feedback</Trans>
        </Button>
      </form>
    </section>
  );
}
