import { dropSchema } from './server.mjs';

/** Drops the PostgreSQL schema the e2e server used (only when DATABASE_URL is set). */
export default async function globalTeardown(): Promise<void> {
  if (!process.env.DATABASE_URL || !process.env.SF_E2E_SCHEMA) return;
  try {
    await dropSchema(process.env.DATABASE_URL, process.env.SF_E2E_SCHEMA);
  } catch (error) {
    console.warn(`Could not drop schema ${process.env.SF_E2E_SCHEMA}: ${(error as Error).message}`);
  }
}
