import { atom } from 'nanostores';
import { shared } from '../platform/registry.ts';
import { $user } from './session-state.ts';

/** A mobile number as the customer typed it: the country code and the number, neither normalised yet. */
export interface TypedNumber {
  country_code: string;
  mobile_number: string;
}

/**
 * The number last typed on the sign-in or forgot-password screen, kept in memory while the page lives
 * (never in the address), so that neither screen asks for it again (WCAG 3.3.7): sign-in fills
 * "Forgot password?" with it, and sign-in after a reset shows the number the reset was for.
 */
export const $typedNumber = shared('session.typedNumber', () => {
  const typed = atom<TypedNumber | null>(null);
  // Once someone signs in (or out) the number has served: the next visit to sign-in starts empty.
  $user.listen(() => typed.set(null));
  return typed;
});
