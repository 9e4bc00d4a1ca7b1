/** The password rule and the server's texts of the password calls (docs/behaviour.md#sign-up-and-passwords). */

/** The shortest password a customer may choose. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The server's texts for the password calls (the storefront shows them in the customer's language). */
export const PASSWORD_TEXTS = {
  notEnabled: 'Password sign-in is not available',
  wrongPassword: 'Invalid mobile number or password',
  wrongOldPassword: 'Old password is incorrect',
  hasPassword: 'Please enter your old password',
  noPassword: 'You have no password yet',
  changed: 'Password changed',
} as const;
