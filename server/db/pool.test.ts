import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/test-db.ts';

/** The rows of a query, or its SQLSTATE (or message) when it fails. */
async function outcome(t: TestDb, sql: string, params: unknown[] = []): Promise<unknown> {
  try {
    return (await t.db.query(sql, params)).rows;
  } catch (error) {
    return (error as { code?: string }).code ?? (error as Error).message;
  }
}

describe('the pool', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => t.close());

  it('answers every query with its own rows after a statement fails, also at once and in parallel', async () => {
    expect(await Promise.all([
      outcome(t, 'SELECT $1::text AS a', ['a\u0000b']),
      outcome(t, 'SELECT 1 AS x'),
      outcome(t, 'SELECT $1::bigint AS a', [1e20]),
      outcome(t, 'SELECT 2 AS x'),
      outcome(t, 'SELECT 1 / $1::int AS a', [0]),
      outcome(t, 'SELECT 3 AS x'),
    ])).toEqual(['22021', [{ x: 1 }], '22003', [{ x: 2 }], '22012', [{ x: 3 }]]);
    expect(await outcome(t, 'SELECT $1::timestamptz AS a', ['nonsense'])).toBe('22007');
    expect(await outcome(t, 'SELECT 4 AS x')).toEqual([{ x: 4 }]);
  });
});
