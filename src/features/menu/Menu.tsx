import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MenuCategory, MenuItem } from '../../../contract/api/menu.ts';
import type { RestaurantDetail } from '../../../contract/api/stores.ts';
import type { CartLine } from '../../core/cart/cart.ts';
import { say } from '../../core/i18n/messages.ts';
import { ORDER_MESSAGES } from '../../core/cart/order-messages.ts';
import { addToCart, toCartLine } from '../../core/cart/add-to-cart.ts';
import {
  canAddFromStore, filterMenu, isMenuComplete, isStoreClosed, loadMenu, menuKey, menuRows, menuState, parseMenuRef, type MenuRef, type MenuRow,
} from '../../core/menu/menu.ts';
import type { Selection } from '../../core/menu/options.ts';
import { formatNumber, formatPrice, type MoneyFormat } from '../../core/i18n/money.ts';
import { $latitude, $longitude } from '../../core/location/location.ts';
import { $moneyFormat, $settings } from '../../core/settings/settings.ts';
import { emitHostEvent } from '../../core/platform/host-events.ts';
import { loadChunk } from '../../core/platform/chunks.ts';
import { showError, showToast } from '../../core/platform/toast.ts';
import { ReplaceCartDialog } from '../../ui/ReplaceCartDialog.tsx';
import { storeLink } from '../../ui/links.ts';
import { ScreenLink } from '../../ui/ScreenLink.tsx';
import { isRouterActive, navigate } from '../../core/platform/router.ts';
import { lazyPart } from '../../ui/LazyPart.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { RatingBadge } from '../../ui/RatingBadge.tsx';
import { Loading, Skeleton } from '../../ui/Skeleton.tsx';
import { rowAt, useWindowedList } from '../../ui/useWindowedList.ts';
import { useWidth } from '../../ui/useSize.ts';
import { CATEGORY_ROW_HEIGHT, ITEM_ROW_HEIGHT, MenuItemRow } from './MenuItemRow.tsx';
import { ScreenHeading, useHeadingTags } from '../../ui/headings.tsx';
import { joinList } from '../../core/i18n/locale.ts';

export interface MenuProps {
  /** The custom element: `sf-cart-change` starts here. */
  host: HTMLElement;
  /** Base64 store id (route restaurant/{restaurant_id}). */
  store?: string;
  /** Store slug (route vendor/{restaurant_name}). */
  slug?: string;
  /** What the page adds under the store's header for this store (the full page: a group order). */
  storeActions?: (storeId: number) => ReactNode;
}


export function MenuSkeleton() {
  return (
    <Loading className="flex flex-col gap-3 p-1">
      <Skeleton label={false} className="h-8 w-2/3" />
      <Skeleton label={false} className="h-4 w-1/2" />
      <Skeleton label={false} className="h-10 w-full" />
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} label={false} className="h-28 w-full" />
      ))}
    </Loading>
  );
}

/** The options of an item, chosen in a dialog (its own chunk: fetched when the first item with options is added). */
const CustomiseDialog = lazyPart('customise-dialog', () => import('./CustomiseDialog.tsx').then((module) => module.CustomiseDialog));
/** Whether the store delivers to the customer's place, when they have told us one (its own chunk: fetched only then). */
const DeliveryAreaNote = lazyPart('delivery-area', () => import('./DeliveryAreaNote.tsx').then((module) => module.DeliveryAreaNote));

function StoreHeader({ store, money, actions }: { store: RestaurantDetail; money: MoneyFormat; actions?: ReactNode }) {
  const { t } = useLingui();
  const latitude = useStore($latitude);
  const longitude = useStore($longitude);
  const hasPlace = latitude !== null && longitude !== null;
  const minimum = formatPrice(store.minimum_order_value, money);
  const radius = formatNumber(store.delivery_radius_km, money.locale, 0, 1);
  const time = store.delivery_times || t`${store.delivery_time} min`;
  return (
    <header part="header" className="flex flex-col gap-1 pb-3">
      <div className="flex items-start justify-between gap-3">
        <ScreenHeading part="store-name" className="m-0 text-2xl font-bold">
          {store.name}
        </ScreenHeading>
        <RatingBadge value={store.rating} locale={money.locale} part="rating" className="px-2 py-0.5" />
      </div>
      {store.cuisine_name.length > 0 && <p className="m-0 text-muted">{joinList(store.cuisine_name, money.locale)}</p>}
      <p className="m-0 flex flex-wrap gap-x-4 text-sm text-muted">
        <span>
          <Trans>Delivery in {time}</Trans>
        </span>
        {store.minimum_order_value > 0 && (
          <span part="minimum-order">
            <Trans>Minimum order {minimum}</Trans>
          </span>
        )}
        <span part="delivery-area">
          {store.has_delivery_zone ? <Trans>Delivers within its own area</Trans> : <Trans>Delivers within {radius} km</Trans>}
        </span>
      </p>
      <DeliveryAreaNote wanted={hasPlace} store={store} />
      {isRouterActive() && (
        <p className="m-0 text-sm">
          <ScreenLink href={storeLink('/feedback/{id}', store.restaurant_id)} part="feedback-link"><Trans>Send feedback</Trans></ScreenLink>
        </p>
      )}
      {actions}
      {isStoreClosed(store) && (
        <p part="closed-notice" role="status" className="m-0 mt-2 rounded-sf bg-red-50 px-3 py-2 text-red-800">
          {say(ORDER_MESSAGES.restaurantOff)}
          {canAddFromStore(store) && (
            <>
              {' '}
              <Trans>You can still order ahead.</Trans>
            </>
          )}
        </p>
      )}
    </header>
  );
}

export function Menu({ host, store: storeAttr, slug, storeActions }: MenuProps) {
  const { t } = useLingui();
  const ref = useMemo<MenuRef | null>(() => parseMenuRef(storeAttr, slug), [storeAttr, slug]);
  const key = menuKey(ref);
  const $state = useMemo(() => menuState(ref), [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const state = useStore($state);
  const money = useStore($moneyFormat);

  useEffect(() => {
    const current = $state.get();
    if (current.status === 'idle' || current.status === 'failed') void loadMenu(ref);
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps

  if (state.status === 'not-found') {
    return (
      <div part="not-found" role="alert" className="p-4">
        <ScreenHeading className="m-0 text-xl font-semibold">{say(ORDER_MESSAGES.storeNotFound)}</ScreenHeading>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="flex flex-col gap-3">
        <LoadFailed onRetry={() => void loadMenu(ref)} className="flex flex-wrap items-center gap-3 p-1" />
        <MenuSkeleton />
      </div>
    );
  }
  if (state.status !== 'ready') return <MenuSkeleton />;
  return <ReadyMenu host={host} menuRef={ref} store={state.store} categories={state.categories} money={money} label={t`Menu`} {...(storeActions ? { storeActions } : {})} />;
}

/** How long typing rests before a menu not all here is searched on the server. */
const SEARCH_REST_MS = 250;

/**
 * A menu given this much width (px) is laid out for a wide screen: the categories in a rail at the start
 * and the cart beside the items at the end, both in view while the menu scrolls (docs/behaviour.md).
 */
export const WIDE_MENU_MIN_WIDTH = 900;
/** What the rail and the cart beside take from a wide menu's width (11rem and 18rem, and two 1.5rem gaps; they give way, never widening the page, while a narrowing is being measured). */
const WIDE_MENU_SIDES = 176 + 288 + 2 * 24;
/** The width an item needs to be one of two side by side. */
const ITEM_COLUMN_MIN_WIDTH = 300;

/** A row as the list shows it: a menu row, or items side by side (each an item or one still to come). */
type ShownRow = MenuRow | { kind: 'side-by-side'; key: string; cells: MenuRow[] };

/** The menu's rows with a category's items `columns` to a row (its heading stays a row of its own). */
function sideBySide(rows: readonly MenuRow[], columns: number): ShownRow[] {
  if (columns < 2) return [...rows];
  const shown: ShownRow[] = [];
  let cells: MenuRow[] = [];
  const flush = () => {
    if (cells.length) shown.push({ kind: 'side-by-side', key: cells.map((cell) => cell.key).join('+'), cells });
    cells = [];
  };
  for (const row of rows) {
    if (row.kind === 'category') {
      flush();
      shown.push(row);
    } else {
      cells.push(row);
      if (cells.length === columns) flush();
    }
  }
  flush();
  return shown;
}

// The cart beside a wide menu: its code comes only to a menu that has the width.
const CartBeside = lazyPart('cart-beside', () => import('./CartBeside.tsx').then((module) => module.CartBeside));

interface ReadyMenuProps {
  host: HTMLElement;
  menuRef: MenuRef | null;
  store: RestaurantDetail;
  categories: MenuCategory[];
  money: MoneyFormat;
  label: string;
  storeActions?: MenuProps['storeActions'];
}

function ReadyMenu({ host, menuRef, store, categories, money, label, storeActions }: ReadyMenuProps) {
  const { t } = useLingui();
  const CategoryHeading = useHeadingTags().section;
  const [query, setQuery] = useState('');
  const [customising, setCustomising] = useState<MenuItem | null>(null);
  const [pending, setPending] = useState<CartLine | null>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const width = useWidth(sectionRef);
  const wide = width >= WIDE_MENU_MIN_WIDTH;
  const columns = wide && width - WIDE_MENU_SIDES >= 2 * ITEM_COLUMN_MIN_WIDTH ? 2 : 1;
  const minorDigits = Math.max(2, money.priceDecimals ?? 2);
  const storeOpen = canAddFromStore(store);

  useEffect(() => emitHostEvent('sf-menu-view', { restaurant_id: store.restaurant_id, name: store.name, categories }, host), [store.restaurant_id]); // eslint-disable-line react-hooks/exhaustive-deps
  // A menu not all here is searched on the server (the loaded items' matches show meanwhile).
  const complete = useMemo(() => isMenuComplete(categories), [categories]);
  // What loads the rest of a menu sent in parts (its own chunk, fetched only for such a menu).
  const parts = useMemo(
    () => (complete || typeof document === 'undefined' ? undefined : loadChunk('long-menu', () => import('../../core/menu/long-menu.ts'))),
    [complete],
  );
  const [found, setFound] = useState<{ query: string; categories: MenuCategory[] } | undefined>(undefined);
  useEffect(() => {
    const asked = query.trim();
    if (!parts || !asked) return;
    let stale = false;
    const timer = setTimeout(() => {
      parts.then(({ searchStoreMenu }) => searchStoreMenu(store.restaurant_id, asked)).then((result) => {
        if (!stale && result) setFound({ query: asked, categories: result });
      }).catch(() => undefined);
    }, SEARCH_REST_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [parts, query, store.restaurant_id]);
  const visible = useMemo(
    () => (!complete && found && found.query === query.trim() ? found.categories : filterMenu(categories, query)),
    [categories, query, complete, found],
  );
  // A menu not all here has not been searched until the server answers: no "no match" before then.
  const searching = !complete && query.trim() !== '' && found?.query !== query.trim();
  const rows = useMemo(() => sideBySide(menuRows(visible), columns), [visible, columns]);
  const heightOf = useCallback((index: number) => (rows[index]?.kind === 'category' ? CATEGORY_ROW_HEIGHT : ITEM_ROW_HEIGHT), [rows]);
  const list = useWindowedList({ count: rows.length, heightOf, listRef });
  const categoryRows = useMemo(() => rows.flatMap((row, index) => (row.kind === 'category' ? [{ index, category: row.category }] : [])), [rows]);

  // Scroll-spy: the category whose heading has passed under the sticky bar (on a wide menu the rail is beside the items).
  const barHeight = wide ? 0 : barRef.current?.offsetHeight ?? 0;
  const spyRow = rows.length ? rowAt(list.offsets, Math.max(0, list.viewTop + barHeight + 1)) : 0;
  let activeCategory = categoryRows[0]?.category.category_id;
  for (const entry of categoryRows) if (entry.index <= spyRow) activeCategory = entry.category.category_id;

  useEffect(() => {
    // Keep the active link in view in a long, horizontally scrolling bar.
    const nav = navRef.current;
    const link = nav?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!nav || !link) return;
    const navRect = nav.getBoundingClientRect();
    const linkRect = link.getBoundingClientRect();
    if (linkRect.left < navRect.left || linkRect.right > navRect.right) nav.scrollLeft += linkRect.left - navRect.left - 16;
  }, [activeCategory]);

  useEffect(() => {
    if (focusRow === null) return;
    const heading = listRef.current?.querySelector<HTMLElement>(`[data-row="${focusRow}"] [part~="category-title"]`);
    if (heading) {
      heading.focus({ preventScroll: true });
      setFocusRow(null);
    }
  });

  const jumpTo = (rowIndex: number) => {
    const listElement = listRef.current;
    if (!listElement) return;
    const stickyTop = parseFloat(getComputedStyle(barRef.current ?? listElement).top) || 0;
    const target = window.scrollY + listElement.getBoundingClientRect().top + (list.offsets[rowIndex] ?? 0) - barHeight - stickyTop;
    window.scrollTo({ top: Math.max(0, target), behavior: 'auto' });
    list.update();
    setFocusRow(rowIndex);
  };

  const commit = (line: CartLine, replace = false) => {
    const outcome = addToCart(line, host, { replace });
    if (outcome.kind === 'other-store') {
      setPending(line);
      return false;
    }
    if (outcome.kind === 'refused') {
      showError(say(outcome.reason === 'maximum-reached' ? ORDER_MESSAGES.maximumItemsReached : ORDER_MESSAGES.quantityNotAvailable));
      return false;
    }
    const name = line.name;
    showToast(t`${name} added to cart`, { kind: 'success' });
    return true;
  };

  const onAdd = (item: MenuItem) => {
    if (item.customizations.length > 0) {
      setCustomising(item);
      emitHostEvent('sf-item-view', { restaurant_id: store.restaurant_id, item }, host);
    } else commit(toCartLine(item, {}, 1, minorDigits));
  };

  // Subscribe beside Add: on the full page, for the vendor's subscribable items (the subscription code loads on first use).
  const settings = useStore($settings);
  const onSubscribe = settings?.subscription_status === 1 && isRouterActive()
    ? (item: MenuItem) => {
      void import('../../core/subscriptions/subscriptions.ts').then(({ startSubscription }) => {
        startSubscription(store, item);
        navigate('/subscription-cart');
      });
    }
    : undefined;

  const onConfirm = (item: MenuItem, selection: Selection, quantity: number) => {
    const line = toCartLine(item, selection, quantity, minorDigits);
    setCustomising(null);
    commit(line);
  };

  const searchId = `sf-menu-search-${store.restaurant_id}`;
  const rendered: Array<{ row: ShownRow; index: number }> = [];
  for (let index = list.start; index < list.end; index += 1) rendered.push({ row: rows[index]!, index });
  // The items to come that are in view (or about to be) are asked for, a category at a time; the key names how far
  // each category has come, so a page that came (or failed, and is shown again) asks for the next one.
  const loadedOf = (id: number) => categories.find((category) => category.category_id === id)?.items.length ?? 0;
  const cellsOf = (row: ShownRow): MenuRow[] => (row.kind === 'side-by-side' ? row.cells : [row]);
  const comingInView = [...new Set(rendered.flatMap(({ row }) => cellsOf(row).flatMap((cell) => (cell.kind === 'coming' ? [cell.categoryId] : []))))]
    .map((id) => `${id}:${loadedOf(id)}`).join(',');
  useEffect(() => {
    if (!parts || !comingInView) return;
    parts.then(({ loadCategoryItems }) => {
      for (const entry of comingInView.split(',')) void loadCategoryItems(menuRef, Number(entry.split(':')[0]));
    }).catch(() => undefined);
  }, [comingInView, menuRef, parts]);

  const cell = (row: MenuRow) => (row.kind === 'coming' ? (
    <div key={row.key} part="item-coming" style={{ height: ITEM_ROW_HEIGHT, boxSizing: 'border-box' }} className="py-2">
      <Skeleton label={false} className="h-full w-full" />
    </div>
  ) : row.kind === 'item' ? (
    <MenuItemRow key={row.key} item={row.item} money={money} storeOpen={storeOpen} onAdd={onAdd} onSubscribe={onSubscribe} />
  ) : null);

  return (
    <section ref={sectionRef} part={`menu${wide ? ' menu-wide' : ''}`} aria-label={`${label}: ${store.name}`} className="flex flex-col">
      <StoreHeader store={store} money={money} actions={storeActions?.(store.restaurant_id)} />
      {/* Wide, nothing inside widens the page in the moment between a narrowing and its measure (clip, not hidden: the sides stay sticky). */}
      <div className={wide ? 'grid grid-cols-[minmax(0,11rem)_minmax(0,1fr)_minmax(0,18rem)] items-start gap-6 [overflow-x:clip]' : 'flex flex-col'}>
        <div
          ref={barRef}
          part="category-bar"
          className={`sticky z-10 flex flex-col gap-2 bg-white py-2 ${wide ? 'max-h-screen overflow-y-auto' : 'border-b border-black/10'}`}
          style={{ top: 'var(--sf-menu-sticky-top, 0px)' }}
        >
          <label htmlFor={searchId} className="sr-only">
            <Trans>Search the menu</Trans>
          </label>
          <input
            id={searchId}
            part="search"
            type="search"
            value={query}
            placeholder={t`Search the menu`}
            autoComplete="off"
            onChange={(event) => setQuery(event.currentTarget.value)}
            className="w-full rounded-sf border border-gray-500 bg-white px-3 py-2 text-ink"
          />
          {categoryRows.length > 0 && (
            <nav ref={navRef} aria-label={t`Menu categories`} className={wide ? '' : 'overflow-x-auto'}>
              <ul className={`m-0 flex list-none gap-2 p-0 ${wide ? 'flex-col' : 'whitespace-nowrap'}`}>
                {categoryRows.map(({ index, category }) => {
                  const active = category.category_id === activeCategory;
                  return (
                    <li key={category.category_id}>
                      <a
                        href={`#sf-menu-category-${category.category_id}`}
                        part={`category-link${active ? ' category-link-active' : ''}`}
                        aria-current={active ? 'true' : undefined}
                        onClick={(event) => {
                          event.preventDefault();
                          jumpTo(index);
                        }}
                        className={`${wide ? 'block' : 'inline-block'} rounded-full px-3 py-1 text-sm no-underline ${active ? 'bg-button text-button-text' : 'bg-black/5 text-ink'}`}
                      >
                        {category.name}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </nav>
          )}
        </div>
        {rows.length === 0 ? (
          <p part="empty" role="status" className="m-0 p-4 text-muted">
            {searching ? <Trans>Searching the menu…</Trans> : query.trim() ? <Trans>No items match “{query}”.</Trans> : <Trans>This store has no items yet.</Trans>}
          </p>
        ) : (
          <div ref={listRef} part="items" style={{ position: 'relative' }}>
            <div aria-hidden="true" style={{ height: list.offsets[list.start] ?? 0 }} />
            {rendered.map(({ row, index }) =>
              row.kind === 'category' ? (
                <div key={row.key} data-row={index} style={{ height: CATEGORY_ROW_HEIGHT, boxSizing: 'border-box' }} className="flex items-end pb-2">
                  <CategoryHeading id={`sf-menu-category-${row.category.category_id}`} tabIndex={-1} part="category-title" className="m-0 text-lg font-bold">
                    {row.category.name}
                  </CategoryHeading>
                </div>
              ) : (
                <div key={row.key} data-row={index} className={row.kind === 'side-by-side' ? 'grid grid-cols-2 gap-x-6' : undefined}>
                  {cellsOf(row).map(cell)}
                </div>
              ),
            )}
            <div aria-hidden="true" style={{ height: list.totalHeight - (list.offsets[list.end] ?? list.totalHeight) }} />
          </div>
        )}
        {wide && <CartBeside wanted host={host} store={store} />}
      </div>
      <CustomiseDialog wanted={customising !== null} item={customising} money={money} minorDigits={minorDigits} onClose={() => setCustomising(null)} onConfirm={onConfirm} />
      <ReplaceCartDialog pending={pending} onClose={() => setPending(null)} onReplace={(line) => commit(line, true)} />
    </section>
  );
}
