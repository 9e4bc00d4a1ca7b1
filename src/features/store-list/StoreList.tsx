import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef } from 'react';
import { $latitude, $longitude } from '../../core/location/location.ts';
import { $pickupDeliveryFlag } from '../../core/cart/order-mode.ts';
import type { StoreCard } from '../../../contract/api/stores.ts';
import type { MoneyFormat } from '../../core/i18n/money.ts';
import { $moneyFormat, $settings, $settingsStatus } from '../../core/settings/settings.ts';
import { layoutOf } from '../../core/store-directory/store-card.ts';
import { $storeFilters, $storeList, activeFilterCount, loadMoreStores, loadStores, NO_FILTERS, type MoreStores } from '../../core/store-directory/stores.ts';
import { Button } from '../../ui/Button.tsx';
import { Loading } from '../../ui/Skeleton.tsx';
import { followLink, storeLink } from '../../ui/links.ts';
import { useWindowedList } from '../../ui/useWindowedList.ts';
import { GRID_CARD_HEIGHT, LIST_CARD_HEIGHT, StoreCardView } from './StoreCardView.tsx';

/** Gap between cards (px), and the narrowest grid column. */
const CARD_GAP = 16;
const MIN_COLUMN_WIDTH = 240;

/** Columns that fit `width` px in the grid (one in the list). */
export function columnsFor(width: number, grid: boolean): number {
  return grid ? Math.max(1, Math.floor((width + CARD_GAP) / (MIN_COLUMN_WIDTH + CARD_GAP))) : 1;
}

import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { useWidth } from '../../ui/useSize.ts';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { retryStorefront } from '../../core/bootstrap.ts';

export interface StoreListProps {
  /** '1' list (default) or '2' grid. */
  layout?: string;
  /** Link for a store; `{id}` is the base64 store id, `{slug}` its slug. */
  storeHref?: string;
  /** Shows the sort and filter bar. */
  showFilters?: boolean;
}

export const DEFAULT_STORE_HREF = '/restaurant/{id}';

/**
 * Rows of the cards' own height (grid cards unless `grid` is false), so the list does not grow when
 * the stores arrive: three grid rows reach below a phone's screen, and what follows the list stays put.
 */
export function StoreListSkeleton({ count = 3, grid = true }: { count?: number; grid?: boolean }) {
  const height = grid ? GRID_CARD_HEIGHT : LIST_CARD_HEIGHT;
  return (
    <Loading className="grid gap-4">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} aria-hidden="true" className="sf-skeleton w-full rounded-sf" style={{ height }} />
      ))}
    </Loading>
  );
}

/**
 * The sort and filter bar, fetched only where it is shown (`filters`, the full page's home), with a
 * placeholder of its one-row height meanwhile.
 */
const StoreFilterBar = lazyPart('store-filters', () => import('./StoreFilterBar.tsx').then((module) => module.StoreFilterBar), (
  <div aria-hidden="true" className="mb-4 h-[54px]" />
));

export function StoreList(props: StoreListProps) {
  return (
    <>
      {props.showFilters && <StoreFilterBar wanted />}
      <StoreListBody {...props} />
    </>
  );
}

function StoreListBody({ layout, storeHref = DEFAULT_STORE_HREF }: StoreListProps) {
  const { t } = useLingui();
  const state = useStore($storeList);
  const settings = useStore($settings);
  const settingsStatus = useStore($settingsStatus);
  const money = useStore($moneyFormat);
  const latitude = useStore($latitude);
  const longitude = useStore($longitude);
  const mode = useStore($pickupDeliveryFlag);
  const filters = useStore($storeFilters);
  const shape = layoutOf(layout);

  useEffect(() => {
    if (settings) void loadStores();
  }, [settings, latitude, longitude, mode, filters]);

  if (settingsStatus === 'empty') {
    return <p className="m-0 p-4 text-muted"><Trans>Store not found</Trans></p>;
  }
  if (settingsStatus === 'failed' || state.status === 'failed') {
    // Without settings the store list has no point to search from: retry those first.
    const retry = settingsStatus === 'failed' ? () => void retryStorefront() : () => void loadStores();
    return <LoadFailed onRetry={retry} className="flex flex-col items-start gap-3 p-4" />;
  }
  if (state.status === 'empty' && activeFilterCount(filters) > 0) {
    return (
      <div part="empty" className="flex flex-col items-start gap-3 p-4">
        <p className="m-0 text-muted"><Trans>No stores match these filters.</Trans></p>
        <Button variant="secondary" onClick={() => $storeFilters.set(NO_FILTERS)}><Trans>Clear filters</Trans></Button>
      </div>
    );
  }
  if (state.status === 'empty') {
    return (
      <p part="empty" className="m-0 p-4 text-muted">
        <Trans>Service not available in this area. Please change location and try again.</Trans>
      </p>
    );
  }
  if (state.status !== 'ready') return <StoreListSkeleton grid={shape === 'grid'} />;

  return (
    <WindowedStores
      stores={state.stores}
      more={state.more}
      grid={shape === 'grid'}
      storeHref={storeHref}
      label={t`Stores`}
      money={money}
      scheduleAfterHours={settings?.is_enable_schedule_order_after_business_hours === 1}
    />
  );
}

interface WindowedStoresProps {
  stores: StoreCard[];
  /** Whether more stores may follow (asked for as the end of the list comes near). */
  more: MoreStores;
  grid: boolean;
  storeHref: string;
  label: string;
  money: MoneyFormat;
  scheduleAfterHours: boolean;
}

/**
 * Renders only the rows of cards near the viewport, so a list of 1000 stores stays smooth, and asks for the
 * next page of stores when the rows it renders reach the last two.
 */
function WindowedStores({ stores, more, grid, storeHref, label, money, scheduleAfterHours }: WindowedStoresProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const width = useWidth(listRef);
  const columns = columnsFor(width, grid);
  const rowHeight = (grid ? GRID_CARD_HEIGHT : LIST_CARD_HEIGHT) + CARD_GAP;
  const heightOf = useCallback(() => rowHeight, [rowHeight]);
  const rows = Math.ceil(stores.length / columns);
  const windowed = useWindowedList({ count: rows, heightOf, listRef, initialCount: 6 });
  const visible = stores.slice(windowed.start * columns, windowed.end * columns);
  useEffect(() => {
    if (more === 'idle' && windowed.end >= rows - 2) void loadMoreStores();
  }, [more, windowed.end, rows]);
  return (
    <section aria-label={label} part="list">
      <ul
        ref={listRef}
        className="m-0 grid list-none gap-4 p-0"
        style={{
          // The browser fits the columns (the server's page, before any script, lays out as the storefront will); `columnsFor` counts them.
          gridTemplateColumns: grid ? `repeat(auto-fill, minmax(${MIN_COLUMN_WIDTH}px, 1fr))` : '1fr',
          paddingTop: windowed.offsets[windowed.start] ?? 0,
          paddingBottom: windowed.totalHeight - (windowed.offsets[windowed.end] ?? windowed.totalHeight),
        }}
        data-layout={grid ? 'grid' : 'list'}
      >
        {visible.map((store, index) => {
          const href = storeLink(storeHref, store.restaurant_id, store.slug);
          // The first row's pictures are the page's largest paint: fetched at once, not when scrolled to.
          const firstRow = windowed.start === 0 && index < columns;
          return (
            <li key={store.restaurant_id}>
              <StoreCardView
                store={store}
                layout={grid ? 'grid' : 'list'}
                href={href}
                money={money}
                scheduleAfterHours={scheduleAfterHours}
                onOpen={followLink}
                eager={firstRow}
              />
            </li>
          );
        })}
      </ul>
      {more === 'loading' && <StoreListSkeleton count={1} grid={grid} />}
      {more === 'failed' && <LoadFailed onRetry={() => void loadMoreStores()} className="flex flex-wrap items-center gap-3 p-4" />}
    </section>
  );
}
