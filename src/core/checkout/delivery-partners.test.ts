// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorSettings } from '../../../contract/api/settings.ts';
import { addressFromWire } from '../addresses/address.ts';
import { apiStub, type ApiCall } from '../api/client-stub.test-helpers.ts';
import { cartLine } from './checkout.fixtures.ts';

vi.mock('../api/client.ts', async () => (await import('../api/client-stub.test-helpers.ts')).stubbedClient());

const { calls } = apiStub;
const { activateLocale } = await import('../i18n/i18n.ts');
const partners = await import('./delivery-partners.ts');
const checkout = await import('./checkout.ts');
const { setCart } = await import('../cart/cart.ts');
const { $addresses, $primaryAddressId } = await import('../addresses/addresses.ts');
const { $pickupDeliveryFlag } = await import('../cart/order-mode.ts');
const { $settings } = await import('../settings/settings.ts');
const { $token, $user } = await import('../session/session-state.ts');

const home = addressFromWire({
  shiping_id: 42, adress_clarification: 'Home', flat_no: '', house_name: '', Shiping_address: '1 MG Road', landmark: '',
  latitude: 12.97, longitude: 77.59, city: 'Bengaluru', state: 'KA', zip_code: '', is_primary: 1,
});
const office = { ...home, id: 43, latitude: 12.93, longitude: 77.62, isPrimary: false };

const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();
/** Porter quotes dq_p<n>, Dunzo cannot deliver there. */
let porterQuotes = 0;
const answer = (call: ApiCall) => {
  if (call.name === 'get_porter_delivery_charge') {
    porterQuotes += 1;
    return { code: 200, Result: { partner: 'porter', quote_id: `dq_p${porterQuotes}`, delivery_charge: 60, eta_minutes: 19, expires_at: inTenMinutes() } };
  }
  if (call.name === 'get-dunzo-quotation') return { code: 101, msg: 'This delivery partner cannot deliver to this address', msg_key: 'delivery.out_of_area' };
  return { code: 200 };
};

beforeAll(() => activateLocale('en'));
beforeEach(() => {
  porterQuotes = 0;
  apiStub.reset(answer);
  $token.set('token');
  $user.set({ user_id: 9, user_name: 'Asha', mobile_number: '9876543210', country_code: '91', email: '', wallet_amount: 0, created_at: '' });
  $settings.set({ delivery_partners: ['porter', 'dunzo'] } as unknown as VendorSettings);
  setCart([cartLine()]);
  $pickupDeliveryFlag.set(1);
  $addresses.set({ status: 'ready', addresses: [{ ...home }, office] });
  $primaryAddressId.set(42);
  partners.resetDeliveryPartners();
});

describe('delivery partners in the checkout', () => {
  it('asks each offered partner for the primary address, keeps the store\'s own delivery chosen, and marks who cannot deliver', async () => {
    await partners.askPartnerQuotes();
    expect(calls.map((call) => [call.name, call.body])).toEqual([
      ['get_porter_delivery_charge', { restaurant_id: 1, latitude: 12.97, longitude: 77.59 }],
      ['get-dunzo-quotation', { restaurant_id: 1, latitude: 12.97, longitude: 77.59 }],
    ]);
    expect(partners.$deliveryChoice.get()).toBe('store');
    expect(partners.$partnerQuotes.get()).toMatchObject({ porter: { status: 'ready' }, dunzo: { status: 'unavailable', reason: 'out_of_area' } });
    expect(checkout.pricingRequest()).not.toHaveProperty('quote_id');
  });

  it('prices the order with the chosen partner\'s quote; a partner without one cannot be chosen', async () => {
    await partners.askPartnerQuotes();
    partners.chooseDelivery('dunzo');
    expect(partners.$deliveryChoice.get()).toBe('store');
    partners.chooseDelivery('porter');
    expect(checkout.pricingRequest()).toMatchObject({ order_mode: 'delivery', shiping_id: 42, delivery_partner: 'porter', quote_id: 'dq_p1' });
    $pickupDeliveryFlag.set(0);
    expect(checkout.pricingRequest()).not.toHaveProperty('delivery_partner');
  });

  it('renews a lapsing quote keeping the choice, and starts over with the store\'s own delivery for a new address', async () => {
    await partners.askPartnerQuotes();
    partners.chooseDelivery('porter');
    await partners.askPartnerQuotes({ renew: true });
    expect(partners.$deliveryChoice.get()).toBe('porter');
    expect(checkout.pricingRequest()).toMatchObject({ quote_id: 'dq_p2' });
    $primaryAddressId.set(43);
    await partners.askPartnerQuotes({ renew: true });
    expect(partners.$deliveryChoice.get()).toBe('store');
    expect(calls.at(-1)?.body).toEqual({ restaurant_id: 1, latitude: 12.93, longitude: 77.62 });
  });

  it('asks nothing when the vendor offers no partner, for pickup, or signed out', async () => {
    $settings.set({} as VendorSettings);
    await partners.askPartnerQuotes();
    $settings.set({ delivery_partners: ['porter'] } as unknown as VendorSettings);
    $pickupDeliveryFlag.set(0);
    await partners.askPartnerQuotes();
    $pickupDeliveryFlag.set(1);
    $token.set('');
    await partners.askPartnerQuotes();
    expect(calls).toHaveLength(0);
    expect(partners.$partnerQuotes.get()).toEqual({});
  });
});
