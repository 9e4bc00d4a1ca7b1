import { atom } from 'nanostores';
import type { PaymentMethod } from '../../../contract/api/order-states.ts';
import type { StoreOrderSettings } from '../../../contract/api/stores.ts';
import { callApi } from '../api/client.ts';
import { shared } from '../platform/registry.ts';

/** What the cart's store takes at checkout (get-restaurant-settings), once asked; undefined until then or when it could not be. */
export const $storeTerms = shared('checkout.storeTerms', () => atom<StoreOrderSettings | undefined>(undefined));
const asking = shared('checkout.storeTermsAsking', () => ({ restaurantId: 0 }));

/** Asks what the store takes, once per store (a failure leaves the terms unknown: every method is offered, the server judges). */
export async function loadStoreTerms(restaurantId: number): Promise<void> {
  if ($storeTerms.get()?.restaurant_id === restaurantId || asking.restaurantId === restaurantId) return;
  asking.restaurantId = restaurantId;
  $storeTerms.set(undefined);
  try {
    const answer = await callApi('get-restaurant-settings', { restaurant_id: restaurantId });
    if (asking.restaurantId === restaurantId && answer.code === 200 && answer.Result) $storeTerms.set(answer.Result);
  } catch {
    // Unknown terms: the payment step offers every method.
  } finally {
    if (asking.restaurantId === restaurantId) asking.restaurantId = 0;
  }
}

/** The payment methods the checkout offers: the store's, or all three while its terms are unknown. */
export function offeredMethods(terms: StoreOrderSettings | undefined, restaurantId: number | undefined): PaymentMethod[] {
  return terms && terms.restaurant_id === restaurantId ? terms.payment_methods : ['wallet', 'cash', 'online'];
}
