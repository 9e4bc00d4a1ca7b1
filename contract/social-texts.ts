/** The texts social sign-in answers (google_login, facebook_login), which the storefront shows in the customer's language. */
export const SOCIAL_TEXTS = {
  notConfigured: 'This sign-in is not available',
  invalidToken: 'Sign-in could not be verified. Please try again.',
  unavailable: 'Sign-in is not available right now. Please try again later.',
  signedIn: 'Login successful',
} as const;
