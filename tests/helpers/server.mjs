// Starting and stopping the reference API server for test runs.
// Plain JS (with server.d.mts types) so web-test-runner.config.mjs (loaded by
// Node without TypeScript support) and playwright.config.ts can share it.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolvePort(port));
    });
  });
}

/** A fresh Postgres schema name (the server creates it: `CREATE SCHEMA IF NOT EXISTS`). */
export function uniqueSchema(prefix) {
  const rand = Math.random().toString(36).slice(2, 8);
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${rand}`.toLowerCase().replace(/[^a-z0-9_]/g, '_').slice(0, 63);
}

/** Drops a schema created for a test run. No-op without a DATABASE_URL. */
export async function dropSchema(databaseUrl, schema) {
  if (!databaseUrl || !schema) return;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Refusing to drop odd schema name: ${schema}`);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Environment for `tsx server/main.ts`: PostgreSQL in a unique schema when
 * DATABASE_URL is set, else PGlite in `dataDir` ('memory' by default).
 */
export function serverEnv({ port, host = '127.0.0.1', dataDir = 'memory', schema, extra = {} }) {
  const env = { ...process.env, PORT: String(port), HOST: host, NODE_ENV: 'development', ...extra };
  if (process.env.DATABASE_URL) {
    env.DATABASE_SCHEMA = schema;
    delete env.DATA_DIR;
  } else {
    env.DATA_DIR = dataDir;
    delete env.DATABASE_SCHEMA;
  }
  return env;
}

/** Polls `url` until it answers 2xx. Rejects early if `child` exits. */
export async function waitForHttp(url, { timeoutMs = 120_000, child, describe = url } = {}) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  const onExit = (code, signal) => (exited = signal ?? code);
  child?.once('exit', onExit);
  try {
    while (Date.now() < deadline) {
      if (exited !== null) throw new Error(`${describe}: server process exited (${exited}) before ${url} answered`);
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${describe}: ${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
  } finally {
    child?.off('exit', onExit);
  }
}

/**
 * Spawns a long-lived process (a server) in its own process group and waits until `readyUrl` answers 2xx.
 * Output goes to `logFile`; the last lines are shown if it fails to start. `stop()` ends the whole group
 * (SIGTERM, then SIGKILL after 5 s), and so does this process's exit if stop() was never called.
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, stop(): Promise<void> }>}
 */
export async function startProcess({ command, args, cwd = ROOT, env, readyUrl, logFile, timeoutMs = 120_000, label = command }) {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: 'w' });
  const tail = [];
  const child = spawn(command, args, {
    cwd,
    env,
    detached: true, // own process group: stop() kills the process and its children together (tsx and its node)
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      log.write(chunk);
      tail.push(...String(chunk).split('\n').filter(Boolean));
      if (tail.length > 60) tail.splice(0, tail.length - 60);
    });
  }
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  // If the runner dies without calling stop(), do not leave the process behind.
  const onExit = () => killGroup('SIGKILL');
  process.on('exit', onExit);

  try {
    await waitForHttp(readyUrl, { timeoutMs, child, describe: label });
  } catch (error) {
    killGroup('SIGKILL');
    process.off('exit', onExit);
    throw new Error(`${error.message}\n--- last output (${logFile}) ---\n${tail.join('\n')}`);
  }

  return {
    child,
    async stop() {
      process.off('exit', onExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
      killGroup('SIGKILL'); // stragglers in the group
      log.end();
    },
  };
}

/**
 * Spawns the API server (`tsx server/main.ts`) with startProcess and waits for /healthz.
 * @returns {Promise<{ origin: string, child: import('node:child_process').ChildProcess, stop(): Promise<void> }>}
 */
export async function startApiServer({ port, env, logFile, timeoutMs = 120_000, label = 'API server' }) {
  const tsxCli = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  // SF_SERVER_ENTRY: run another entry (e.g. a stand-in while server/ is being written).
  const entry = process.env.SF_SERVER_ENTRY || 'server/main.ts';
  const origin = `http://127.0.0.1:${port}`;
  const started = await startProcess({ command: process.execPath, args: [tsxCli, entry], env, readyUrl: `${origin}/healthz`, logFile, timeoutMs, label });
  return { origin, ...started };
}
