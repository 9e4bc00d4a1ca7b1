// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { $restaurantId } from '../location/location.ts';
import { chooseStore, chosenStoreId, mustChooseStore, showsSelectStoreLink, storeChoiceRequired } from './store-selection.ts';

const grocery = { product_type: { id: 2, name: 'Grocery' }, store_selection: 0, active_restaurant: 5 };

describe('store selection (the store modal)', () => {
  it('is required for product type 2 with store_selection 0 only', () => {
    expect(storeChoiceRequired(grocery)).toBe(true);
    expect(storeChoiceRequired({ ...grocery, store_selection: 1 })).toBe(false);
    expect(storeChoiceRequired({ ...grocery, product_type: { id: 1, name: 'Food' } })).toBe(false);
    expect(storeChoiceRequired(null)).toBe(false);
  });

  it('forces the modal until a valid store id is stored, base64-encoded', () => {
    $restaurantId.set('');
    expect(mustChooseStore(grocery, $restaurantId.get())).toBe(true);
    expect(chooseStore(12)).toBe('MTI=');
    expect(localStorage.getItem('restaurantId')).toBe('"MTI="');
    expect(chosenStoreId()).toBe(12);
    expect(mustChooseStore(grocery, $restaurantId.get())).toBe(false);
    expect(mustChooseStore(grocery, 'garbage')).toBe(true);
  });

  it('shows the Select store link only with more than one active store', () => {
    expect(showsSelectStoreLink(grocery)).toBe(true);
    expect(showsSelectStoreLink({ ...grocery, active_restaurant: 1 })).toBe(false);
  });
});
