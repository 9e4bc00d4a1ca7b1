// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VendorSettings } from '../../../contract/api/settings.ts';
import { activateLocale } from '../../core/i18n/i18n.ts';
import { $settings } from '../../core/settings/settings.ts';
import { mount } from '../../ui/render.test-helpers.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

beforeAll(() => activateLocale('en'));
afterEach(() => $settings.set(null));

describe('the language selector', () => {
  it('takes a language chosen by keyboard on Enter or when left, never while arrows move through them, nothing after Escape; a pick by pointer at once', async () => {
    $settings.set({ languages: ['en', 'ar', 'de'] } as VendorSettings);
    const host = document.createElement('div');
    const chosen: string[] = [];
    host.addEventListener('sf-locale-change', (event) => chosen.push((event as CustomEvent<{ locale: string }>).detail.locale));
    const root = await mount(<LanguageSwitcher host={host} />);
    const select = root.querySelector('select')!;
    const choose = async (value: string, before?: Event) => act(async () => {
      if (before) select.dispatchEvent(before);
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    // Arrows: the value moves, nothing is taken yet.
    await choose('ar', new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    await choose('de', new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(chosen).toEqual([]);
    // Enter takes it.
    await act(async () => select.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(chosen).toEqual(['de']);
    // Arrows then Escape: leaving changes nothing.
    await choose('ar', new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    await act(async () => select.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    await act(async () => select.dispatchEvent(new FocusEvent('blur')));
    expect(chosen).toEqual(['de']);
    // By pointer: at once.
    await choose('ar', new Event('pointerdown', { bubbles: true }));
    expect(chosen).toEqual(['de', 'ar']);
  });
});
