import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';

/** What the rest of the server needs from a database: pg's pool interface. */
export type Db = pg.Pool;

export interface OpenOptions {
  /** postgres://… for a real server; otherwise PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or 'memory' for an in-memory database. */
  dataDir?: string | undefined;
  /** Postgres schema to work in (created if missing). */
  schema?: string | undefined;
  /** An in-memory PGlite starts from this dumped data directory (PGlite's dumpDataDir) instead of an empty one. */
  pgliteDump?: Blob | undefined;
}

/** Called with each NOTIFY payload of a channel. */
export type NotificationHandler = (payload: string) => void;

/**
 * Listens to a NOTIFY channel of this database's schema (channelOf); answers the stop. `onReconnect`
 * runs after the listening connection was lost and is back (what was sent meanwhile is lost: catch up).
 */
export type Listen = (channel: string, onPayload: NotificationHandler, onReconnect?: () => void) => Promise<() => Promise<void>>;

export interface Database {
  pool: Db;
  kind: 'postgres' | 'pglite';
  /** LISTEN on this database: a dedicated connection on PostgreSQL, in process on PGlite. */
  listen: Listen;
  /** PGlite: its data directory as a tarball, which `pgliteDump` starts another from (the tests' templates). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * The NOTIFY channel of a schema: several schemas of one PostgreSQL server (test runs) share its
 * channels, so each listens on its own. Senders name it the same way: 'sf_events_' || current_schema().
 */
export function channelOf(base: string, schema: string | undefined): string {
  return `${base}_${schema ?? 'public'}`;
}

const INT8 = 20;
const NUMERIC = 1700;

/** int8 and numeric as JS numbers while exact; larger values stay strings. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) {
      return (value: string) => {
        const n = Number(value);
        return Number.isSafeInteger(n) || (oid === NUMERIC && Number.isFinite(n) && value.length <= 15) ? n : value;
      };
    }
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
};

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid schema name: ${name}`);
  return `"${name}"`;
}

/** An error PostgreSQL answered for one statement (it carries a SQLSTATE); the session goes on. */
function isStatementError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    && typeof (error as { severity?: unknown }).severity === 'string';
}

/**
 * pg's `pool.query` ends its client when the statement fails. On PGlite every client shares one
 * connection object, and the next client would read the rest of the failed statement's answer as
 * its own (failing, or answering another query's rows). So a statement error releases the client
 * as usual, like a transaction's client after ROLLBACK; any other error still ends it.
 */
function keepClientOnQueryError(pool: pg.Pool): void {
  const query = async (...args: unknown[]) => {
    const client = await pool.connect();
    try {
      const result: unknown = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      client.release();
      return result;
    } catch (error) {
      client.release(isStatementError(error) ? undefined : (error as Error));
      throw error;
    }
  };
  pool.query = query as typeof pool.query;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const schema = options.schema ? quoteIdent(options.schema) : undefined;
  let pool: pg.Pool;
  let lite: PGlite | undefined;
  let listen: Listen;
  if (options.databaseUrl) {
    // search_path as a startup option so every pooled connection works in the schema.
    const startup = schema ? { options: `-c search_path=${schema}` } : {};
    pool = new pg.Pool({ connectionString: options.databaseUrl, types, max: 10, ...startup });
    if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    listen = postgresListener(options.databaseUrl, options.schema);
  } else {
    const dir = options.dataDir && options.dataDir !== 'memory' ? options.dataDir : undefined;
    lite = dir ? new PGlite(dir) : new PGlite(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {});
    await lite.waitReady;
    // PGlite is a single session, so one SET holds for every query.
    if (schema) await lite.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema}`);
    pool = new pg.Pool({ ...createPgConfig(lite), types } as pg.PoolConfig);
    keepClientOnQueryError(pool);
    const db = lite;
    listen = async (channel, onPayload) => db.listen(channelOf(channel, options.schema), onPayload);
  }
  // Keep idle pool errors (e.g. server restart) from crashing the process.
  pool.on('error', () => {});
  const dumped = lite;
  return {
    pool,
    kind: lite ? 'pglite' : 'postgres',
    listen,
    ...(dumped ? { dumpDataDir: async () => (await dumped.dumpDataDir('none')) as Blob } : {}),
    async close() {
      await pool.end();
      if (lite) await lite.close();
    },
  };
}

/** Longest wait between tries to reconnect a lost listening connection. */
const LISTEN_RETRY_MAX_MS = 5000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When it
 * drops (server restart, network) it reconnects with a growing pause and tells the caller.
 */
function postgresListener(connectionString: string, schema: string | undefined): Listen {
  return async (base, onPayload, onReconnect) => {
    const channel = channelOf(base, schema);
    let client: pg.Client | undefined;
    let stopped = false;
    let retryMs = 250;
    let retryTimer: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      next.on('error', () => reconnect(next));
      next.on('end', () => reconnect(next));
      await next.connect();
      await next.query(`LISTEN ${quoteChannel(channel)}`);
      client = next;
      retryMs = 250;
    };
    const reconnect = (lost: pg.Client) => {
      if (stopped || client !== lost) return;
      client = undefined;
      void lost.end().catch(() => {});
      const attempt = () => {
        retryTimer = undefined;
        if (stopped) return;
        connect().then(() => onReconnect?.(), () => {
          retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
          retryTimer = setTimeout(attempt, retryMs);
          retryTimer.unref();
        });
      };
      retryTimer = setTimeout(attempt, retryMs);
      retryTimer.unref();
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retryTimer);
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    };
  };
}

function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  return `"${channel}"`;
}
