import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { TEST_PASSWORD_COST } from '../modules/auth/password.js';
import { openTestDatabase } from '../test/app.js';

/** The error handler: an unexpected failure is a 500 whose log keeps secrets out. */

let app: FastifyInstance;
let drop: () => Promise<void>;
const logs: string[] = [];

beforeAll(async () => {
  const opened = await openTestDatabase();
  drop = opened.drop;
  app = await buildApp({
    config: loadConfig({ DATA_DIR: ':memory:' }),
    database: opened.database,
    passwordCost: TEST_PASSWORD_COST,
    logger: {
      level: 'error',
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs.push(chunk.toString());
          done();
        },
      }),
    },
  });
});
afterAll(async () => {
  await app.close();
  await drop();
});

it('logs a failed query without its parameters or the failing row (no password hash)', async () => {
  // A constraint the code does not expect stands in for any database failure during a write.
  await app.deps.db.execute(
    sql.raw(`alter table users add constraint no_boom check (name <> 'Boom')`),
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Boom', email: 'boom@example.com', password: 'Secret123' },
  });
  expect(res.statusCode).toBe(500);
  const logged = logs.join('');
  expect(logged).not.toMatch(/scrypt\$/);
  expect(logged).not.toContain('boom@example.com');
  const entry = JSON.parse(logs[0]!) as { err: Record<string, string> };
  expect(entry.err.message).toMatch(/^Failed query: insert into "users"/);
  expect(entry.err).toMatchObject({ dbCode: '23514', constraint: 'no_boom' });
});
