import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { $locale, directionOf } from '../../core/i18n/locale.ts';
import { say } from '../../core/i18n/messages.ts';
import { SCREEN_MESSAGES } from '../../core/i18n/screen-messages.ts';
import { $orderLists, followOrderLists, loadMorePastOrders, loadOrderLists, resetOrderLists } from '../../core/orders/orders.ts';
import { $isSignedIn, $user } from '../../core/session/session-state.ts';
import { $moneyFormat, $settings } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { ListSkeleton } from '../../ui/Skeleton.tsx';
import { OrderCard } from './OrderCard.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { nextChoice } from '../../ui/arrow-keys.ts';

export interface OrdersProps {
  host: HTMLElement;
  /** Link of an order; `{id}` is the order id. Default `/order-details/{id}`. */
  orderHref?: string | undefined;
  /** Link to follow an ongoing order. Default `/order-status/{id}`. */
  statusHref?: string | undefined;
}

type Tab = 'ongoing' | 'past';
const TABS: Tab[] = ['ongoing', 'past'];

/** The customer's orders as Ongoing and Past tabs (WAI-ARIA tabs: arrow keys, Home, End). */
export function Orders({ host, orderHref = '/order-details/{id}', statusHref = '/order-status/{id}' }: OrdersProps) {
  const signedIn = useStore($isSignedIn);
  const userId = useStore($user)?.user_id;
  useEffect(() => {
    if (!signedIn) {
      resetOrderLists();
      return undefined;
    }
    void loadOrderLists();
    return followOrderLists();
  }, [signedIn, userId]);
  if (!signedIn) return <SignInPrompt host={host} />;
  return <OrderTabs orderHref={orderHref} statusHref={statusHref} />;
}

function OrderTabs({ orderHref, statusHref }: { orderHref: string; statusHref: string }) {
  const { t } = useLingui();
  const state = useStore($orderLists);
  const money = useStore($moneyFormat);
  const locale = useStore($locale);
  const productTypeId = useStore($settings)?.product_type?.id ?? null;
  const [tab, setTab] = useState<Tab>('ongoing');
  const ids = useId();
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ ongoing: null, past: null });

  const choose = (next: Tab) => {
    setTab(next);
    tabRefs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextChoice(event.key, TABS.indexOf(tab), TABS.length, { rtl: directionOf(locale) === 'rtl' });
    if (next === null) return;
    event.preventDefault();
    choose(TABS[next]!);
  };

  const label = (which: Tab) => (which === 'ongoing' ? t`Ongoing` : t`Past`);
  const count = (which: Tab) => (state.status === 'ready' ? state[which].length : null);

  return (
    <section part="orders" aria-label={say(SCREEN_MESSAGES.orders)} className="flex flex-col gap-4">
      <div role="tablist" part="tabs" aria-label={t`Your orders`} className="flex gap-2 border-b border-black/10" onKeyDown={onKeyDown}>
        {TABS.map((which) => {
          const selected = which === tab;
          const n = count(which);
          return (
            <button
              key={which}
              ref={(element) => void (tabRefs.current[which] = element)}
              type="button"
              role="tab"
              id={`${ids}-tab-${which}`}
              part={`tab${selected ? ' tab-selected' : ''}`}
              aria-selected={selected}
              aria-controls={`${ids}-panel-${which}`}
              tabIndex={selected ? 0 : -1}
              className={`-mb-px border-b-2 px-4 py-2 font-medium ${selected ? 'border-primary text-ink' : 'border-transparent text-muted hover:text-ink'}`}
              onClick={() => setTab(which)}
            >
              {label(which)}
              {n !== null && n > 0 && <span className="ms-2 rounded-full bg-black/5 px-2 text-sm">{n}</span>}
            </button>
          );
        })}
      </div>
      {TABS.map((which) => (
        <div
          key={which}
          role="tabpanel"
          id={`${ids}-panel-${which}`}
          part={`panel panel-${which}`}
          aria-labelledby={`${ids}-tab-${which}`}
          hidden={which !== tab}
          tabIndex={0}
        >
          {which === tab && <Panel which={which} orderHref={orderHref} statusHref={statusHref} money={money} locale={locale} productTypeId={productTypeId} />}
        </div>
      ))}
    </section>
  );
}

interface PanelProps {
  which: Tab;
  orderHref: string;
  statusHref: string;
  money: ReturnType<typeof $moneyFormat.get>;
  locale: string;
  productTypeId: number | null;
}

function Panel({ which, orderHref, statusHref, money, locale, productTypeId }: PanelProps) {
  const state = useStore($orderLists);
  if (state.status === 'failed') return <LoadFailed onRetry={() => void loadOrderLists()} />;
  if (state.status !== 'ready') {
    return <ListSkeleton />;
  }
  const orders = state[which];
  if (orders.length === 0) {
    return (
      <p part="empty" className="m-0 py-8 text-center text-muted">
        {which === 'ongoing' ? <Trans>You have no ongoing orders.</Trans> : <Trans>You have no past orders yet.</Trans>}
      </p>
    );
  }
  return (
    <>
      <ul part="order-list" className="m-0 flex list-none flex-col gap-3 p-0">
        {orders.map((order) => (
          <OrderCard key={order.order_id} order={order} money={money} locale={locale} productTypeId={productTypeId} orderHref={orderHref} statusHref={statusHref} />
        ))}
      </ul>
      {which === 'past' && state.hasMorePast && (
        <div className="mt-3 flex justify-center">
          <Button variant="ghost" part="more-orders" disabled={state.loadingMore} onClick={() => void loadMorePastOrders()}>
            <Trans>Show more orders</Trans>
          </Button>
        </div>
      )}
    </>
  );
}
