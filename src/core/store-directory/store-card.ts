import type { StoreCard } from '../../../contract/api/stores.ts';

/** Store-card limits: cuisines shown in the grid, discount text length in the list. */
export const MAX_GRID_CUISINES = 3;
export const LIST_DISCOUNT_MAX_CHARS = 50;

export type StoreLayout = 'list' | 'grid';

/** Layout 1 is a list and layout 2 a grid; anything else is a list. */
export function layoutOf(value: string | number | undefined): StoreLayout {
  return String(value) === '2' ? 'grid' : 'list';
}

/** Rating colour: red at 2 or below, green above 2; 0 is hidden. */
export function ratingTone(rating: number): 'hidden' | 'low' | 'high' {
  if (!rating) return 'hidden';
  return rating <= 2 ? 'low' : 'high';
}

export function visibleCuisines(card: Pick<StoreCard, 'cuisine_name'>, layout: StoreLayout): string[] {
  return layout === 'grid' ? card.cuisine_name.slice(0, MAX_GRID_CUISINES) : card.cuisine_name;
}

/** In the list layout the discount text is cut at 50 characters. */
export function discountText(text: string, layout: StoreLayout): string {
  if (layout !== 'list' || text.length <= LIST_DISCOUNT_MAX_CHARS) return text;
  return `${text.slice(0, LIST_DISCOUNT_MAX_CHARS).trimEnd()}…`;
}

export type StoreOverlay = 'none' | 'closed' | 'scheduled';

/**
 * restaurant_on_off '0' shows a closed overlay, or a scheduled one when
 * the customer can order ahead (the store takes pre-orders, or the vendor allows
 * scheduling after business hours).
 */
export function storeOverlay(card: Pick<StoreCard, 'restaurant_on_off' | 'is_pre_order'>, scheduleAfterHours: boolean): StoreOverlay {
  if (card.restaurant_on_off !== '0') return 'none';
  return card.is_pre_order === 1 || scheduleAfterHours ? 'scheduled' : 'closed';
}

/** show_customer_app ('distence' or 'time') chooses between distance and delivery time on the card. */
export function showsDistance(card: Pick<StoreCard, 'show_customer_app'>): boolean {
  return card.show_customer_app === 'distence';
}
