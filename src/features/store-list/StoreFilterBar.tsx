import { Trans, useLingui } from '@lingui/react/macro';
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import type { StoreFilter, StoreSort } from '../../../contract/api/stores.ts';
import { formatAmount } from '../../core/i18n/money.ts';
import { $moneyFormat } from '../../core/settings/settings.ts';
import { $cuisines, COST_RANGES, loadCuisines } from '../../core/store-directory/cuisines.ts';
import { $storeFilters, activeFilterCount, NO_FILTERS, type StoreFilters } from '../../core/store-directory/stores.ts';

const SELECT = 'rounded-sf border border-gray-500 bg-white px-2 py-1.5 text-sm text-ink';

function update(change: Partial<StoreFilters>) {
  $storeFilters.set({ ...$storeFilters.get(), ...change });
}

/** Sort, cuisine, cost for two and quick filters over the store list. */
export function StoreFilterBar() {
  const { t } = useLingui();
  const ids = useId();
  const filters = useStore($storeFilters);
  const cuisines = useStore($cuisines);
  const money = useStore($moneyFormat);

  useEffect(() => {
    void loadCuisines();
  }, []);

  const costLabel = (range: string) => {
    const [low, high] = range.split('-').map(Number) as [number, number];
    const from = `${money.currency}${formatAmount(low, money, 0)}`;
    return high >= 100000 ? t`${from} and more` : t`${from} – ${money.currency}${formatAmount(high, money, 0)}`;
  };

  const quick: Array<[StoreFilter, string]> = [
    ['veg', t`Pure veg`],
    ['offers', t`Offers`],
    ['open_now', t`Open now`],
  ];

  return (
    <div part="filters" className="mb-4 flex flex-wrap items-end gap-3" role="group" aria-label={t`Filter stores`}>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-sort`} className="text-xs font-medium text-muted"><Trans>Sort by</Trans></label>
        <select id={`${ids}-sort`} className={SELECT} value={filters.sort} onChange={(event) => update({ sort: event.target.value as StoreSort | '' })}>
          <option value="">{t`Distance`}</option>
          <option value="rating">{t`Rating`}</option>
          <option value="cost_low">{t`Cost: low to high`}</option>
          <option value="cost_high">{t`Cost: high to low`}</option>
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-cuisine`} className="text-xs font-medium text-muted"><Trans>Cuisine</Trans></label>
        <select
          id={`${ids}-cuisine`}
          className={SELECT}
          value={filters.cuisineId ?? ''}
          onChange={(event) => update({ cuisineId: event.target.value === '' ? null : Number(event.target.value) })}
        >
          <option value="">{t`All cuisines`}</option>
          {cuisines.map((cuisine) => (
            <option key={cuisine.cuisine_id} value={cuisine.cuisine_id}>
              {cuisine.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-cost`} className="text-xs font-medium text-muted"><Trans>Cost for two</Trans></label>
        <select id={`${ids}-cost`} className={SELECT} value={filters.costRange} onChange={(event) => update({ costRange: event.target.value })}>
          <option value="">{t`Any`}</option>
          {COST_RANGES.map((range) => (
            <option key={range} value={range}>
              {costLabel(range)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap gap-2">
        {quick.map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={filters.filter === value}
            onClick={() => update({ filter: filters.filter === value ? '' : value })}
            className={`rounded-full border px-3 py-1.5 text-sm ${filters.filter === value ? 'border-primary bg-button text-button-text' : 'border-black/20 bg-white text-ink'}`}
          >
            {label}
          </button>
        ))}
      </div>
      {activeFilterCount(filters) > 0 && (
        <button type="button" className="text-sm font-medium text-primary underline" onClick={() => $storeFilters.set(NO_FILTERS)}>
          <Trans>Clear filters</Trans>
        </button>
      )}
    </div>
  );
}
