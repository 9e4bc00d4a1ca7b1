import { useLingui } from '@lingui/react/macro';

/**
 * The veg/non-veg marker (item_type 0 veg, 1 non-veg): a square with a filled circle (veg, green) or a
 * filled triangle (non-veg, red), as the Indian food marks draw them, so the shape tells them apart
 * without colour (forced colours, colour blindness); named for assistive technology and on hover.
 */
export function FoodMarker({ type }: { type: 0 | 1 }) {
  const { t } = useLingui();
  const veg = type === 0;
  const label = veg ? t`Vegetarian` : t`Non-vegetarian`;
  return (
    <svg
      role="img"
      part={`marker ${veg ? 'marker-veg' : 'marker-nonveg'}`}
      aria-label={label}
      viewBox="0 0 16 16"
      className={`h-4 w-4 shrink-0 ${veg ? 'text-veg' : 'text-nonveg'}`}
      data-shape={veg ? 'circle' : 'triangle'}
    >
      <title>{label}</title>
      <rect x="1" y="1" width="14" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      {veg ? <circle cx="8" cy="8" r="3.5" fill="currentColor" /> : <path d="M8 4 L12.5 11.5 H3.5 Z" fill="currentColor" />}
    </svg>
  );
}
