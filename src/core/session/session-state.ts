import { atom, computed } from 'nanostores';
import type { UserDetails } from '../../../contract/api/account.ts';
import { clearCart } from '../cart/cart.ts';
import { emitHostEvent } from '../platform/host-events.ts';
import { $driverTip, $placeOrderData } from '../cart/order-mode.ts';
import { shared } from '../platform/registry.ts';
import { persistentAtom } from '../platform/storage.ts';

const isUser = (value: unknown): value is UserDetails | null =>
  value === null || (typeof value === 'object' && typeof (value as UserDetails).user_id === 'number');

/** The session token, sent as a bearer header. */
export const $token = persistentAtom<string>('token', '', { raw: true, isValid: (v): v is string => typeof v === 'string' });
export const $user = persistentAtom<UserDetails | null>('user', null, { isValid: isUser });
export const $isSignedIn = shared('session.signedIn', () => computed([$token, $user], (token, user) => token !== '' && user !== null));

/** Where the customer is sent to sign in; the full-page router replaces it with its own navigation. */
export const signInNavigator = shared('session.signInNavigator', () => atom<(() => void) | null>(null));

export function startSession(token: string, user: UserDetails, origin?: EventTarget | null): void {
  $token.set(token);
  $user.set(user);
  $driverTip.set(0); // the driver tip starts at 0 after sign-in
  emitHostEvent('sf-sign-in', { user: { user_id: user.user_id, user_name: user.user_name } }, origin);
}

/** Sign-out and a 401 remove token and user, clear the cart and pending order, and go to sign-in. */
export function endSession(reason: 'user' | 'expired', origin?: EventTarget | null): void {
  $token.set('');
  $user.set(null);
  clearCart(origin);
  $placeOrderData.set(null);
  emitHostEvent('sf-sign-out', { reason }, origin);
  signInNavigator.get()?.();
}
