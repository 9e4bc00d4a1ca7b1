import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { emitHostEvent } from '../../core/platform/host-events.ts';
import { decodeId } from '../../core/platform/ids.ts';
import { $restaurantId } from '../../core/location/location.ts';
import { say } from '../../core/i18n/messages.ts';
import { LOCATION_MESSAGES } from '../../core/location/location-messages.ts';
import { formatNumber } from '../../core/i18n/money.ts';
import { $locale } from '../../core/i18n/locale.ts';
import { $settings } from '../../core/settings/settings.ts';
import { chooseStore, mustChooseStore, showsSelectStoreLink } from '../../core/store-directory/store-selection.ts';
import { $storeList, loadMoreStores, loadStores } from '../../core/store-directory/stores.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';

function StoreChoices({ host, onChosen }: { host: HTMLElement; onChosen: () => void }) {
  const state = useStore($storeList);
  const locale = useStore($locale);
  const chosen = decodeId(useStore($restaurantId));
  const list = useRef<HTMLUListElement>(null);
  // After Show more stores the focus moves to the first store it brought (the button may be gone then).
  const firstNew = useRef<number | null>(null);

  useEffect(() => {
    if (state.status === 'idle') void loadStores();
  }, [state.status]);

  useEffect(() => {
    if (firstNew.current === null || state.status !== 'ready' || state.more === 'loading') return;
    list.current?.querySelectorAll<HTMLButtonElement>('[part~="store"]')[firstNew.current]?.focus();
    firstNew.current = null;
  }, [state]);

  const showMore = () => {
    if (state.status === 'ready') firstNew.current = state.stores.length;
    void loadMoreStores();
  };

  if (state.status === 'empty') return <p className="m-0 text-muted">{say(LOCATION_MESSAGES.serviceNotAvailable)}</p>;
  if (state.status === 'failed') {
    return <LoadFailed onRetry={() => void loadStores()} className="flex flex-col items-start gap-2" />;
  }
  if (state.status !== 'ready') return <Skeleton className="h-40 w-full" />;
  return (
    <>
      <ul ref={list} className="m-0 flex max-h-[60vh] list-none flex-col gap-2 overflow-y-auto p-0">
        {state.stores.map((store) => (
          <li key={store.restaurant_id}>
            <button
              type="button"
              part="store"
              aria-current={chosen === store.restaurant_id ? 'true' : undefined}
              className={`flex w-full flex-col items-start gap-0.5 rounded-sf border px-4 py-3 text-start hover:bg-black/5 ${chosen === store.restaurant_id ? 'border-primary' : 'border-black/15'}`}
              onClick={() => {
                const restaurantId = chooseStore(store.restaurant_id);
                emitHostEvent('sf-store-change', { restaurantId }, host);
                onChosen();
              }}
            >
              <span className="font-semibold">{store.name}</span>
              <span className="text-sm text-muted">
                {store.address} · <Trans>{formatNumber(store.distance, locale, 1, 1)} km</Trans>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {(state.more === 'idle' || state.more === 'loading') && (
        <Button variant="secondary" part="more-stores" disabled={state.more === 'loading'} onClick={showMore}>
          <Trans>Show more stores</Trans>
        </Button>
      )}
      {state.more === 'failed' && <LoadFailed onRetry={() => void loadMoreStores()} />}
    </>
  );
}

export interface StorePickerProps {
  host: HTMLElement;
  /** 'button' shows the header's Select store link; the forced modal opens by itself either way. */
  variant?: string;
  /**
   * Whether the modal may open by itself (forced) until a store is chosen; the full page turns it
   * off on its static screens (support, FAQ, account) and the customer's orders, which a customer must reach without a store.
   */
  force?: boolean;
}

/** The store modal: forced with a static backdrop until a store is chosen, or opened from Select store. */
export function StorePicker({ host, variant, force = true }: StorePickerProps) {
  const { t } = useLingui();
  const settings = useStore($settings);
  const restaurantId = useStore($restaurantId);
  const [open, setOpen] = useState(false);
  const forced = force && mustChooseStore(settings, restaurantId);
  return (
    <>
      {variant === 'button' && showsSelectStoreLink(settings) && (
        <Button variant="ghost" part="trigger" className="whitespace-nowrap" onClick={() => setOpen(true)}>
          {t`Select store`}
        </Button>
      )}
      <Dialog open={forced || open} staticBackdrop={forced} title={t`Choose your store`} onClose={() => setOpen(false)} part="dialog">
        <StoreChoices host={host} onChosen={() => setOpen(false)} />
      </Dialog>
    </>
  );
}
