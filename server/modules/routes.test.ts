import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CALLS, type CallName } from '../../contract/api/calls.ts';
import { EVENTS_STREAM_PATH } from '../../contract/rules/event-stream.ts';
import { API_VERSION_PATH } from '../../contract/constants.ts';
import { buildApp } from '../app.ts';
import { createTestDb, type TestDb } from '../test/test-db.ts';

/** Every `METHOD /path` the app serves, read back from Fastify's route tree (children continue their parent's path). */
function servedRoutes(app: FastifyInstance): string[] {
  const paths: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (paths[depth - 1] ?? '') + match[2]!;
    paths[depth] = path;
    paths.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('the routes and the contract', () => {
  let database: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDb();
    app = await buildApp({ db: database.db, logger: false, paymentSweepMs: 0 });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('serves every call of the contract with its method', () => {
    for (const name of Object.keys(API_CALLS) as CallName[]) {
      const { method } = API_CALLS[name];
      expect(app.hasRoute({ method, url: `${API_VERSION_PATH}/${name}` }), `${method} ${name}`).toBe(true);
    }
  });

  it('serves no API call that the contract does not declare', () => {
    const declared = new Set(Object.entries(API_CALLS).map(([name, call]) => `${call.method} ${API_VERSION_PATH}/${name}`));
    const served = servedRoutes(app).filter((route) => route.includes(` ${API_VERSION_PATH}/`) && !route.startsWith('HEAD '));
    expect(served.length).toBeGreaterThanOrEqual(declared.size);
    // The one alias (older storefronts GET the wallet amount) and the live channel's stream, which the contract names beside its `events` call.
    expect(served.filter((route) => !declared.has(route)).sort()).toEqual([`GET ${API_VERSION_PATH}${EVENTS_STREAM_PATH}`, `GET ${API_VERSION_PATH}/get_user_wallet_amount`]);
  });
});
