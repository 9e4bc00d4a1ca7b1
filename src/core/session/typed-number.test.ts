import { describe, expect, it } from 'vitest';
import type { UserDetails } from '../../../contract/api/account.ts';
import { $user } from './session-state.ts';
import { $typedNumber } from './typed-number.ts';

describe('the number typed around a password reset', () => {
  it('is kept in memory until someone signs in or out', () => {
    $typedNumber.set({ country_code: '44', mobile_number: '7700 900123' });
    $user.set({ user_id: 7, user_name: 'Jo' } as UserDetails);
    expect($typedNumber.get()).toBeNull();
    $typedNumber.set({ country_code: '44', mobile_number: '7700 900123' });
    $user.set(null);
    expect($typedNumber.get()).toBeNull();
  });
});
