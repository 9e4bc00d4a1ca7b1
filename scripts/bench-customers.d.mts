// Types for bench-customers.mjs (imported by scripts/soak.mts).
export declare const BENCH_SEED_KEYS: readonly string[];
export declare function benchSeedEnv(file: string, customers: number, port: number): Record<string, string>;
export declare function orderCall(
  origin: string, host: string, token: string, call: string, body: unknown, init?: { signal?: AbortSignal },
): Promise<{ status: number; json: unknown }>;
