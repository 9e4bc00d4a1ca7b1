import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/pool.ts';
import { findSession, type SessionRow } from '../domain/sessions.ts';
import type { Vendor } from '../domain/vendors.ts';
import { HttpError } from './errors.ts';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** The signed-in customer of this vendor, or HTTP 401 `{code:401,msg:'Session Expired'}`. */
export async function requireCustomer(db: Db, vendor: Vendor, request: FastifyRequest): Promise<SessionRow> {
  const token = bearerToken(request);
  // Tokens are 32 bytes base64url (43 chars); anything else cannot match.
  const session = token && token.length <= 128 ? await findSession(db, vendor.id, token) : undefined;
  if (!session) throw new HttpError(401, 'Session Expired');
  return session;
}
