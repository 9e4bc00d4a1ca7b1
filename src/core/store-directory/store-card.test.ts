import { describe, expect, it } from 'vitest';
import { discountText, layoutOf, ratingTone, showsDistance, storeOverlay, visibleCuisines } from './store-card.ts';

describe('store card rules', () => {
  it('reads layout 2 as a grid and anything else as a list', () => {
    expect(layoutOf('2')).toBe('grid');
    expect(layoutOf('1')).toBe('list');
    expect(layoutOf(undefined)).toBe('list');
  });

  it('colours ratings red at 2 or below, green above, and hides 0', () => {
    expect(ratingTone(0)).toBe('hidden');
    expect(ratingTone(2)).toBe('low');
    expect(ratingTone(1.5)).toBe('low');
    expect(ratingTone(2.1)).toBe('high');
  });

  it('shows at most 3 cuisines in the grid', () => {
    const card = { cuisine_name: ['a', 'b', 'c', 'd'] };
    expect(visibleCuisines(card, 'grid')).toEqual(['a', 'b', 'c']);
    expect(visibleCuisines(card, 'list')).toHaveLength(4);
  });

  it('cuts the discount text at 50 characters in the list only', () => {
    const long = 'x'.repeat(60);
    expect(discountText(long, 'list')).toBe(`${'x'.repeat(50)}…`);
    expect(discountText(long, 'grid')).toBe(long);
    expect(discountText('short', 'list')).toBe('short');
  });

  it('overlays a closed store, or a scheduled one when ordering ahead is possible', () => {
    expect(storeOverlay({ restaurant_on_off: '1', is_pre_order: 0 }, false)).toBe('none');
    expect(storeOverlay({ restaurant_on_off: '0', is_pre_order: 0 }, false)).toBe('closed');
    expect(storeOverlay({ restaurant_on_off: '0', is_pre_order: 1 }, false)).toBe('scheduled');
    expect(storeOverlay({ restaurant_on_off: '0', is_pre_order: 0 }, true)).toBe('scheduled');
  });

  it('shows distance or time as the store chooses', () => {
    expect(showsDistance({ show_customer_app: 'distence' })).toBe(true);
    expect(showsDistance({ show_customer_app: 'time' })).toBe(false);
  });
});
