import { randomBytes } from 'node:crypto';
import { migrate } from '../db/migrate.ts';
import { openDatabase, quoteIdent, type Db, type Listen } from '../db/pool.ts';

export interface TestDb {
  db: Db;
  kind: 'postgres' | 'pglite';
  listen: Listen;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when
 * DATABASE_URL is set, a uniquely named schema on that server (dropped on close).
 */
export async function createTestDb(): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  const schema = url ? `test_${process.pid}_${randomBytes(4).toString('hex')}` : undefined;
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory', schema });
  await migrate(database.pool);
  return {
    db: database.pool,
    kind: database.kind,
    listen: database.listen,
    async close() {
      if (schema) await database.pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
      await database.close();
    },
  };
}
