import { useLingui } from '@lingui/react/macro';

/** The veg/non-veg marker (item_type 0 veg green, 1 non-veg red), with a label for assistive technology. */
export function FoodMarker({ type }: { type: 0 | 1 }) {
  const { t } = useLingui();
  const veg = type === 0;
  return (
    <span
      role="img"
      part={`marker ${veg ? 'marker-veg' : 'marker-nonveg'}`}
      aria-label={veg ? t`Vegetarian` : t`Non-vegetarian`}
      title={veg ? t`Vegetarian` : t`Non-vegetarian`}
      className={`inline-flex h-4 w-4 shrink-0 items-center justify-center rounded-sm border-2 ${veg ? 'border-veg' : 'border-nonveg'}`}
    >
      <span aria-hidden="true" className={`block h-2 w-2 rounded-full ${veg ? 'bg-veg' : 'bg-nonveg'}`} />
    </span>
  );
}
