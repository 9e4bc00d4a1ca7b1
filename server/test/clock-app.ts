// Test-only: apps on one seeded database, each on its own test clock, for the store-time tests.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testClock, type Clock } from '../clock.ts';
import { seedIfEmpty } from '../seed/index.ts';
import { HARBOR, injectCall } from './test-app.ts';
import { createTestDb, type TestDb } from './test-db.ts';

export interface ClockEnvelope<T = unknown> { code: number; msg?: string; Result?: T }

export interface ClockWorld {
  database: TestDb;
  /** Store ids by slug (both vendors). */
  ids: Record<string, number>;
  /** A ready app on the shared database whose clock starts at `instant` and runs on. */
  appAt(instant: string, options?: { testFixtures?: boolean }): Promise<{ app: FastifyInstance; clock: Clock }>;
  /** A ready app on the shared database on `clock` (one the test moves by hand). */
  appOn(clock: Clock, options?: { testFixtures?: boolean }): Promise<FastifyInstance>;
  /** POST /api/v2/<call> to `app` as the vendor on `host`. */
  post<T>(app: FastifyInstance, call: string, body: object, host?: string, token?: string): Promise<ClockEnvelope<T>>;
  close(): Promise<void>;
}

export async function createClockWorld(): Promise<ClockWorld> {
  const database = await createTestDb('seeded');
  await seedIfEmpty(database.db);
  const ids: Record<string, number> = {};
  const { rows } = await database.db.query<{ slug: string; id: number }>('SELECT slug, id FROM restaurants');
  for (const row of rows) ids[row.slug] = Number(row.id);
  const apps: FastifyInstance[] = [];
  const appOn = async (clock: Clock, options: { testFixtures?: boolean } = {}): Promise<FastifyInstance> => {
    const app = await buildApp({
      db: database.db, logger: false, production: false, paymentSweepMs: 0, clock, testFixtures: options.testFixtures ?? false,
    });
    await app.ready();
    apps.push(app);
    return app;
  };
  return {
    database,
    ids,
    async appAt(instant, options = {}) {
      const clock = testClock(new Date(instant));
      return { app: await appOn(clock, options), clock };
    },
    appOn,
    async post<T>(app: FastifyInstance, call: string, body: object, host = HARBOR, token?: string) {
      return (await injectCall(app, call, body, { host, token })).json<ClockEnvelope<T>>();
    },
    async close() {
      for (const app of apps) await app.close();
      await database.close();
    },
  };
}
