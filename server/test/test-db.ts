import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from '../db/migrate.ts';
import { openDatabase, quoteIdent, type Db, type Listen } from '../db/pool.ts';

export interface TestDb {
  db: Db;
  kind: 'postgres' | 'pglite';
  listen: Listen;
  close(): Promise<void>;
}

/** The databases a test file may start from: migrated, or migrated and seeded with the demo vendors. */
export type TemplateName = 'migrated' | 'seeded';

/** Where the global setup (pglite-templates.ts) left the PGlite templates of this run. */
export const TEMPLATES_VARIABLE = 'SF_TEST_PGLITE_TEMPLATES';
export const templateFile = (dir: string, name: TemplateName): string => join(dir, `${name}.tar`);

/** This run's PGlite template, when the global setup made one. */
function pgliteTemplate(name: TemplateName): Blob | undefined {
  const dir = process.env[TEMPLATES_VARIABLE];
  const file = dir ? templateFile(dir, name) : undefined;
  return file && existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * A fresh, migrated database for one test file (`seeded`: with the demo vendors too, which
 * seedIfEmpty then leaves as they are): in-memory PGlite by default, loaded from this run's
 * template when there is one, or, when DATABASE_URL is set, a uniquely named schema on that
 * server (dropped on close).
 */
export async function createTestDb(template: TemplateName = 'migrated'): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  const dump = url ? undefined : pgliteTemplate(template);
  const schema = url ? `test_${process.pid}_${randomBytes(4).toString('hex')}` : undefined;
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory', schema, pgliteDump: dump });
  if (!dump) await migrate(database.pool);
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
