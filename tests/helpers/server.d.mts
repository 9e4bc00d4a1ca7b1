import type { ChildProcess } from 'node:child_process';

export declare const ROOT: string;
export declare function freePort(): Promise<number>;
export declare function uniqueSchema(prefix: string): string;
export declare function dropSchema(databaseUrl: string | undefined, schema: string | undefined): Promise<void>;
export declare function serverEnv(options: {
  port: number;
  host?: string;
  dataDir?: string;
  schema?: string;
  extra?: Record<string, string>;
}): NodeJS.ProcessEnv;
export declare function waitForHttp(
  url: string,
  options?: { timeoutMs?: number; child?: ChildProcess; describe?: string },
): Promise<void>;
export declare function startProcess(options: {
  command: string;
  args: string[];
  cwd?: string;
  env: NodeJS.ProcessEnv;
  readyUrl: string;
  logFile: string;
  timeoutMs?: number;
  label?: string;
}): Promise<{ child: ChildProcess; stop(): Promise<void> }>;
export declare function startApiServer(options: {
  port: number;
  env: NodeJS.ProcessEnv;
  logFile: string;
  timeoutMs?: number;
  label?: string;
}): Promise<{ origin: string; child: ChildProcess; stop(): Promise<void> }>;
