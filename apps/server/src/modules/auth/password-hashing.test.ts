import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { users } from '../../db/schema.js';
import { http, openTestDatabase } from '../../test/app.js';
import { costOf, DEFAULT_PASSWORD_COST, TEST_PASSWORD_COST } from './password.js';

/**
 * The server as `npm start` builds it hashes at full strength; only PASSWORD_HASHING=fast (the
 * browser tests' servers) lowers the cost, and it says so in the log.
 */
async function storedCost(env: Record<string, string>) {
  const { database, drop } = await openTestDatabase();
  const logged: string[] = [];
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: ':memory:', LOG_LEVEL: 'warn', ...env }),
    database,
    logger: {
      level: 'warn',
      stream: { write: (line: string) => void logged.push(line) },
    },
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const email = `hash-${Date.now()}@example.com`;
    const res = await http(`http://127.0.0.1:${port}`, 'POST', '/api/auth/register', {
      body: { name: 'Hash Test', email, password: 'Secret123' },
    });
    expect(res.status).toBe(201);
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    return { cost: costOf(row!.passwordHash), logged: logged.join('') };
  } finally {
    await app.close();
    await drop();
  }
}

describe('PASSWORD_HASHING', () => {
  it('is full strength unless set', async () => {
    const { cost, logged } = await storedCost({});
    expect(cost).toEqual(DEFAULT_PASSWORD_COST);
    expect(logged).not.toContain('PASSWORD_HASHING');
  }, 30_000);

  it('fast lowers the cost for tests, and warns that it does', async () => {
    const { cost, logged } = await storedCost({ PASSWORD_HASHING: 'fast' });
    expect(cost).toEqual(TEST_PASSWORD_COST);
    expect(logged).toContain('PASSWORD_HASHING=fast');
  }, 30_000);

  it('refuses any other value, naming the variable', () => {
    expect(() => loadConfig({ PASSWORD_HASHING: 'off' })).toThrow(/PASSWORD_HASHING/);
  });
});
