import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import * as schema from './schema.js';
import type { Tx } from './tx.js';

/**
 * The only place that picks the database: embedded PGlite (a directory, or memory for tests) or
 * a real PostgreSQL server through DATABASE_URL. Both speak the PostgreSQL dialect, so
 * repositories are written once against `Db`.
 */

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The client behind a transaction a service handed on (or the client itself), for a repository. */
export const fromTx = (handle: Tx | Db): Db => handle as Db;

/** A repository's open transaction, as the opaque `Tx` a service's callback receives. */
export const toTx = (tx: Db): Tx => tx as unknown as Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves once the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any fixed number works: it only has to be the same on every node running migrations. */
const MIGRATION_LOCK_KEY = 7_426_301;

export interface DatabaseOptions {
  /** `postgres://...`; when unset PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite's directory, or ':memory:' for a throwaway in-memory database. */
  dataDir: string;
  /**
   * For ':memory:' only: a dump of a data folder to start from (see `migratedPgliteDump`).
   * Migrations still run after it, so a dump that lags behind the code is brought up to date.
   */
  template?: Blob | undefined;
}

/** Opens the database and applies every pending migration before returning. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, options.template);
}

async function openPglite(dataDir: string, template?: Blob): Promise<Database> {
  let client: PGlite;
  let unlock = async () => {};
  if (dataDir === ':memory:') {
    client = new PGlite(template ? { loadDataDir: template } : {});
  } else {
    // Before touching the files: a second process on the same folder must not open them at all.
    unlock = await lockDataDir(dataDir);
    const dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    // Never relaxed: with it a query resolves before its writes reach the files, and the chat
    // acknowledges a message only once it is stored (a SIGKILL test holds us to that).
    client = new PGlite(dir, { relaxedDurability: false });
  }
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (err) {
    await client.close().catch(() => {});
    await unlock();
    throw err;
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        await unlock();
      }
    },
  };
}

/**
 * A fresh in-memory database with every migration applied, dumped as an uncompressed tarball.
 * Tests open hundreds of in-memory databases: a fresh PGlite runs `initdb` each time (about 2.5 s
 * of CPU here), while one loaded from this dump is ready in about 1 s.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = new PGlite();
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server closes (a restart, a failover, an administrator) is
  // reported here; without a listener Node would crash the process. The pool replaces it on the
  // next checkout, so a warning is all it needs.
  pool.on('error', (err) => {
    console.warn(`PostgreSQL closed an idle connection: ${err.message}`);
  });
  const db = drizzlePg({ client: pool, schema });
  // Several nodes may start at once against one server: an advisory lock lets one migrate while
  // the others wait, instead of racing to create the same tables.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client: lockClient, schema }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
