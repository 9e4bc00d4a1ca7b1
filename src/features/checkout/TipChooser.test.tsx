// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VendorSettings } from '../../../contract/api/settings.ts';
import { $driverTip } from '../../core/cart/order-mode.ts';
import { activateLocale } from '../../core/i18n/i18n.ts';
import { $settings } from '../../core/settings/settings.ts';
import { mount } from '../../ui/render.test-helpers.tsx';
import { TipChooser } from './TipChooser.tsx';

beforeAll(() => activateLocale('en'));
afterEach(() => {
  $settings.set(null);
  $driverTip.set(0);
});

const render = () => mount(<TipChooser />);

/** Types `text` into the custom amount, as a person does. */
async function typeTip(host: HTMLElement, text: string): Promise<void> {
  const input = host.querySelector<HTMLInputElement>('[part="tip-custom"]')!;
  await act(async () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the driver tip', () => {
  it("keeps a custom tip within the vendor's limit and says the limit; the presets past it are not offered", async () => {
    $settings.set({ currency: '$', price_decimals: 2, order_limits: { max_driver_tip: 8, max_line_quantity: 99, max_order_total: 10_000 } } as VendorSettings);
    const host = await render();
    expect([...host.querySelectorAll('[part~="tip-option"]')].map((option) => option.textContent)).toEqual(['No tip', '$2.00', '$5.00', 'Custom']);
    const custom = [...host.querySelectorAll<HTMLElement>('[part~="tip-option"]')].at(-1)!;
    await act(async () => custom.querySelector('input')!.click());
    await typeTip(host, '7.5');
    expect($driverTip.get()).toBe(7.5);
    expect(host.querySelector('[part="tip-limit"]')!.textContent).toBe('');
    await typeTip(host, '50');
    expect($driverTip.get()).toBe(8);
    const limit = host.querySelector('[part="tip-limit"]')!;
    expect(limit.textContent).toBe('The most you can tip is $8.00.');
    expect(limit.getAttribute('role')).toBe('status');
    expect(host.querySelector('[part="tip-custom"]')!.getAttribute('aria-describedby')).toBe(limit.id);
  });

  it('takes any tip from a server that names no limit', async () => {
    $settings.set({ currency: '$', price_decimals: 2 } as VendorSettings);
    const host = await render();
    await act(async () => [...host.querySelectorAll<HTMLElement>('[part~="tip-option"] input')].at(-1)!.click());
    await typeTip(host, '500');
    expect($driverTip.get()).toBe(500);
  });
});
