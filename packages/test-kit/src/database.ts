import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server a developer runs locally (README), used when DATABASE_URL is unset. */
const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface ThrowawayDatabase {
  /** The database's random name (`<prefix>_<12 hex digits>`). */
  name: string;
  /** `adminUrl` with the database name swapped for the new one. */
  url: string;
  /** Drops the database, ending any connection still open to it (`with (force)`). */
  drop(): Promise<void>;
}

export interface ThrowawayDatabaseOptions {
  /** Starts the name, so a leftover database says who made it: `sc_test`, `sc_e2e`, `sc_bench_x`. */
  prefix: string;
  /** Any database on the server to connect to; DATABASE_URL, else the local server. */
  adminUrl?: string;
}

/**
 * Creates an empty PostgreSQL database with a random name, so parallel test files, Playwright
 * workers and benchmarks never share tables; the caller drops it when done.
 */
export async function createThrowawayDatabase(
  options: ThrowawayDatabaseOptions,
): Promise<ThrowawayDatabase> {
  // The name goes into SQL as is (identifiers cannot be bound parameters): allow only a safe one.
  if (!/^[a-z_][a-z0-9_]*$/.test(options.prefix)) {
    throw new Error(`database prefix must be lower-case letters, digits and _: ${options.prefix}`);
  }
  const adminUrl = options.adminUrl ?? process.env.DATABASE_URL ?? LOCAL_POSTGRES_URL;
  const name = `${options.prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
