import type { ServerModule } from '../module.ts';

/**
 * The order state machine every module that moves an order shares (payments settle it, the
 * customer cancels it, the simulator advances it), and the drivers a move assigns.
 */
export const orderStatusModule: ServerModule = { name: 'order-status' };

export { nextStep, refundDestination, transition, TransitionError } from './domain/order-status.ts';
export { announceGroupChange, refundGroupShares } from './domain/group-shares.ts';
export { driverByToken, issueDriverToken } from './domain/drivers.ts';
