import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { assetUrl } from '../../core/platform/config.ts';
import { formatPrice } from '../../core/i18n/money.ts';
import { $search, MIN_SEARCH_LENGTH, search, SEARCH_DEBOUNCE_MS } from '../../core/store-directory/search.ts';
import { $moneyFormat } from '../../core/settings/settings.ts';
import { followLink, storeLink } from '../../ui/links.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { joinList } from '../../core/i18n/locale.ts';
import { useHeadingTags } from '../../ui/headings.tsx';

export interface SearchProps {
  /** Link of a store; `{id}` is the base64 store id, `{slug}` its slug. */
  storeHref?: string;
}

/** Search over stores and items near the customer. */
export function Search({ storeHref = '/restaurant/{id}' }: SearchProps) {
  const SectionHeading = useHeadingTags().section;
  const { t } = useLingui();
  const id = useId();
  const state = useStore($search);
  const money = useStore($moneyFormat);
  const [text, setText] = useState(state.status === 'idle' ? '' : state.query);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onInput = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void search(value), SEARCH_DEBOUNCE_MS);
  };

  return (
    <div className="flex flex-col gap-4" part="search">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          clearTimeout(timer.current);
          void search(text);
        }}
      >
        <label htmlFor={id} className="sr-only">
          <Trans>Search stores and items</Trans>
        </label>
        <input
          id={id}
          type="search"
          part="input"
          value={text}
          placeholder={t`Search stores and items`}
          autoComplete="off"
          className="w-full rounded-sf border border-gray-500 bg-white px-4 py-3 text-ink outline-none focus:border-primary"
          onChange={(event) => onInput(event.target.value)}
        />
      </form>
      <div aria-live="polite">
        {state.status === 'idle' && text.trim().length > 0 && text.trim().length < MIN_SEARCH_LENGTH && (
          <p className="m-0 text-sm text-muted"><Trans>Type at least 2 characters.</Trans></p>
        )}
        {state.status === 'loading' && <Skeleton className="h-24 w-full" />}
        {state.status === 'failed' && (
          <LoadFailed onRetry={() => void search(text)} />
        )}
        {state.status === 'ready' && state.stores.length === 0 && state.items.length === 0 && (
          <p className="m-0 text-muted"><Trans>Nothing found for “{state.query}”.</Trans></p>
        )}
        {state.status === 'ready' && state.stores.length > 0 && (
          <section aria-label={t`Stores`} className="mb-4">
            <SectionHeading className="m-0 mb-2 text-base font-semibold"><Trans>Stores</Trans></SectionHeading>
            <ul className="m-0 flex list-none flex-col gap-2 p-0">
              {state.stores.map((store) => {
                const href = storeLink(storeHref, store.restaurant_id, store.slug);
                return (
                  <li key={store.restaurant_id}>
                    <a href={href} onClick={(event) => followLink(event, href)} part="result" className="flex items-center gap-3 rounded-sf p-2 text-ink no-underline hover:bg-black/5">
                      <img src={assetUrl(store.icon_image)} alt="" className="h-12 w-12 rounded-sf object-cover" />
                      <span className="flex flex-col">
                        <span className="font-medium">{store.name}</span>
                        <span className="text-sm text-muted">{joinList(store.cuisine_name, money.locale)}</span>
                      </span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        {state.status === 'ready' && state.items.length > 0 && (
          <section aria-label={t`Items`}>
            <SectionHeading className="m-0 mb-2 text-base font-semibold"><Trans>Items</Trans></SectionHeading>
            <ul className="m-0 flex list-none flex-col gap-2 p-0">
              {state.items.map((item) => {
                const href = storeLink(storeHref, item.restaurant_id, item.restaurant_slug);
                const store = item.restaurant_name;
                return (
                  <li key={`${item.restaurant_id}-${item.item_id}`}>
                    <a href={href} onClick={(event) => followLink(event, href)} part="result" className="flex items-center gap-3 rounded-sf p-2 text-ink no-underline hover:bg-black/5">
                      <img src={assetUrl(item.image)} alt="" className="h-12 w-12 rounded-sf object-cover" />
                      <span className="flex flex-1 flex-col">
                        <span className="font-medium">{item.name}</span>
                        <span className="text-sm text-muted"><Trans>at {store}</Trans></span>
                      </span>
                      <span className="font-medium">{formatPrice(item.price, money)}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
