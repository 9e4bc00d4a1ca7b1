import { t } from '@lingui/core/macro';
import type { CancelledOrder } from '../../../contract/api/orders.ts';
import { ORDER_CODES } from '../../../contract/constants.ts';
import { callApi } from '../api/client.ts';
import { MESSAGES, say } from '../i18n/messages.ts';
import { emitHostEvent } from '../platform/host-events.ts';
import { loadWallet } from '../wallet/wallet.ts';
import { loadOrderDetail } from './orders.ts';

export type CancelOrderOutcome = { ok: true; cancelled: CancelledOrder } | { ok: false; message: string };

/**
 * cancel_order: the order read again either way (cancelled, or taken by the store meanwhile), and the
 * wallet after a refund into it (the side menu's balance follows). The host page hears the new state.
 */
export async function cancelOrder(orderId: number): Promise<CancelOrderOutcome> {
  try {
    const response = await callApi('cancel_order', { order_id: orderId });
    void loadOrderDetail(orderId);
    if (response.code === 200 && response.Result) {
      if (response.Result.refund_to === 'wallet') void loadWallet();
      emitHostEvent('sf-order-status', { order_id: orderId, status: 'cancelled' });
      return { ok: true, cancelled: response.Result };
    }
    if (response.code === ORDER_CODES.notAllowed) return { ok: false, message: t`This order can no longer be cancelled: the store has already accepted it.` };
    if (response.code === ORDER_CODES.notFound) return { ok: false, message: t`Order not found` };
    return { ok: false, message: say(MESSAGES.somethingWentWrongTryAgain) };
  } catch {
    return { ok: false, message: say(MESSAGES.somethingWentWrongTryAgain) };
  }
}
