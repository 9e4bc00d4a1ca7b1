import type { PaymentSession } from '../providers/provider.ts';

/**
 * The email a provider that requires one is given: the customer's own, or, for a customer who signed
 * in with their number alone, a stable stand-in per customer in the reserved `.invalid` domain (the
 * provider's receipt then reaches no one, nor any real mailbox; the storefront shows the outcome itself).
 */
export function payerEmail(session: Pick<PaymentSession, 'customer' | 'customerId'>): string {
  const own = session.customer?.email.trim();
  return own || `customer-${session.customerId}@example.invalid`;
}

/** The customer's name for a provider that asks, or `fallback` when they gave none. */
export function payerName(session: Pick<PaymentSession, 'customer'>, fallback = 'Customer'): string {
  return session.customer?.name.trim() || fallback;
}
