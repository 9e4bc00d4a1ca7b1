import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { seedIfEmpty } from '../seed/index.ts';
import { createTestDb, type TestDb } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDb;
  /** POST /api/v2/<call> as the given vendor host. */
  call(name: string, body: unknown, options?: { host?: string; token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const HARBOR = 'localhost';
export const SOUQ = 'souq.localhost';

/** A seeded app on a fresh database, logging off. */
export async function createTestApp(): Promise<TestApp> {
  const database = await createTestDb();
  await seedIfEmpty(database.db);
  const app = await buildApp({ db: database.db, logger: false, production: false });
  await app.ready();
  return {
    app,
    database,
    call(name, body, options = {}) {
      const headers: Record<string, string> = { host: `${options.host ?? HARBOR}:8080` };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      return app.inject({ method: 'POST', url: `/api/v2/${name}`, headers, payload: body as object });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
