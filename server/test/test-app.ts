import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../app.ts';
import { createSession } from '../modules/accounts/index.ts';
import { seedIfEmpty } from '../seed/index.ts';
import { createTestDb, type TestDb } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDb;
  /** POST /api/v2/<call> as the given vendor host. */
  call(name: string, body: unknown, options?: { host?: string; token?: string }): Promise<LightMyRequestResponse>;
  /** Like call(), answering the status and the parsed envelope. */
  post(name: string, body: unknown, options?: { host?: string; token?: string }): Promise<{ status: number; body: TestEnvelope }>;
  /** A bearer token for a seeded customer of the vendor on `host` (the first one unless `mobile` names another). */
  signIn(host?: string, mobile?: string): Promise<string>;
  /** The id of the vendor's store with this slug. */
  storeId(slug: string, host?: string): Promise<number>;
  close(): Promise<void>;
}

/** What a v2 call answers, loosely typed for assertions. */
export interface TestEnvelope {
  code: number;
  msg?: string;
  Result?: unknown;
  errors?: Record<string, string[]>;
}

export const HARBOR = 'localhost';
export const SOUQ = 'souq.localhost';

/** POST /api/v2/<call> to `app` as the vendor on `host` (HARBOR unless told), with an optional bearer token. */
export function injectCall(app: FastifyInstance, name: string, body: unknown, options: { host?: string | undefined; token?: string | undefined } = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: `${options.host ?? HARBOR}:8080` };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return app.inject({ method: 'POST', url: `/api/v2/${name}`, headers, payload: body as object });
}

/**
 * A seeded app on a fresh database, logging off, with the development page of one-time codes
 * (/dev/otp.json: tests read the codes there). `options` adds to or overrides that, e.g. `otpLimits`.
 */
export async function createTestApp(options: Omit<BuildOptions, 'db'> = {}): Promise<TestApp> {
  const database = await createTestDb('seeded');
  await seedIfEmpty(database.db);
  const app = await buildApp({ logger: false, production: false, devOtpPage: true, listen: database.listen, ...options, db: database.db });
  await app.ready();
  const call: TestApp['call'] = (name, body, options = {}) => injectCall(app, name, body, options);
  return {
    app,
    database,
    call,
    async post(name, body, options = {}) {
      const response = await call(name, body, options);
      return { status: response.statusCode, body: response.json<TestEnvelope>() };
    },
    async signIn(host = HARBOR, mobile) {
      const { rows } = await database.db.query<{ id: number; vendor_id: number }>(
        `SELECT u.id, u.vendor_id FROM users u JOIN vendor_hosts h ON h.vendor_id = u.vendor_id
         WHERE h.host = $1 AND ($2::text IS NULL OR u.mobile_number = $2) AND u.deleted_at IS NULL ORDER BY u.id LIMIT 1`,
        [host, mobile ?? null],
      );
      const user = rows[0];
      if (!user) throw new Error(`no customer for ${host} ${mobile ?? ''}`);
      return createSession(database.db, user.vendor_id, user.id);
    },
    async storeId(slug, host = HARBOR) {
      const { rows } = await database.db.query<{ id: number }>(
        'SELECT r.id FROM restaurants r JOIN vendor_hosts h ON h.vendor_id = r.vendor_id WHERE h.host = $1 AND r.slug = $2',
        [host, slug],
      );
      if (!rows[0]) throw new Error(`no store ${slug} on ${host}`);
      return rows[0].id;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
