import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { loadMenu, menuState } from '../../core/menu/menu.ts';
import { loadMenuUntilItem, menuItem } from '../../core/menu/menu-item.ts';
import { emitHostEvent } from '../../core/platform/host-events.ts';
import { $isSignedIn } from '../../core/session/session-state.ts';
import { startSubscription } from '../../core/subscriptions/subscriptions.ts';
import { $settings } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { ReviewSubscription } from './ReviewSubscription.tsx';
import { SubscriptionCart } from './SubscriptionCart.tsx';

export interface SubscribeButtonProps {
  host: HTMLElement;
  restaurantId: number | null;
  itemId: number | null;
  /** Where the made subscription is shown; `{id}` is its id; '' stays on the page. */
  statusHref: string;
}

/**
 * `<sf-subscribe>`: Subscribe for one item of a store's menu, when the vendor offers subscriptions and the
 * item is subscribable; the subscription cart and the review in a dialog, then `sf-subscribed`. A guest
 * is asked to sign in (`sf-sign-in-required`).
 */
export function SubscribeButton({ host, restaurantId, itemId, statusHref }: SubscribeButtonProps) {
  const { t } = useLingui();
  const settings = useStore($settings);
  const signedIn = useStore($isSignedIn);
  const menu = useStore(menuState(restaurantId ? { kind: 'id', id: restaurantId } : null));
  const [step, setStep] = useState<'closed' | 'cart' | 'review'>('closed');
  const item = itemId === null ? undefined : menuItem(menu, itemId);
  // The menu is shared with a `<sf-menu>` of the same store on the page: loaded once; of a long one, as far as the item.
  useEffect(() => {
    if (restaurantId && menu.status === 'idle') void loadMenu({ kind: 'id', id: restaurantId });
    if (restaurantId && itemId !== null && menu.status === 'ready' && !item) void loadMenuUntilItem({ kind: 'id', id: restaurantId }, itemId);
  }, [restaurantId, menu.status, item, itemId]);

  if (settings?.subscription_status !== 1 || menu.status !== 'ready') return null;
  if (!item || item.is_subscribable !== 1) return null;
  const name = item.name;

  const open = () => {
    if (!signedIn) {
      emitHostEvent('sf-sign-in-required', { reason: 'subscribe' }, host);
      return;
    }
    startSubscription(menu.store, item);
    setStep('cart');
  };
  const subscribed = (subscriptionId: number) => {
    setStep('closed');
    emitHostEvent('sf-subscribed', { subscription_id: subscriptionId }, host);
    if (statusHref) location.assign(statusHref.replace('{id}', String(subscriptionId)));
  };
  return (
    <>
      <Button part="subscribe-button" variant="secondary" aria-label={t`Subscribe to ${name}`} aria-haspopup="dialog" onClick={open}>
        <Trans>Subscribe</Trans>
      </Button>
      <Dialog open={step !== 'closed'} title={step === 'review' ? t`Review subscription` : t`Subscribe to ${name}`} onClose={() => setStep('closed')} part="subscribe-dialog">
        {step === 'cart' && <SubscriptionCart inDialog onReview={() => setStep('review')} />}
        {step === 'review' && <ReviewSubscription inDialog onEdit={() => setStep('cart')} onSubscribed={subscribed} />}
      </Dialog>
    </>
  );
}
