import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { emitHostEvent } from '../../core/platform/host-events.ts';
import { say } from '../../core/i18n/messages.ts';
import { SCREEN_MESSAGES } from '../../core/i18n/screen-messages.ts';
import { choosePromoCode, copyPromoCode, loadOffers, offersFor, watchOffers } from '../../core/offers/offers.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { ListSkeleton } from '../../ui/Skeleton.tsx';
import { OfferCard } from './OfferCard.tsx';

export interface OffersProps {
  /** The element whose actions raise host events. */
  host: HTMLElement;
  /** Render the list in the page instead of a trigger and a modal. */
  inline?: boolean;
  /** Only the offers valid at this store (and vendor-wide ones). */
  storeId?: number | null;
  /** An Apply button per coupon (the checkout's use). */
  apply?: boolean;
}

function OfferList({ host, storeId, apply, onApplied }: { host: HTMLElement; storeId: number | null; apply: boolean; onApplied?: () => void }) {
  const state = useStore(offersFor(storeId));
  useEffect(() => watchOffers(storeId), [storeId]);

  if (state.status === 'failed') return <LoadFailed onRetry={() => void loadOffers(storeId)} />;
  if (state.status !== 'ready') {
    return <ListSkeleton />;
  }
  if (state.coupons.length === 0) {
    return <p part="empty" className="m-0 py-6 text-center text-muted">{say(SCREEN_MESSAGES.noOffersAvailable)}</p>;
  }
  const onCopy = (code: string) => {
    emitHostEvent('sf-promo-copy', { code }, host);
    void copyPromoCode(code);
  };
  const onApply = (code: string) => {
    choosePromoCode(code);
    emitHostEvent('sf-promo-apply', { code }, host);
    onApplied?.();
  };
  return (
    <ul part="offers" className="m-0 flex list-none flex-col gap-3 p-0">
      {state.coupons.map((coupon) => (
        <OfferCard key={coupon.id} coupon={coupon} onCopy={onCopy} onApply={apply ? onApply : undefined} />
      ))}
    </ul>
  );
}

/** The offers modal: a trigger opening the promo codes, or the list in the page (`inline`). */
export function Offers({ host, inline = false, storeId = null, apply = false }: OffersProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  if (inline) {
    return (
      <section part="offers-section" aria-label={t`Offers`} className="flex flex-col gap-3">
        <OfferList host={host} storeId={storeId} apply={apply} />
      </section>
    );
  }
  return (
    <>
      <Button variant="ghost" part="trigger" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
          <circle cx="7.5" cy="7.5" r="1.5" />
        </svg>
        <Trans>Offers</Trans>
      </Button>
      {/* The promo modal's backdrop sits at z-index 9999 (the native dialog's top layer is above the page anyway). */}
      <Dialog open={open} title={t`Offers`} onClose={() => setOpen(false)} part="offers-dialog" className="z-[9999]">
        <OfferList host={host} storeId={storeId} apply={apply} onApplied={() => setOpen(false)} />
        <div className="flex justify-end">
          <Button variant="ghost" part="close" onClick={() => setOpen(false)}>
            <Trans>Close</Trans>
          </Button>
        </div>
      </Dialog>
    </>
  );
}
