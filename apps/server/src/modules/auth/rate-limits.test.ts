import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RESET_TOKEN_TTL_MS } from '@studycircle/shared';
import { http, startTestApp, type TestApp } from '../../test/app.js';
import { hashToken, newId, newSecretToken } from '../../lib/ids.js';
import { createAuthRepository } from './auth.repository.js';
import { ACCOUNT_DELAY, ACCOUNT_LIMITS, IP_LIMITS, accountDelayMs } from './auth.service.js';

/**
 * The sign-in limits as a campus and an attacker meet them (docs/decisions/0007-rate-limits.md):
 * a class behind one address signs up and in without a 429; one address spraying a password is
 * stopped within a few dozen failures; one account guessed from many addresses meets a growing
 * delay while its owner still signs in from a clean address. Runs on PGlite, and on PostgreSQL
 * with the counters in Redis when DATABASE_URL and REDIS_URL are set.
 */

let t: TestApp;

beforeAll(async () => {
  // A hop count of 1: the test client plays the proxy, and X-Forwarded-For names the client.
  t = await startTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
/** A fresh client address per call, so tests never share a counter by accident. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const login = (base: string, ip: string, email: string, password: string) =>
  http(base, 'POST', '/api/auth/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': ip },
  });

const PASSWORD = 'Campus-Pass-42';
const CLASS_SIZE = 200;

/** Runs `task` for every item, `width` at a time: a burst without opening 200 sockets at once. */
async function inBatches<T, R>(items: T[], width: number, task: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width) {
    results.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  }
  return results;
}

describe('a class behind one campus address', () => {
  const campus = freshIp();
  const emails = Array.from({ length: CLASS_SIZE }, (_, i) => `class-${i}@campus.example.edu`);

  it(`registers ${CLASS_SIZE} students within the hour without a 429`, async () => {
    const statuses = await inBatches(emails, 20, async (email) => {
      const res = await http(t.baseUrl, 'POST', '/api/auth/register', {
        body: { name: 'Student', email, password: PASSWORD },
        headers: { 'x-forwarded-for': campus },
      });
      return res.status;
    });
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
  });

  it(`signs in all ${CLASS_SIZE} in one burst, and again: successes never count`, async () => {
    for (let round = 0; round < 2; round++) {
      const statuses = await inBatches(emails, 25, async (email) => {
        return (await login(t.baseUrl, campus, email, PASSWORD)).status;
      });
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    }
  });

  it('stops one wrong password sprayed across 100 accounts within a few dozen tries', async () => {
    const attacker = freshIp();
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof login>> | undefined;
    for (const email of emails.slice(0, 100)) {
      const res = await login(t.baseUrl, attacker, email, 'Summer2024!');
      statuses.push(res.status);
      if (res.status === 429) {
        refused = res;
        break;
      }
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.length).toBe(IP_LIMITS.loginFailuresPerIp.max + 1);
    expect(statuses.length).toBeLessThan(100);
    expect(refused?.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many attempts\. Please try again in 1[45] minutes\.$/),
    });
    const retryAfter = Number(refused?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(13 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The address stays refused even for a right password (the attacker cannot test one)...
    expect((await login(t.baseUrl, attacker, emails[150]!, PASSWORD)).status).toBe(429);
    // ...while the class on its own address carries on.
    expect((await login(t.baseUrl, campus, emails[150]!, PASSWORD)).status).toBe(200);
  });
});

describe('one account, one address', () => {
  it('answers the sixth wrong password with 429; the owner still signs in elsewhere', async () => {
    const email = `owner-${newId()}@example.com`;
    await http(t.baseUrl, 'POST', '/api/auth/register', {
      body: { name: 'Owner', email, password: PASSWORD },
      headers: { 'x-forwarded-for': freshIp() },
    });
    const attacker = freshIp();
    for (let i = 1; i <= ACCOUNT_LIMITS.loginFailuresPerEmailIp.max; i++) {
      expect((await login(t.baseUrl, attacker, email, `wrong-${i}`)).status).toBe(401);
    }
    const sixth = await login(t.baseUrl, attacker, email, 'wrong-6');
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(t.baseUrl, freshIp(), email, PASSWORD)).status).toBe(200);
  });
});

describe('one account guessed from many addresses', () => {
  it('holds back failing addresses with a growing delay, never the owner on a clean one', async () => {
    expect(accountDelayMs(ACCOUNT_DELAY.freeFailures - 1)).toBe(0);
    expect(accountDelayMs(ACCOUNT_DELAY.freeFailures)).toBe(ACCOUNT_DELAY.firstDelayMs);
    expect(accountDelayMs(ACCOUNT_DELAY.freeFailures + 1)).toBe(2 * ACCOUNT_DELAY.firstDelayMs);
    expect(accountDelayMs(ACCOUNT_DELAY.freeFailures + 50)).toBe(ACCOUNT_DELAY.maxDelayMs);

    const email = `spread-${newId()}@example.com`;
    const registered = await http<{ user: { id: string } }>(
      t.baseUrl,
      'POST',
      '/api/auth/register',
      {
        body: { name: 'Target', email, password: PASSWORD },
        headers: { 'x-forwarded-for': freshIp() },
      },
    );
    // One guess from each of many addresses: no single address reaches its own limit.
    const botnet = Array.from({ length: ACCOUNT_DELAY.freeFailures }, freshIp);
    for (const ip of botnet) {
      expect((await login(t.baseUrl, ip, email, 'Guess-1234')).status).toBe(401);
    }
    // Every address that has failed now waits, whatever it sends, even the right password.
    for (const ip of botnet.slice(0, 3)) {
      const held = await login(t.baseUrl, ip, email, PASSWORD);
      expect(held.status).toBe(429);
      const retryAfter = Number(held.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_DELAY.firstDelayMs / 1000);
      expect(held.body).toMatchObject({ message: expect.stringMatching(/^Too many attempts\./) });
    }
    // A further guess from a fresh address fails as usual and doubles the wait.
    expect((await login(t.baseUrl, freshIp(), email, 'Guess-5678')).status).toBe(401);
    const longer = await login(t.baseUrl, botnet[0]!, email, 'Guess-9999');
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get('retry-after'))).toBeGreaterThan(
      ACCOUNT_DELAY.firstDelayMs / 1000,
    );

    // The owner, on an address that has not failed, signs in at once.
    expect((await login(t.baseUrl, freshIp(), email, PASSWORD)).status).toBe(200);

    // After a password reset, even an address that had failed signs in with the new password.
    const token = newSecretToken();
    await createAuthRepository(t.app.deps.db).insertResetToken({
      id: newId(),
      userId: registered.body.user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    const reset = await http(t.baseUrl, 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: 'Brand-New-Pass-7' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(reset.status).toBe(200);
    expect((await login(t.baseUrl, botnet[0]!, email, 'Brand-New-Pass-7')).status).toBe(200);
  });
});

describe('RATE_LIMIT_FACTOR', () => {
  it('multiplies the per-address limits: 3 triples the failures one address may make', async () => {
    const scaled = await startTestApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_FACTOR: '3' } });
    try {
      const ip = freshIp();
      const allowed = IP_LIMITS.loginFailuresPerIp.max * 3;
      for (let i = 0; i < allowed; i++) {
        const res = await login(scaled.baseUrl, ip, `nobody-${i}@example.com`, 'Wrong-123');
        expect(res.status).toBe(401);
      }
      const refused = await login(scaled.baseUrl, ip, 'nobody-x@example.com', 'Wrong-123');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await scaled.close();
    }
  });

  it('never scales the per-account limits', async () => {
    const scaled = await startTestApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_FACTOR: '3' } });
    try {
      const ip = freshIp();
      const email = `fixed-${newId()}@example.com`;
      for (let i = 0; i < ACCOUNT_LIMITS.loginFailuresPerEmailIp.max; i++) {
        expect((await login(scaled.baseUrl, ip, email, `Wrong-${i}`)).status).toBe(401);
      }
      const refused = await login(scaled.baseUrl, ip, email, 'Wrong-x');
      expect(refused.status).toBe(429);
      expect(refused.body).not.toMatchObject({ message: MESSAGES.invalidCredentials });
    } finally {
      await scaled.close();
    }
  });
});
