/**
 * The sign-in and account texts the server answers in `msg` (the spec's English). The
 * storefront shows each in the customer's language (its table of server texts); other
 * clients get the English text.
 */
export const ACCOUNT_TEXTS = {
  notRegistered: 'Mobile Number is not exist',
  invalidOtp: 'Invalid OTP',
  tooMany: 'Too many times same mobile number used',
  sessionExpired: 'Session Expired',
  /** delete_account while the store has an order of the customer under way. */
  orderUnderWay: 'You have an order on its way. You can delete your account once it has arrived.',
} as const;

/** The text of a 429 for too many sign-in calls from one network, in whole minutes (at least 1). */
export function tooManyFromNetworkText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many sign-in requests from your network. Please try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
}

/** The minutes of a tooManyFromNetworkText, or undefined for another text. */
export function minutesOfTooManyFromNetwork(text: string): number | undefined {
  const match = /^Too many sign-in requests from your network\. Please try again in (?:a minute|(\d+) minutes)\.$/.exec(text);
  return match ? Number(match[1] ?? 1) : undefined;
}

/** The server's texts for the password calls (the storefront shows them in the customer's language). */
export const PASSWORD_TEXTS = {
  notEnabled: 'Password sign-in is not available',
  wrongPassword: 'Invalid mobile number or password',
  wrongOldPassword: 'Old password is incorrect',
  hasPassword: 'Please enter your old password',
  noPassword: 'You have no password yet',
  changed: 'Password changed',
} as const;
