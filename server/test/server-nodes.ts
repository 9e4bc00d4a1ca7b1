import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { REPO_ROOT } from '../config.ts';

/** An API server process of the tests' own, on a port of its own, with its output kept. */
export interface ServerNode {
  origin: string;
  process: ChildProcess;
  log: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts server/main.ts on the PostgreSQL of DATABASE_URL in `schema` (several nodes on one database, as
 * stateless nodes behind a balancer run), with `env` added; resolves once it answers /healthz.
 */
export async function startServerNode(schema: string, env: Record<string, string>): Promise<ServerNode> {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node exited: ${log.join('')}`);
    const up = await fetch(`${origin}/healthz`).then((response) => response.ok, () => false);
    if (up) return { origin, process: child, log };
    if (Date.now() > deadline) throw new Error(`node did not start: ${log.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Stops a node (SIGTERM) and waits for it to exit. */
export function stopServerNode(node: ServerNode | undefined): Promise<void> {
  if (!node || node.process.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    node.process.once('exit', () => resolve());
    node.process.kill('SIGTERM');
  });
}
