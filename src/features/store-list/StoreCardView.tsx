import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { memo, type ReactNode } from 'react';
import type { StoreCard } from '../../../contract/api/stores.ts';
import { assetUrl } from '../../core/platform/config.ts';
import { formatAmount, formatNumber, type MoneyFormat } from '../../core/i18n/money.ts';
import { $moneyFormat, $settings } from '../../core/settings/settings.ts';
import { discountText, showsDistance, storeOverlay, visibleCuisines, type StoreLayout } from '../../core/store-directory/store-card.ts';
import { fetchPriority } from '../../ui/fetch-priority.ts';
import { followLink, storeLink } from '../../ui/links.ts';
import { RatingBadge } from '../../ui/RatingBadge.tsx';
import { joinList } from '../../core/i18n/locale.ts';
import { useHeadingTags } from '../../ui/headings.tsx';

export interface StoreCardViewProps {
  store: StoreCard;
  layout: StoreLayout;
  href: string;
  money: MoneyFormat;
  scheduleAfterHours: boolean;
  onOpen: (event: React.MouseEvent<HTMLAnchorElement>, href: string) => void;
  /** Fetch the picture at once with high priority (the first row), not lazily. */
  eager?: boolean;
}

/**
 * Cards have fixed heights so long lists can be windowed by rows (px): room for a name on two lines, then the
 * cuisines, the times and the offer (two lines of it on a grid card, one on a list card), none of them cut.
 */
export const GRID_CARD_HEIGHT = 300;
export const LIST_CARD_HEIGHT = 140;


/** A store card; memoised, since a scrolling list re-renders its window on every frame. */
export const StoreCardView = memo(function StoreCardView({ store, layout, href, money, scheduleAfterHours, onOpen, eager = false }: StoreCardViewProps) {
  // A card's name is a heading one level under the screen's (h2 under the full page's h1, h3 in a vendor's page).
  const CardHeading = useHeadingTags().section;
  const overlay = storeOverlay(store, scheduleAfterHours);
  const grid = layout === 'grid';
  const costForTwo = `${money.currency}${formatAmount(store.two_person_price, money, 1)}`;
  return (
    <a
      href={href}
      onClick={(event) => onOpen(event, href)}
      part="card"
      style={{ height: grid ? GRID_CARD_HEIGHT : LIST_CARD_HEIGHT }}
      className={`group relative flex overflow-hidden rounded-sf border border-black/10 bg-white text-ink no-underline shadow-sm transition hover:shadow-md ${grid ? 'flex-col' : 'flex-row gap-4 p-3'}`}
    >
      <div className={`relative shrink-0 overflow-hidden bg-slider ${grid ? 'h-[140px] w-full' : 'h-24 w-24 rounded-sf'}`}>
        <img
          src={assetUrl(store.icon_image)} alt="" loading={eager ? 'eager' : 'lazy'} {...fetchPriority(eager ? 'high' : 'auto')} decoding="async"
          className="h-full w-full object-cover" part="card-image"
        />
        {overlay !== 'none' && (
          <div part="card-overlay" className="absolute inset-0 flex items-center justify-center bg-black/60 px-2 text-center text-sm font-semibold text-white">
            {overlay === 'closed' ? <Trans>Closed</Trans> : <Trans>Schedule order</Trans>}
          </div>
        )}
      </div>
      <div className={`flex min-w-0 flex-1 flex-col gap-1 ${grid ? 'p-3' : ''}`}>
        <div className="flex items-start justify-between gap-2">
          <CardHeading className="m-0 line-clamp-2 text-base font-semibold leading-snug" part="card-name">
            {store.name}
          </CardHeading>
          <RatingBadge value={store.rating} locale={money.locale} part="card-rating" className="px-1.5" />
        </div>
        {store.cuisine_name.length > 0 && <p className="m-0 truncate text-sm text-muted">{joinList(visibleCuisines(store, layout), money.locale)}</p>}
        <p className="m-0 flex flex-wrap gap-x-3 text-sm text-muted">
          <span>
            {showsDistance(store) ? (
              <Trans>{formatNumber(store.distance, money.locale, 1, 1)} km</Trans>
            ) : (
              store.delivery_times || <Trans>{store.delivery_time} min</Trans>
            )}
          </span>
          <span>
            <Trans>{costForTwo} for two</Trans>
          </span>
        </p>
        {store.discount_text && (
          <p className={`m-0 text-sm font-medium text-primary ${grid ? 'line-clamp-2' : 'line-clamp-1'}`} part="card-discount">
            {discountText(store.discount_text, layout)}
          </p>
        )}
      </div>
    </a>
  );
});

/**
 * Stores as a grid of cards linking to their menus (the banner's and the brand's pages), or `empty` when
 * there are none. The page passes its own empty text, so each page carries only the message tables it uses.
 */
export function StoreCardGrid({ stores, empty }: { stores: readonly StoreCard[]; empty: ReactNode }) {
  const money = useStore($moneyFormat);
  const settings = useStore($settings);
  if (stores.length === 0) return <p className="m-0 text-muted">{empty}</p>;
  return (
    <ul className="m-0 grid list-none grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4 p-0">
      {stores.map((store) => (
        <li key={store.restaurant_id}>
          <StoreCardView
            store={store}
            layout="grid"
            href={storeLink('/restaurant/{id}', store.restaurant_id)}
            money={money}
            scheduleAfterHours={settings?.is_enable_schedule_order_after_business_hours === 1}
            onOpen={followLink}
          />
        </li>
      ))}
    </ul>
  );
}
