import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Envelope, WalletAmount, WalletHistory } from '../../src/core/api/contract.ts';
import type { AppContext } from '../context.ts';
import { walletBalance, walletHistory } from '../domain/wallet.ts';
import { toMajor } from '../domain/vendors.ts';
import { requireCustomer } from '../http/auth.ts';
import { requireVendor } from '../http/vendor.ts';
import { AnyBody } from './schemas.ts';
import { WalletHistoryBody } from './orders.schemas.ts';

export async function walletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const amount = async (request: FastifyRequest): Promise<Envelope<WalletAmount>> => {
    const vendor = await requireVendor(ctx.db, request);
    const session = await requireCustomer(ctx.db, vendor, request);
    return { code: 200, Result: { wallet_amount: toMajor(vendor, await walletBalance(ctx.db, vendor.id, session.user_id)) } };
  };
  // The spec's storefront GETs it; POST works too like every other call.
  app.get('/get_user_wallet_amount', amount);
  app.post('/get_user_wallet_amount', { schema: { body: AnyBody } }, amount);

  app.post('/get_user_wallet_history', { schema: { body: WalletHistoryBody } }, async (request): Promise<Envelope<WalletHistory>> => {
    const vendor = await requireVendor(ctx.db, request);
    const session = await requireCustomer(ctx.db, vendor, request);
    const body = request.body as { skip?: number; limit?: number };
    return { code: 200, Result: await walletHistory(ctx.db, vendor, session.user_id, { skip: body.skip ?? 0, limit: body.limit ?? 50 }) };
  });
}
