import { StorePicker } from '../src/features/store-picker/StorePicker.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * The store modal. For vendors whose customers shop one store at a time (product type 2, store_selection 0) it opens by
 * itself with a static backdrop until a store is chosen; the choice is stored base64-encoded as `restaurantId`.
 * With `variant="button"` it also shows a Select store button (when more than one store is active) that reopens it.
 *
 * @tag sf-store-picker
 * @attr {'button'} variant - 'button' shows the Select store button.
 * @event sf-store-change - A store was chosen. `detail: { restaurantId }` (base64).
 * @csspart base - The island's root.
 * @csspart trigger - The Select store button.
 * @csspart dialog - The store modal.
 * @csspart store - A store choice.
 * @csspart more-stores - Show more stores (the next stores by distance).
 */
export interface SfStorePickerAttributes {
  variant?: 'button';
}

defineIsland<SfStorePickerAttributes>({
  tag: 'sf-store-picker',
  display: 'inline',
  attributes: { variant: 'string' },
  render: ({ host, variant }) => <StorePicker host={host} {...(variant ? { variant } : {})} />,
});
