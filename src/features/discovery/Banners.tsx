import { useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { assetUrl } from '../../core/platform/config.ts';
import { $banners, loadBanners } from '../../core/store-directory/discovery.ts';
import { fetchPriority } from '../../ui/fetch-priority.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { followLink, storeLink } from '../../ui/links.ts';

/** The vendor's banners as a row the customer scrolls; a banner opens its store or its items. */
export function Banners({ storeHref = '/restaurant/{id}' }: { storeHref?: string }) {
  const { t } = useLingui();
  const state = useStore($banners);
  const row = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (state.status === 'idle') void loadBanners();
  }, [state.status]);

  // The skeleton takes the row's room (padding, a banner, the buttons' line), so the page below stays put.
  if (state.status === 'loading' || state.status === 'idle') {
    return (
      <div className="mb-6 rounded-sf bg-slider p-3">
        <Skeleton className="h-44 w-full" />
        <div className="mt-2 h-8" />
      </div>
    );
  }
  if (state.status !== 'ready' || state.value.length === 0) return null;
  const banners = state.value;
  const scroll = (direction: 1 | -1) => {
    const list = row.current;
    if (!list) return;
    const rtl = getComputedStyle(list).direction === 'rtl';
    list.scrollBy({ left: direction * (rtl ? -1 : 1) * list.clientWidth * 0.8, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  };
  return (
    <section aria-label={t`Offers and news`} part="banners" className="relative mb-6 rounded-sf bg-slider p-3">
      <ul ref={row} className="m-0 flex list-none snap-x gap-3 overflow-x-auto p-0">
        {banners.map((banner, index) => {
          const href = banner.restaurant_id ? storeLink(storeHref, banner.restaurant_id) : `/banner-items/${banner.banner_id}`;
          return (
            <li key={banner.banner_id} className="w-[min(100%,420px)] shrink-0 snap-start">
              <a href={href} onClick={(event) => followLink(event, href)} part="banner" className="relative block overflow-hidden rounded-sf no-underline">
                {/* The picture is the banner's background; its words are text, read, translated and mirrored (the picture too). */}
                <img
                  src={assetUrl(banner.image)} alt="" className="block h-44 w-full object-cover object-right rtl:[transform:scaleX(-1)]" decoding="async"
                  {...fetchPriority(index === 0 ? 'high' : 'auto')}
                />
                <span className="absolute inset-y-0 start-0 flex w-[64%] items-center p-2.5">
                  <span part="banner-words" className="flex max-h-full flex-col gap-1 overflow-hidden rounded-sf bg-white/95 p-2.5 text-ink shadow">
                    <strong part="banner-title" className="line-clamp-2 text-base leading-snug">{banner.title}</strong>
                    {banner.subtitle && <span part="banner-subtitle" className="line-clamp-2 text-sm leading-snug">{banner.subtitle}</span>}
                    <span part="banner-action" className="mt-0.5 w-fit rounded-full bg-button px-3 py-1 text-sm font-semibold text-button-text">
                      {banner.action || t`Order now`}
                    </span>
                  </span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      {/* The buttons' line is kept with a single banner too: the same height as the skeleton. */}
      <div className="mt-2 flex h-8 justify-end gap-2">
        {banners.length > 1 && (
          <>
            <button type="button" aria-label={t`Previous banners`} onClick={() => scroll(-1)} className="h-8 w-8 rounded-full bg-white text-ink shadow">
              <span aria-hidden="true" className="inline-block rtl:rotate-180">‹</span>
            </button>
            <button type="button" aria-label={t`Next banners`} onClick={() => scroll(1)} className="h-8 w-8 rounded-full bg-white text-ink shadow">
              <span aria-hidden="true" className="inline-block rtl:rotate-180">›</span>
            </button>
          </>
        )}
      </div>
    </section>
  );
}
