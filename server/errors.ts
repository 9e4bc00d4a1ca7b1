/**
 * Errors the domain raises. The domain knows nothing of HTTP: the HTTP layer
 * (server/http/errors.ts) answers an InputError with 422 and its field errors.
 */

import { PAYMENT_TEXTS } from '../contract/rules/payment-providers.ts';

/** What the request says cannot be taken: field name (or a path like `lines.2.quantity`) to the messages the customer reads. */
export class InputError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors)[0]?.[0] ?? 'Invalid request');
    this.name = 'InputError';
  }

  /** One message on one field. */
  static on(field: string, message: string): InputError {
    return new InputError({ [field]: [message] });
  }
}

/** The payment provider could not open a payment (unreachable, or it refused the request): nothing was charged, try again. */
export class ProviderUnavailable extends Error {
  constructor(cause: unknown) {
    super(PAYMENT_TEXTS.providerDown, { cause });
    this.name = 'ProviderUnavailable';
  }
}
