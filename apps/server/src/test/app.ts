import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createThrowawayDatabase } from '@studycircle/test-kit';
import { buildApp, type AppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { migratedPgliteDump, openDatabase, type Database } from '../db/client.js';
import { TEST_PASSWORD_COST } from '../modules/auth/password.js';

/**
 * Builds the real app for integration tests: an in-memory PGlite by default, or, when
 * DATABASE_URL is set, a fresh PostgreSQL database created for this test file and dropped after.
 * The app listens on a random loopback port so tests talk real HTTP and real Socket.IO.
 */

export interface TestApp {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Reuse a database (two nodes sharing one store); it is then not dropped by this app. */
  database?: Database;
  /** Logger options (a test that reads the log passes a stream); silent by default. */
  logger?: AppOptions['logger'];
  /** Extra build options (a lowered chat limit, one rate-limit namespace for two nodes, shorter
   * time-outs, the reminder mail's clock, a mailer whose server a test can take away, the module
   * list with a test's own module added). */
  appOptions?: Partial<
    Pick<
      AppOptions,
      | 'chatRate'
      | 'rateLimitPrefix'
      | 'timeouts'
      | 'reminderMail'
      | 'mailer'
      | 'focus'
      | 'syncQuotas'
      | 'roomFileLimits'
      | 'modules'
    >
  >;
}

let template: Promise<Blob> | undefined;

/**
 * One migrated in-memory database, dumped once per machine and per set of migrations, that every
 * test database starts from (see `migratedPgliteDump`). The file is keyed by the migrations'
 * contents and PGlite's version, and written beside then renamed, so test processes starting
 * together never read half of it.
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const folder = fileURLToPath(new URL('../../drizzle/', import.meta.url));
    const hash = createHash('sha256');
    // PGlite's own package.json is not exported; its entry names the version as well.
    hash.update(readFileSync(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))));
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
        a.name.localeCompare(b.name),
      )) {
        const path = join(dir, entry.name);
        hash.update(path.slice(folder.length));
        if (entry.isDirectory()) walk(path);
        else hash.update(readFileSync(path));
      }
    };
    walk(folder);
    const dir = join(tmpdir(), 'studycircle-test');
    const file = join(dir, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const dump = await migratedPgliteDump();
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return template;
}

/** Opens a database for a test: memory PGlite, or a throwaway database on DATABASE_URL. */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: ':memory:', template: await pgliteTemplate() });
    return { database, drop: () => database.close() };
  }
  const throwaway = await createThrowawayDatabase({ prefix: 'sc_test', adminUrl: url });
  const database = await openDatabase({ databaseUrl: throwaway.url, dataDir: ':memory:' });
  return {
    database,
    async drop() {
      await database.close();
      await throwaway.drop();
    },
  };
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const opened = options.database ? undefined : await openTestDatabase();
  const database = options.database ?? opened!.database;
  const config = loadConfig({
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'silent',
    REDIS_URL: process.env.REDIS_URL ?? '',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    passwordCost: TEST_PASSWORD_COST,
    logger: options.logger ?? false,
    rateLimitPrefix: `sc:test:${randomBytes(6).toString('hex')}:`,
    // Every reply a test receives was also checked against JSON.stringify of the handler's data.
    checkReplies: true,
    ...options.appOptions,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    database,
    async close() {
      await app.close();
      await opened?.drop();
    },
  };
}

export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** A tiny JSON client over real HTTP; `raw` sends a body string as is (malformed JSON tests). */
export async function http<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.raw !== undefined) {
    body = options.raw;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(baseUrl + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (the SPA's HTML); leave it as text.
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

let userCounter = 0;

/** Registers a fresh user through the API and returns its token and user. */
export async function registerUser(
  baseUrl: string,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
) {
  userCounter += 1;
  const input = {
    name: overrides.name ?? `Student ${userCounter}`,
    email: overrides.email ?? `student${userCounter}-${randomBytes(4).toString('hex')}@example.com`,
    password: overrides.password ?? 'Secret123',
  };
  const res = await http<{
    token: string;
    user: { id: string; name: string; email: string; emailVerified: boolean };
  }>(baseUrl, 'POST', '/api/auth/register', { body: input });
  if (res.status !== 201)
    throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  // The device session the token names, so `user` serves as the services' AuthUser too.
  const user = { ...res.body.user, sessionId: sessionIdOf(res.body.token) };
  return { ...res.body, user, password: input.password };
}

/** The device session id (`sid`) a bearer token carries. */
export function sessionIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sid?: unknown;
  };
  if (typeof payload.sid !== 'string') throw new Error('token without a session id');
  return payload.sid;
}

/**
 * Two nodes of one deployment: the same JWT secret, one database, rate limits counted under the
 * same Redis keys. Only meaningful with REDIS_URL set (the adapter joins the nodes).
 */
export async function startTwoNodes(
  extraEnv: Record<string, string> = {},
): Promise<{ a: TestApp; b: TestApp }> {
  const env = { JWT_SECRET: 'multi-node-test-secret-0123456789abcdef', ...extraEnv };
  const rateLimitPrefix = `sc:test:${randomBytes(6).toString('hex')}:`;
  const a = await startTestApp({ env, appOptions: { rateLimitPrefix } });
  const b = await startTestApp({ env, database: a.database, appOptions: { rateLimitPrefix } });
  return { a, b };
}
