import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../core/i18n/money.ts';
import { ratingTone } from '../core/store-directory/store-card.ts';

/** A store's rating (red at 2 or below, green above, hidden at 0), named for assistive technology. */
export function RatingBadge({ value, locale, part, className = '' }: { value: number; locale: string; part: string; className?: string }) {
  const { t } = useLingui();
  const tone = ratingTone(value);
  if (tone === 'hidden') return null;
  const rating = formatNumber(value, locale, 1, 1);
  return (
    <span part={part} role="img" aria-label={t`Rated ${rating}`} className={`shrink-0 rounded text-sm font-semibold text-white ${tone === 'low' ? 'bg-red-700' : 'bg-green-700'} ${className}`}>
      ★ {rating}
    </span>
  );
}
