import type { FastifyRequest } from 'fastify';
import { ORDER_CODES } from '../../../../contract/constants.ts';
import type { WalletRechargeRequest } from '../../../../contract/api/wallet.ts';
import { PAYMENT_TEXTS, RECHARGE_CALLS, type RechargeCallName } from '../../../../contract/rules/payment-providers.ts';
import { baseUrl } from '../../../context.ts';
import { rechargeProviders, rechargeStatus, startRecharge, walletBalance, walletHistory } from '../domain/wallet.ts';
import { toMajor } from '../../vendors/index.ts';
import { postCall, type ApiPlugin } from '../../../http/api.ts';
import { signedIn } from '../../../http/customer.ts';
import { customerWriteLimit, installRateLimit } from '../../../http/rate-limit.ts';
import { returnUrl } from '../../../http/return-url.ts';
import { InputError } from '../../../errors.ts';
import { confirmPending } from '../../payments/index.ts';

export const walletRoutes: ApiPlugin = async (api) => {
  await installRateLimit(api, api.db);
  const rechargeStarts = customerWriteLimit(api, 'recharge_start');
  await api.register(signedIn(api.db, (wallet) => {
    const amount = async (request: FastifyRequest) => {
      const { vendor, customer } = request;
      return { code: 200, Result: { wallet_amount: toMajor(vendor, await walletBalance(api.db, vendor.id, customer.userId)) } };
    };
    postCall(wallet, 'get_user_wallet_amount', amount);
    // Older storefronts GET it.
    wallet.get('/get_user_wallet_amount', amount);

    postCall(wallet, 'get_user_wallet_history', async (request) => {
      const { vendor, customer, body } = request;
      const history = await walletHistory(api.db, vendor, customer.userId, { skip: body.skip ?? 0, limit: body.limit ?? 50 });
      return { code: 200, Result: { ...history, recharge_providers: await rechargeProviders(api.db, api.runtime.payments, vendor, customer.userId) } };
    });

    /**
     * A recharge through `name`, which must be one the wallet offers this customer; without a name, the
     * vendor's own provider (or, where that is not offered, the first one that is).
     */
    const recharge = async (request: FastifyRequest, body: WalletRechargeRequest, name: string | undefined) => {
      const { vendor, customer } = request;
      const offered = await rechargeProviders(api.db, api.runtime.payments, vendor, customer.userId);
      const chosen = name === undefined ? offered[0] : offered.find((provider) => provider.name === name);
      if (!chosen) {
        throw name === undefined
          ? InputError.on('amount', PAYMENT_TEXTS.unavailable)
          : InputError.on('provider', PAYMENT_TEXTS.methodUnavailable);
      }
      const started = await startRecharge(api.db, {
        vendor, lang: request.lang, userId: customer.userId, amount: body.amount, provider: await api.runtime.payments.provider(vendor.id, chosen.name),
        baseUrl: baseUrl(request), returnUrl: await returnUrl(request, body.return_url),
      });
      return { code: 200, Result: { recharge_id: started.rechargeId, payment_url: started.url } };
    };

    postCall(wallet, 'wallet_recharge', async (request, reply) => {
      await rechargeStarts(request, reply, request.customer);
      return recharge(request, request.body, request.body.provider);
    });
    for (const call of Object.keys(RECHARGE_CALLS) as RechargeCallName[]) {
      postCall(wallet, call, async (request, reply) => {
        await rechargeStarts(request, reply, request.customer);
        return recharge(request, request.body, RECHARGE_CALLS[call]);
      });
    }

    postCall(wallet, 'wallet_recharge_status', async (request) => {
      const { vendor, customer, body } = request;
      let status = await rechargeStatus(api.db, vendor, customer.userId, body.recharge_id);
      // Still pending: the provider is asked (only about the customer's own recharge), then the answer read again.
      if (status?.status === 'pending') {
        await confirmPending(api.db, api.runtime.payments, body.recharge_id, request.log);
        status = await rechargeStatus(api.db, vendor, customer.userId, body.recharge_id);
      }
      return status ? { code: 200, Result: status } : { code: ORDER_CODES.notFound, msg: 'Recharge not found' };
    });
  }));
};
