import type { FastifyRequest } from 'fastify';
import { walletBalance, walletHistory } from '../domain/wallet.ts';
import { toMajor } from '../domain/vendors.ts';
import { postCall, type ApiPlugin } from '../http/api.ts';
import { signedIn } from '../http/customer.ts';

export const walletRoutes: ApiPlugin = async (api) => {
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
      return { code: 200, Result: await walletHistory(api.db, vendor, customer.userId, { skip: body.skip ?? 0, limit: body.limit ?? 50 }) };
    });
  }));
};
