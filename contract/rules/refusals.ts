import { ACCOUNT_TEXTS, PASSWORD_TEXTS } from '../account-texts.ts';
import { DELIVERY_PARTNER_TEXTS } from './delivery-partners.ts';
import { FEEDBACK_TOO_MANY } from '../feedback-limits.ts';
import { PAYMENT_TEXTS } from './payment-providers.ts';
import { SUBSCRIPTION_TEXTS } from './subscriptions.ts';
import { RECHARGE_TEXTS } from './wallet.ts';
import { WRITES_TOO_MANY } from './write-limits.ts';

/**
 * The refusals and notices our server names by a stable key, `msg_key`, beside the spec's English
 * `msg`: the storefront shows each key's text in the customer's language, and reads the English
 * sentence only from a server that sends the spec's `msg` alone. Each key's English is here once;
 * the server answers with these texts.
 */
export const REFUSAL_TEXTS = {
  'account.not_registered': ACCOUNT_TEXTS.notRegistered,
  'account.invalid_otp': ACCOUNT_TEXTS.invalidOtp,
  'account.too_many': ACCOUNT_TEXTS.tooMany,
  'account.session_expired': ACCOUNT_TEXTS.sessionExpired,
  'account.order_under_way': ACCOUNT_TEXTS.orderUnderWay,
  'password.not_enabled': PASSWORD_TEXTS.notEnabled,
  'password.wrong': PASSWORD_TEXTS.wrongPassword,
  'password.wrong_old': PASSWORD_TEXTS.wrongOldPassword,
  'password.has_password': PASSWORD_TEXTS.hasPassword,
  'password.none': PASSWORD_TEXTS.noPassword,
  'password.changed': PASSWORD_TEXTS.changed,
  'location.no_service': 'Service not available in this area. Please change location and try again.',
  'location.out_of_reach': 'Your location is out of reach',
  'address.none': 'No Address Found',
  'address.required': 'Please enter address',
  'offers.none': 'No Offers Available',
  'store.not_found': 'Store not found',
  'store.closed': 'Restaurant is currently off, Please try after some time',
  'order.items_unavailable': 'Few items are not available',
  'order.prices_changed': 'Some of item price has been changed in your cart please go back and confirm.',
  'wallet.insufficient': 'Insufficient wallet amount please recharge your wallet',
  'wallet.amount_required': RECHARGE_TEXTS.required,
  'wallet.recharge_limit': RECHARGE_TEXTS.limit,
  'payment.unavailable': PAYMENT_TEXTS.unavailable,
  'payment.method_unavailable': PAYMENT_TEXTS.methodUnavailable,
  'payment.provider_down': PAYMENT_TEXTS.providerDown,
  'delivery.out_of_area': DELIVERY_PARTNER_TEXTS.outOfArea,
  'delivery.partner_unavailable': DELIVERY_PARTNER_TEXTS.unavailable,
  'delivery.quote_expired': DELIVERY_PARTNER_TEXTS.quoteExpired,
  'delivery.quote_invalid': DELIVERY_PARTNER_TEXTS.quoteInvalid,
  'delivery.quote_missing': DELIVERY_PARTNER_TEXTS.quoteMissing,
  'subscription.not_found': SUBSCRIPTION_TEXTS.notFound,
  'subscription.none': SUBSCRIPTION_TEXTS.none,
  'subscription.not_subscribable': SUBSCRIPTION_TEXTS.notSubscribable,
  'subscription.disabled': SUBSCRIPTION_TEXTS.disabled,
  'subscription.start_too_soon': SUBSCRIPTION_TEXTS.startTooSoon,
  'subscription.start_too_late': SUBSCRIPTION_TEXTS.startTooLate,
  'subscription.slot_closed': SUBSCRIPTION_TEXTS.slotClosed,
  'subscription.no_deliveries': SUBSCRIPTION_TEXTS.noDeliveries,
  'subscription.cancelled': SUBSCRIPTION_TEXTS.cancelled,
  'subscription.pause_too_soon': SUBSCRIPTION_TEXTS.pauseTooSoon,
  'subscription.not_paused': SUBSCRIPTION_TEXTS.notPaused,
  'subscription.restart_before_pause': SUBSCRIPTION_TEXTS.restartBeforePause,
  'subscription.already_paused': SUBSCRIPTION_TEXTS.alreadyPaused,
  'subscription.choose_interval': SUBSCRIPTION_TEXTS.chooseInterval,
  'subscription.choose_weekdays': SUBSCRIPTION_TEXTS.chooseWeekdays,
  'subscription.nothing_billed': SUBSCRIPTION_TEXTS.nothingBilled,
  'feedback.too_many': FEEDBACK_TOO_MANY,
  'limits.too_many': WRITES_TOO_MANY,
  'server.error': 'Server error',
} as const;

export type RefusalKey = keyof typeof REFUSAL_TEXTS;

const KEY_OF_TEXT: ReadonlyMap<string, RefusalKey> = new Map(
  (Object.entries(REFUSAL_TEXTS) as Array<[RefusalKey, string]>).map(([key, text]) => [text, key]),
);

/** The key of one of our texts, or undefined for any other text. */
export function refusalKeyOf(text: string): RefusalKey | undefined {
  return KEY_OF_TEXT.get(text);
}

export function isRefusalKey(key: unknown): key is RefusalKey {
  return typeof key === 'string' && Object.hasOwn(REFUSAL_TEXTS, key);
}
