import { Trans, useLingui } from '@lingui/react/macro';
import type { MenuItem } from '../../../contract/api/menu.ts';
import { assetUrl } from '../../core/platform/config.ts';
import { formatPrice, type MoneyFormat } from '../../core/i18n/money.ts';
import { isItemOrderable } from '../../core/menu/menu.ts';
import { Button } from '../../ui/Button.tsx';
import { FoodMarker } from '../../ui/FoodMarker.tsx';
import { useHeadingTags } from '../../ui/headings.tsx';

/** Rows are windowed, so each has a fixed height. */
export const ITEM_ROW_HEIGHT = 152;
export const CATEGORY_ROW_HEIGHT = 60;

const CLAMP_2 = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const;


export interface MenuItemRowProps {
  item: MenuItem;
  money: MoneyFormat;
  /** The store takes orders now (open, or closed but scheduling). */
  storeOpen: boolean;
  onAdd: (item: MenuItem) => void;
  /** Subscribe beside Add, for a subscribable item (when the vendor offers subscriptions). */
  onSubscribe?: ((item: MenuItem) => void) | undefined;
}

export function MenuItemRow({ item, money, storeOpen, onAdd, onSubscribe }: MenuItemRowProps) {
  const { t } = useLingui();
  const ItemHeading = useHeadingTags().entry;
  const orderable = isItemOrderable(item);
  const image = assetUrl(item.image);
  const price = formatPrice(item.price, money);
  const mrp = item.mrp > item.price ? formatPrice(item.mrp, money) : '';
  const name = item.name;
  return (
    <article
      part={`item${orderable ? '' : ' item-unavailable'}`}
      aria-labelledby={`item-${item.item_id}-name`}
      className="flex gap-4 border-b border-black/10 py-3"
      style={{ height: ITEM_ROW_HEIGHT, boxSizing: 'border-box' }}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-center gap-2">
          <FoodMarker type={item.item_type} />
          <ItemHeading id={`item-${item.item_id}-name`} part="item-name" className="m-0 truncate text-base font-semibold">
            {name}
          </ItemHeading>
        </div>
        {item.description && (
          <p part="item-description" className="m-0 text-sm text-muted" style={CLAMP_2}>
            {item.description}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-x-3">
          <p part="item-price" className="m-0 flex items-baseline gap-2 font-semibold">
            <span>{price}</span>
            {mrp && (
              <s className="text-sm font-normal text-muted">
                <span className="sr-only"><Trans>Original price</Trans> </span>
                {mrp}
              </s>
            )}
          </p>
          {onSubscribe && item.is_subscribable === 1 && orderable && (
            <button type="button" part="subscribe-button" aria-label={t`Subscribe to ${name}`} onClick={() => onSubscribe(item)}
              className="inline-flex min-h-6 items-center text-sm font-medium text-primary underline">
              <Trans>Subscribe</Trans>
            </button>
          )}
        </div>
      </div>
      <div className="flex w-28 shrink-0 flex-col items-center justify-between gap-2">
        {image ? (
          // An item not available now is told by its button; its picture is faded (its words keep their contrast).
          <img src={image} alt="" loading="lazy" decoding="async" part="item-image" className={`h-20 w-28 rounded-sf bg-slider object-cover ${orderable ? '' : 'opacity-50 grayscale'}`} />
        ) : (
          <div aria-hidden="true" className="h-20 w-28 rounded-sf bg-slider" />
        )}
        {orderable ? (
          <Button
            part="add-button"
            variant="primary"
            className="w-full py-1.5"
            disabled={!storeOpen}
            aria-label={t`Add ${name}`}
            aria-haspopup={item.customizations.length > 0 ? 'dialog' : undefined}
            onClick={() => onAdd(item)}
          >
            <Trans>Add</Trans>
          </Button>
        ) : (
          <Button part="add-button" variant="secondary" className="w-full px-2 py-1.5 text-sm" disabled aria-label={t`${name}: Not available`}>
            <Trans>Not available</Trans>
          </Button>
        )}
      </div>
    </article>
  );
}
