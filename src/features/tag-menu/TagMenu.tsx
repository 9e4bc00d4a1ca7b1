import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { SearchItem } from '../../../contract/api/discovery.ts';
import { addToCart, toCartLine } from '../../core/cart/add-to-cart.ts';
import type { CartLine } from '../../core/cart/cart.ts';
import { MESSAGES, say } from '../../core/i18n/messages.ts';
import { ORDER_MESSAGES } from '../../core/cart/order-messages.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { $latitude, $longitude } from '../../core/location/location.ts';
import { isItemOrderable } from '../../core/menu/menu.ts';
import { assetUrl } from '../../core/platform/config.ts';
import { showError, showToast } from '../../core/platform/toast.ts';
import { $tagGroups, loadTagGroups } from '../../core/store-directory/discovery.ts';
import { $moneyFormat, $settings } from '../../core/settings/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { ReplaceCartDialog } from '../../ui/ReplaceCartDialog.tsx';
import { followLink, storeLink } from '../../ui/links.ts';
import { ListSkeleton } from '../../ui/Skeleton.tsx';
import { tagName } from '../../core/menu/tags.ts';

export interface TagMenuProps {
  host: HTMLElement;
  /** Only this tag (the address's ?tag=); every tag when empty. */
  tag?: string;
}

/**
 * tag-wise-menu: items near the customer grouped by tag (tag_wise_restaurant_menu_item), each with its
 * store. Items without options are added here by the menu's rules (core/cart/add-to-cart.ts: one
 * store per cart, asking before replacing; stock); items with options open their store's menu.
 */
export function TagMenu({ host, tag = '' }: TagMenuProps) {
  const { t } = useLingui();
  const state = useStore($tagGroups);
  const money = useStore($moneyFormat);
  const settings = useStore($settings);
  const latitude = useStore($latitude);
  const longitude = useStore($longitude);
  const [pending, setPending] = useState<CartLine | null>(null);
  const minorDigits = Math.max(2, money.priceDecimals ?? 2);

  useEffect(() => {
    if (settings) void loadTagGroups();
  }, [settings, latitude, longitude]);

  const commit = (line: CartLine, replace = false) => {
    const outcome = addToCart(line, host, { replace });
    if (outcome.kind === 'other-store') setPending(line);
    else if (outcome.kind === 'refused') showError(say(outcome.reason === 'maximum-reached' ? ORDER_MESSAGES.maximumItemsReached : ORDER_MESSAGES.quantityNotAvailable));
    else {
      const name = line.name;
      showToast(t`${name} added to cart`, { kind: 'success' });
    }
  };

  const wanted = tag.trim().toLowerCase();
  const groups = state.status === 'ready' ? state.value.filter((group) => !wanted || group.tag.toLowerCase() === wanted) : [];
  return (
    <div part="tag-menu" className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="m-0 text-2xl font-bold">{wanted && groups[0] ? tagName(groups[0].tag) : <Trans>Popular picks</Trans>}</h1>
      {(state.status === 'idle' || state.status === 'loading') && <ListSkeleton rows={3} />}
      {state.status === 'failed' && <p className="m-0 text-muted">{say(MESSAGES.somethingWentWrongTryAgain)}</p>}
      {state.status === 'ready' && groups.length === 0 && <p className="m-0 text-muted"><Trans>No items found</Trans></p>}
      {groups.map((group) => (
        <section key={group.tag} part="tag-group" aria-label={tagName(group.tag)} className="flex flex-col gap-3">
          {!wanted && <h2 className="m-0 text-lg font-semibold">{tagName(group.tag)}</h2>}
          <ul className="m-0 flex list-none flex-col gap-3 p-0">
            {group.items.map((item) => (
              <TagItem key={`${item.restaurant_id}-${item.item_id}`} item={item} price={formatPrice(item.price, money)} onAdd={() => commit(toCartLine(item, {}, 1, minorDigits))} />
            ))}
          </ul>
        </section>
      ))}
      <ReplaceCartDialog pending={pending} onClose={() => setPending(null)} onReplace={(line) => commit(line, true)} />
    </div>
  );
}

function TagItem({ item, price, onAdd }: { item: SearchItem; price: string; onAdd: () => void }) {
  const { t } = useLingui();
  const href = storeLink('/restaurant/{id}', item.restaurant_id, item.restaurant_slug);
  const name = item.name;
  const orderable = isItemOrderable(item);
  return (
    <li part="tag-item" className="flex items-center gap-3 rounded-sf border border-black/10 p-2">
      <img src={assetUrl(item.image)} alt="" loading="lazy" decoding="async" className="h-16 w-16 shrink-0 rounded-sf bg-slider object-cover" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium [overflow-wrap:anywhere]">{name}</span>
        <a href={href} onClick={(event) => followLink(event, href)} className="text-sm text-muted underline [overflow-wrap:anywhere]">
          {item.restaurant_name}
        </a>
        <span className="text-sm font-medium">{price}</span>
      </div>
      {!orderable ? (
        <span className="text-sm text-muted">{say(ORDER_MESSAGES.quantityNotAvailable)}</span>
      ) : item.customizations.length > 0 ? (
        <a href={href} onClick={(event) => followLink(event, href)} part="choose" className="inline-flex min-h-11 items-center rounded-sf border border-primary px-3 text-sm font-medium text-primary no-underline">
          <Trans>Choose</Trans>
        </a>
      ) : (
        <Button part="add" className="min-h-11 shrink-0" onClick={onAdd} aria-label={t`Add ${name}`}>
          <Trans>Add</Trans>
        </Button>
      )}
    </li>
  );
}
