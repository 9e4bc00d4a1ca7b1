import { Trans } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { assetUrl } from '../../core/platform/config.ts';
import { $tagGroups, loadTagGroups } from '../../core/store-directory/discovery.ts';
import { $latitude, $longitude } from '../../core/location/location.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { $moneyFormat, $settings } from '../../core/settings/settings.ts';
import { followLink, storeLink } from '../../ui/links.ts';
import { ScreenLink } from '../../ui/ScreenLink.tsx';
import { tagName } from '../../core/menu/tags.ts';
import { $locale } from '../../core/i18n/locale.ts';

/** Items near the customer grouped by tag (Bestseller, New, …), each linking to its store's menu. */
export function TagLists({ storeHref = '/restaurant/{id}' }: { storeHref?: string }) {
  useStore($locale); // drawn again when the language changes: tagName reads the active catalog
  const state = useStore($tagGroups);
  const money = useStore($moneyFormat);
  const settings = useStore($settings);
  const latitude = useStore($latitude);
  const longitude = useStore($longitude);

  useEffect(() => {
    if (settings) void loadTagGroups();
  }, [settings, latitude, longitude]);

  if (state.status !== 'ready') return null;
  return (
    <>
      {state.value.map((group) => {
        const allHref = `/tag-wise-menu?tag=${encodeURIComponent(group.tag)}`;
        return (
          <section key={group.tag} aria-label={tagName(group.tag)} part="tag-list" className="mt-8">
            <div className="mb-3 flex items-baseline justify-between gap-3">
              <h2 className="m-0 text-lg font-semibold">{tagName(group.tag)}</h2>
              <ScreenLink href={allHref} part="tag-all" className="text-sm"><Trans>See all</Trans></ScreenLink>
            </div>
            <ul className="m-0 flex list-none gap-3 overflow-x-auto p-0 pb-2">
              {group.items.map((item) => {
                const href = storeLink(storeHref, item.restaurant_id, item.restaurant_slug);
                const store = item.restaurant_name;
                return (
                  <li key={`${item.restaurant_id}-${item.item_id}`} className="w-48 shrink-0">
                    <a href={href} onClick={(event) => followLink(event, href)} part="tag-item" className="flex flex-col gap-1 text-ink no-underline">
                      <img src={assetUrl(item.image)} alt="" loading="lazy" decoding="async" className="h-28 w-full rounded-sf bg-slider object-cover" />
                      <span className="truncate font-medium">{item.name}</span>
                      <span className="truncate text-sm text-muted">{store}</span>
                      <span className="text-sm font-medium">{formatPrice(item.price, money)}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </>
  );
}
