// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserDetails } from '../../../contract/api/account.ts';
import { activateLocale } from '../../core/i18n/i18n.ts';
import { $token, $user } from '../../core/session/session-state.ts';
import { mount } from '../../ui/render.test-helpers.tsx';
import { AddressForm } from './AddressForm.tsx';

beforeAll(() => activateLocale('en'));
afterEach(async () => act(async () => {
  $token.set('');
  $user.set(null);
}));

describe('the address form', () => {
  it("gives the customer's address lines their purpose, so browsers can fill them (1.3.5)", async () => {
    $token.set('t');
    $user.set({ user_id: 7, user_name: 'Jo' } as UserDetails);
    const host = await mount(<AddressForm host={document.body} mode="modal" />);
    const purposeOf = (label: string) => {
      const found = [...host.querySelectorAll('label')].find((element) => element.textContent === label)!;
      return host.querySelector(`[id="${found.htmlFor}"]`)!.getAttribute('autocomplete');
    };
    expect(['Address', 'House/Building name', 'Flat/Floor'].map(purposeOf)).toEqual(['address-line1', 'address-line2', 'address-line3']);
  });
});
