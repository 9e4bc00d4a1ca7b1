/**
 * How often one signed-in customer may repeat each write: at most `max` in `windowMinutes`, counted in
 * the database, so every server process on it shares the count. Past it the call answers 429 with
 * WRITES_TOO_MANY and Retry-After; the storefront shows the text in the customer's language. Each
 * limit leaves a person far more than they would use (a chat message every two seconds for a minute)
 * and a script far less than it would send.
 */
export const CUSTOMER_WRITE_LIMITS = {
  /** sendmessage: the support chat (each message wakes the demo agent and the customer's streams). */
  chat_message: { max: 30, windowMinutes: 1 },
  /** store_feedback, signed in (guests are limited per network). */
  store_feedback: { max: 20, windowMinutes: 60 },
  /** customer_report_bug. */
  bug_report: { max: 10, windowMinutes: 60 },
  /** upload-order-images. */
  order_image: { max: 30, windowMinutes: 60 },
  /** wallet_recharge: each opens a payment at the provider. */
  recharge_start: { max: 20, windowMinutes: 60 },
  /** generate_subscription_invoice: each draws a PDF. */
  subscription_invoice: { max: 30, windowMinutes: 60 },
  /** get_porter_delivery_charge, get-dunzo-quotation: each asks the partner's API (a checkout asks once per partner, address and expiry). */
  delivery_quote: { max: 120, windowMinutes: 60 },
} as const satisfies Record<string, { max: number; windowMinutes: number }>;

export type CustomerWrite = keyof typeof CUSTOMER_WRITE_LIMITS;

/** The 429 text past a customer's write limit. */
export const WRITES_TOO_MANY = 'You have done this too often. Please wait a little and try again.';
