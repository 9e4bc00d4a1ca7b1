import type { FastifyPluginAsync } from 'fastify';
import type { BuildOptions } from '../app.ts';
import type { Runtime } from '../context.ts';
import type { Db } from '../db/pool.ts';
import type { ApiPlugin } from '../http/api.ts';

/**
 * What a module (server/modules/<area>/) gives the app: its index.ts exports one, and buildApp
 * (server/app.ts) registers every module of the list in server/modules/index.ts the same way.
 */
export interface ServerModule {
  /** The module's folder name under server/modules. */
  name: string;
  /** Plugins under the API prefix (/api/v2), inside the context where the vendor and the customer are resolved. */
  routes?: ApiPlugin[];
  /** Plugins outside the API prefix (media, a provider's pages and webhooks), for this app's runtime. */
  rootRoutes?: (runtime: Runtime) => FastifyPluginAsync[];
  /** The module's background work for these options; none unless the options ask for it. */
  jobs?: (context: JobContext) => ModuleJob[];
}

/** What a module's jobs are started with. */
export interface JobContext {
  db: Db;
  runtime: Runtime;
  /** buildApp's options, which say which jobs run and how often (paymentSweepMs, orderSimulatorSeconds, …). */
  options: BuildOptions;
  /** Orders a test asked the simulator to leave alone (POST /test/hold-order, server/dev/test-fixtures.ts). */
  heldOrders: ReadonlySet<number>;
  /** Logs a job's failure with its message (`'payment sweep failed'`); the job goes on. */
  logError(message: string): (error: unknown) => void;
}

/** One piece of background work: started with the app, stopped when it closes. */
export interface ModuleJob {
  /** 'built': as buildApp runs; 'ready': once the app is ready (main.ts migrates the database in between). */
  startsWhen: 'built' | 'ready';
  /** Starts the job; answers what stops it. */
  start(): () => void | Promise<void>;
}
