import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_TEXTS } from '../../contract/account-texts.ts';
import type { Db } from '../db/pool.ts';
import { findSession } from '../modules/accounts/domain/sessions.ts';
import type { Api } from './api.ts';
import { HttpError } from './errors.ts';

export const SESSION_EXPIRED = ACCOUNT_TEXTS.sessionExpired;

/** The signed-in customer of a request. */
export interface Customer {
  userId: number;
  sessionId: number;
  vendorId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer; only inside a signed-in scope (elsewhere reading it answers 401). */
    readonly customer: Customer;
  }
}

/**
 * The request's bearer token. Tokens are 32 random bytes in base64url (43 characters); anything else
 * cannot match one, so it is no token and never reaches the database.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+([A-Za-z0-9_-]{1,128})\s*$/i.exec(header) : null;
  return match?.[1];
}

/** The customer whose live token of the request's vendor the request carries, else null (guests, stale tokens). */
export async function findCustomer(db: Db, request: FastifyRequest): Promise<Customer | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const vendorId = request.vendor.id;
  const session = await findSession(db, vendorId, token);
  return session ? { userId: session.user_id, sessionId: session.session_id, vendorId } : null;
}

const customers = new WeakMap<FastifyRequest, Customer>();

/** Declares `request.customer` (once, on the API's root context). */
export const customerDecorator = fp(async (app: FastifyInstance) => {
  app.decorateRequest('customer', {
    getter(this: FastifyRequest): Customer {
      const customer = customers.get(this);
      if (!customer) throw new HttpError(401, SESSION_EXPIRED);
      return customer;
    },
  });
}, { name: 'customer-decorator', dependencies: ['vendor-context'] });

/**
 * A scope whose routes answer only a signed-in customer of the request's vendor: the others
 * get HTTP 401 `{ code: 401, msg: 'Session Expired' }` before the handler runs.
 */
export function signedIn(db: Db, routes: (api: Api) => void | Promise<void>) {
  return async (scope: Api): Promise<void> => {
    scope.addHook('preHandler', async (request) => {
      const customer = await findCustomer(db, request);
      if (!customer) throw new HttpError(401, SESSION_EXPIRED);
      customers.set(request, customer);
    });
    await routes(scope);
  };
}
