import type pg from 'pg';
import type { Db } from './pool.ts';

/** Runs fn with one connection of the pool, released after. */
export async function withClient<T>(db: Db, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    return await fn(client);
  } finally {
    client.release();
  }
}

/** Runs fn inside BEGIN/COMMIT on a connection the caller holds; rolls back on any error. */
export async function inTransactionOn<T>(client: pg.PoolClient, fn: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await fn();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** Runs fn inside BEGIN/COMMIT on one connection; rolls back on any error. */
export function inTransaction<T>(db: Db, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withClient(db, (client) => inTransactionOn(client, () => fn(client)));
}
