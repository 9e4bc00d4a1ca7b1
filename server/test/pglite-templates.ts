// Vitest's global setup for the server tests: on PGlite, the databases a test file starts from are made
// once per run and dumped (.tmp/pglite-templates): one migrated, one migrated and seeded with the demo
// vendors. A test file loads a dump in about a third of the time an empty PGlite takes to initialise,
// and skips the migrations and the seed. On PostgreSQL (DATABASE_URL) each file still migrates its own
// schema.
//
// A test file's database is small, so its dump asks for 16 MB of shared buffers instead of
// PostgreSQL's 128 MB, which PGlite zeroes at every start, and leaves out the template databases
// (template0 and template1: 14 MB of the dump's 44 MB, never used by a test). Measured here, opening
// the seeded dump: 1.66 s of CPU before, 0.60 s after, for each of the hundred or so test files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/pool.ts';
import { seedIfEmpty } from '../seed/index.ts';
import { TEMPLATES_VARIABLE, templateFile, type TemplateName } from './test-db.ts';

export default async function setup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const dir = join(process.cwd(), '.tmp', 'pglite-templates');
  mkdirSync(dir, { recursive: true });
  const names: TemplateName[] = ['migrated', 'seeded'];
  for (const name of names) {
    const database = await openDatabase({ dataDir: 'memory' });
    try {
      await migrate(database.pool);
      if (name === 'seeded') await seedIfEmpty(database.pool);
      await database.pool.query(`ALTER SYSTEM SET shared_buffers = '16MB'`);
      for (const template of ['template0', 'template1']) {
        await database.pool.query(`ALTER DATABASE ${template} IS_TEMPLATE false`);
        await database.pool.query(`DROP DATABASE ${template}`);
      }
      if (!database.dumpDataDir) throw new Error('a PGlite database has dumpDataDir');
      await database.pool.query('CHECKPOINT');
      const dump = await database.dumpDataDir();
      writeFileSync(templateFile(dir, name), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  }
  // The test workers start after this, with this environment.
  process.env[TEMPLATES_VARIABLE] = dir;
}
