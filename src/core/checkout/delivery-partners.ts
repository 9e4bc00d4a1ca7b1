/**
 * The checkout's delivery partners (docs/behaviour.md#delivery-partners): the quotes of the partners the
 * vendor offers for the cart's store and the primary address, asked again before they lapse and whenever
 * the address, the store or the order mode changes, and the customer's choice between them and the
 * store's own delivery. The rules are delivery-options.ts; checkout.ts prices the order with the choice.
 */
import { atom, computed } from 'nanostores';
import type { Envelope } from '../../../contract/api/common.ts';
import type { DeliveryQuote, DeliveryQuoteRequest } from '../../../contract/api/delivery-partners.ts';
import type { DeliveryPartnerName } from '../../../contract/rules/delivery-partners.ts';
import { $primaryAddress } from '../addresses/addresses.ts';
import { callApi } from '../api/client.ts';
import { $cart } from '../cart/cart.ts';
import { $pickupDeliveryFlag, orderMode } from '../cart/order-mode.ts';
import { shared } from '../platform/registry.ts';
import { $isSignedIn } from '../session/session-state.ts';
import { $settings } from '../settings/settings.ts';
import {
  partnerFields, partnersOffered, renewDelay, selectionKey, standingChoice,
  type DeliveryChoice, type PartnerQuoteState, type PartnerQuotes,
} from './delivery-options.ts';

/** The partners the vendor offers (settings.delivery_partners). */
export const $offeredPartners = shared('checkout.offeredPartners', () => computed($settings, (settings) => partnersOffered(settings)));
/** Each offered partner's quote for the cart's store and the primary address. */
export const $partnerQuotes = shared('checkout.partnerQuotes', () => atom<PartnerQuotes>({}));
/** Delivery by: the store's own (the first option, chosen by default) or a partner's. */
export const $deliveryChoice = shared('checkout.deliveryChoice', () => atom<DeliveryChoice>('store'));
/** Changes whenever what the bill is priced with changes: checkout.ts prices the order again. */
export const $deliverySelection = shared('checkout.deliverySelection', () =>
  computed([$deliveryChoice, $partnerQuotes], (choice, quotes) => selectionKey(choice, quotes)));

const asking = shared('checkout.partnerAsking', () => ({
  controller: null as AbortController | null,
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
  /** The store and point the quotes are for. */
  point: '',
}));

/** What the bill and place_order send for the choice now (nothing for the store's own delivery, pickup, or a lapsed quote). */
export function chosenPartnerFields(): ReturnType<typeof partnerFields> {
  return partnerFields($deliveryChoice.get(), $partnerQuotes.get(), Date.now());
}

/** The customer picks an option; a partner without a quote to send cannot be picked. */
export function chooseDelivery(choice: DeliveryChoice): void {
  $deliveryChoice.set(standingChoice(choice, $offeredPartners.get(), $partnerQuotes.get(), Date.now()));
}

function ask(partner: DeliveryPartnerName, body: Omit<DeliveryQuoteRequest, 'host'>, signal: AbortSignal): Promise<Envelope<DeliveryQuote>> {
  return partner === 'porter'
    ? callApi('get_porter_delivery_charge', body, { signal })
    : callApi('get-dunzo-quotation', body, { signal });
}

function stateOf(answer: Envelope<DeliveryQuote>): PartnerQuoteState {
  if (answer.code === 200 && answer.Result) return { status: 'ready', quote: answer.Result, receivedAt: Date.now() };
  return { status: 'unavailable', reason: answer.msg_key === 'delivery.out_of_area' ? 'out_of_area' : 'not_available' };
}

function scheduleRenewal(): void {
  clearTimeout(asking.timer);
  const delay = renewDelay($partnerQuotes.get(), Date.now());
  if (delay !== undefined) asking.timer = setTimeout(() => void askPartnerQuotes({ renew: true }), delay);
}

/**
 * Asks each offered partner for its quote to the primary address (delivery, signed in, a cart). A new
 * store or point starts over: the quotes show as loading and the store's own delivery is chosen again.
 * Renewing (`renew`, the same store and point) keeps the quotes on screen, and the choice, until the new
 * ones come; a chosen partner that can no longer deliver gives way to the store's own delivery.
 */
export async function askPartnerQuotes(options: { renew?: boolean } = {}): Promise<void> {
  clearTimeout(asking.timer);
  asking.controller?.abort();
  asking.controller = null;
  const partners = $offeredPartners.get();
  const restaurantId = $cart.get()[0]?.restaurant_id;
  const address = $primaryAddress.get();
  if (partners.length === 0 || orderMode() !== 'delivery' || !address || restaurantId === undefined || !$isSignedIn.get()) {
    resetDeliveryPartners();
    return;
  }
  const point = `${restaurantId}:${address.latitude},${address.longitude}`;
  if (!options.renew || point !== asking.point) {
    $deliveryChoice.set('store');
    $partnerQuotes.set(Object.fromEntries(partners.map((partner) => [partner, { status: 'loading' }])));
  }
  asking.point = point;
  const controller = new AbortController();
  asking.controller = controller;
  const body = { restaurant_id: restaurantId, latitude: address.latitude, longitude: address.longitude };
  await Promise.all(partners.map(async (partner) => {
    let state: PartnerQuoteState;
    try {
      state = stateOf(await ask(partner, body, controller.signal));
    } catch {
      state = { status: 'failed' };
    }
    if (controller.signal.aborted) return;
    $partnerQuotes.set({ ...$partnerQuotes.get(), [partner]: state });
  }));
  if (controller.signal.aborted) return;
  asking.controller = null;
  $deliveryChoice.set(standingChoice($deliveryChoice.get(), partners, $partnerQuotes.get(), Date.now()));
  scheduleRenewal();
}

/** The server refused the chosen quote (expired, or no longer valid): the quotes are asked for anew. */
export function quoteRefused(): void {
  void askPartnerQuotes();
}

/** Forgets the quotes and the choice (pickup, no partner offered, an order placed). */
export function resetDeliveryPartners(): void {
  clearTimeout(asking.timer);
  asking.controller?.abort();
  asking.controller = null;
  asking.point = '';
  $deliveryChoice.set('store');
  $partnerQuotes.set({});
}

/**
 * While the checkout is watched: asks for quotes now and whenever the store, the point, the order mode,
 * the offered partners or the session change. Answers what stops it.
 */
export function watchDeliveryPartners(): () => void {
  const inputs = () => {
    const address = $primaryAddress.get();
    return [
      $cart.get()[0]?.restaurant_id ?? '', $pickupDeliveryFlag.get(), address ? `${address.latitude},${address.longitude}` : '',
      $offeredPartners.get().join(), $isSignedIn.get(),
    ].join('|');
  };
  let last = inputs();
  const changed = () => {
    const now = inputs();
    if (now === last) return;
    last = now;
    void askPartnerQuotes();
  };
  const stops = [
    $cart.listen(changed), $pickupDeliveryFlag.listen(changed), $primaryAddress.listen(changed), $offeredPartners.listen(changed),
    $isSignedIn.listen(changed),
  ];
  // Watched again (another step, another island) for the same store and point: the choice stands.
  void askPartnerQuotes({ renew: true });
  return () => {
    stops.forEach((stop) => stop());
    clearTimeout(asking.timer);
    asking.controller?.abort();
    asking.controller = null;
  };
}
