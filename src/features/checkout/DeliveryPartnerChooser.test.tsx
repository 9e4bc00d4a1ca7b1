// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VendorSettings } from '../../../contract/api/settings.ts';
import { addressFromWire } from '../../core/addresses/address.ts';
import { $addresses, $primaryAddressId } from '../../core/addresses/addresses.ts';
import { $pickupDeliveryFlag } from '../../core/cart/order-mode.ts';
import { breakdown, cartLine, priced, store } from '../../core/checkout/checkout.fixtures.ts';
import { $deliveryChoice, $partnerQuotes, resetDeliveryPartners } from '../../core/checkout/delivery-partners.ts';
import { activateLocale } from '../../core/i18n/i18n.ts';
import { $settings } from '../../core/settings/settings.ts';
import { mount } from '../../ui/render.test-helpers.tsx';
import { DeliveryPartnerChooser } from './DeliveryPartnerChooser.tsx';

const home = addressFromWire({
  shiping_id: 42, adress_clarification: 'Home', flat_no: '', house_name: '', Shiping_address: '1 MG Road', landmark: '',
  latitude: 12.97, longitude: 77.59, city: 'Bengaluru', state: 'KA', zip_code: '', is_primary: 1,
});

beforeAll(() => activateLocale('en'));
afterEach(async () => act(async () => {
  resetDeliveryPartners();
  $settings.set(null);
  $addresses.set({ status: 'idle' });
}));

function offer(): void {
  $settings.set({ currency: '₹', price_decimals: 2, delivery_partners: ['porter', 'dunzo'] } as VendorSettings);
  $pickupDeliveryFlag.set(1);
  $addresses.set({ status: 'ready', addresses: [home] });
  $primaryAddressId.set(42);
  $partnerQuotes.set({
    porter: {
      status: 'ready', receivedAt: Date.now(),
      quote: { partner: 'porter', quote_id: 'dq_a', delivery_charge: 60, eta_minutes: 19, expires_at: new Date(Date.now() + 600_000).toISOString() },
    },
    dunzo: { status: 'unavailable', reason: 'out_of_area' },
  });
}

const bill = breakdown([priced(cartLine())], { delivery_charge: 45, store_delivery_charge: 45 });
const render = () => mount(<DeliveryPartnerChooser store={store} breakdown={bill} />);

describe('Delivery by', () => {
  it('offers the store\'s own delivery first and chosen, each partner with its fare and time, and says who cannot deliver', async () => {
    offer();
    const host = await render();
    expect(host.querySelector('legend')!.textContent).toBe('Delivery by');
    const options = [...host.querySelectorAll<HTMLElement>('[part~="delivery-option"]')];
    expect(options.map((option) => option.querySelector('.font-medium')!.textContent)).toEqual([
      'Store delivery · ₹45.00 · about 30 min', 'Porter · ₹60.00 · about 19 min', 'Dunzo',
    ]);
    const radios = options.map((option) => option.querySelector('input')!);
    expect(radios.map((radio) => [radio.checked, radio.disabled])).toEqual([[true, false], [false, false], [false, true]]);
    const note = host.querySelector<HTMLElement>(`#${CSS.escape(radios[2]!.getAttribute('aria-describedby')!)}`)!;
    expect(note.textContent).toBe('Cannot deliver to this address');
    expect(host.querySelector('[part="delivery-by-status"]')!.textContent).toBe('Dunzo cannot deliver to this address.');

    await act(async () => radios[1]!.click());
    expect($deliveryChoice.get()).toBe('porter');
    await act(async () => radios[2]!.click());
    expect($deliveryChoice.get()).toBe('porter');
  });

  it('shows nothing for pickup, without an address, or when the vendor offers no partner', async () => {
    offer();
    $pickupDeliveryFlag.set(0);
    expect((await render()).childElementCount).toBe(0);
    await act(async () => $pickupDeliveryFlag.set(1));
    await act(async () => $settings.set({ currency: '₹', price_decimals: 2 } as VendorSettings));
    expect((await render()).childElementCount).toBe(0);
  });
});
