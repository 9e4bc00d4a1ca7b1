import { SignIn } from '../src/features/sign-in/SignIn.tsx';
import { defineIsland } from './define-island.tsx';

/**
 * Sign-in and registration by mobile number and one-time code, or by password where the vendor offers passwords
 * (settings password_login); when signed in, who is signed in and Sign out.
 *
 * @tag sf-sign-in
 * @event sf-sign-in - A customer signed in. `detail: { user: { user_id, user_name } }`.
 * @event sf-sign-out - The customer signed out (or the session expired). `detail: { reason: 'user' | 'expired' }`.
 * @csspart base - The island's root.
 * @csspart form - The sign-in form.
 * @csspart mode - The choice between one-time code and password (where the vendor offers passwords).
 * @csspart password-form - The sign-in by mobile number and password.
 * @csspart social-sign-in - The social sign-in buttons (only where the vendor configured Google or Facebook).
 * @csspart google-sign-in - The Continue with Google button.
 * @csspart facebook-sign-in - The Continue with Facebook button.
 * @csspart signed-in - The signed-in summary.
 * @csspart sign-out - The Sign out button.
 * @csspart confirm-dialog - The sign-out confirmation dialog.
 * @cssprop --sf-color-button - Button background (vendor button_primary_color).
 * @cssprop --sf-color-button-text - Button text colour.
 * @cssprop --sf-color-primary - Focus ring and accents.
 * @cssprop --sf-radius - Corner radius of fields and buttons.
 */
export type SfSignInAttributes = Record<string, never>;

defineIsland<SfSignInAttributes>({
  tag: 'sf-sign-in',
  render: ({ host }) => <SignIn host={host} />,
});
