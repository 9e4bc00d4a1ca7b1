import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  schema: string | undefined;
  production: boolean;
  publicUrl: string | undefined;
  trustProxy: boolean;
  /** Seconds per step of the demo order simulator; 0 = off (tests). `npm start` sets 8. */
  orderSimulatorSeconds: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${env.PORT}`);
  return {
    port,
    host: env.HOST || 'localhost',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || join(REPO_ROOT, '.data', 'pglite'),
    schema: env.DATABASE_SCHEMA || undefined,
    production: env.NODE_ENV === 'production',
    publicUrl: env.PUBLIC_URL || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    orderSimulatorSeconds: Math.max(0, Number(env.ORDER_SIMULATOR_SECONDS) || 0),
  };
}
