import { describe, expect, it } from 'vitest';
import { isOngoing, isOpen, isPast, ORDER_STATUSES, stepsFor } from './order-steps.ts';

describe('order steps', () => {
  it('lists the steps of each mode; pickup skips the driver states; a scheduled order starts at scheduled', () => {
    expect(stepsFor('delivery')).toEqual(['placed', 'confirmed', 'preparing', 'waiting', 'on_the_way', 'arrived', 'delivered']);
    expect(stepsFor('pickup')).toEqual(['placed', 'confirmed', 'preparing', 'waiting', 'delivered']);
    expect(stepsFor('pickup', true)[0]).toBe('scheduled');
  });

  it('lists every shown state as ongoing or past, and the payment states as neither', () => {
    expect(ORDER_STATUSES.filter(isOngoing)).toEqual(['scheduled', 'placed', 'confirmed', 'preparing', 'waiting', 'on_the_way', 'arrived']);
    expect(ORDER_STATUSES.filter(isPast)).toEqual(['delivered', 'cancelled']);
    expect(ORDER_STATUSES.filter((status) => !isOngoing(status) && !isPast(status))).toEqual(['payment_pending', 'payment_failed']);
  });

  it('is open until delivered, cancelled or failed', () => {
    expect(ORDER_STATUSES.filter((status) => !isOpen(status)).sort()).toEqual(['cancelled', 'delivered', 'payment_failed']);
  });
});
