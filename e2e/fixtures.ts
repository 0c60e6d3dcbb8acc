import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startSmtpCapture, type SmtpCapture } from '../apps/server/src/test/smtp';

/**
 * Each Playwright worker starts the real server (`apps/server/src/server.ts`, serving the built web
 * app) on its own port, with its own database (PGlite in a temp folder, or a fresh PostgreSQL
 * database when DATABASE_URL is set) and a real SMTP server that catches every mail it sends.
 */

export interface TestServer {
  baseURL: string;
  smtp: SmtpCapture;
  contactEmail: string;
  /**
   * Stops the server process (SIGTERM, or SIGKILL for a crash) and starts it again on the same
   * port, database and data folder; resolves once it answers its health check.
   */
  restart(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CONTACT_EMAIL = 'contact@studycircle.test';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function createDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { url: undefined, drop: async () => {} };
  const name = `sc_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string) {
  // Generous: on two cores shared with other browsers, compiling and starting can take a minute.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

export interface StartedServer extends TestServer {
  stop(): Promise<void>;
}

/**
 * Starts the real server on a free port with its own database, data folder and SMTP catcher.
 * `env` adds variables (TURN, test switches). STUN is unreachable here, so calls use no ICE
 * servers and connect on host candidates at once; the per-IP limits are raised because every
 * test browser signs up from 127.0.0.1.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sc-e2e-'));
  const database = await createDatabase();
  const baseURL = `http://127.0.0.1:${port}`;
  let log = '';
  let child: ChildProcess;
  const spawnServer = () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        SMTP_URL: smtp.url,
        CONTACT_EMAIL,
        LOG_LEVEL: 'warn',
        ICE_SERVERS: '[]',
        RATE_LIMIT_FACTOR: '50',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    return waitForHealth(baseURL, child, () => log);
  };
  const kill = async (signal: 'SIGTERM' | 'SIGKILL') => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  const cleanup = async () => {
    await smtp.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await spawnServer();
  } catch (err) {
    await kill('SIGKILL');
    await cleanup();
    throw err;
  }
  return {
    baseURL,
    smtp,
    contactEmail: CONTACT_EMAIL,
    async restart(signal = 'SIGTERM') {
      await kill(signal);
      await spawnServer();
    },
    async stop() {
      await kill('SIGTERM');
      await cleanup();
    },
  };
}

export const test = base.extend<object, { server: TestServer }>({
  server: [
    async ({}, use) => {
      const server = await startTestServer();
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

export { expect };

let counter = 0;

/** A unique, valid account for one test. */
export function newAccount(label = 'student') {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
  return {
    name: `${label[0]!.toUpperCase()}${label.slice(1)} ${id.slice(-4)}`,
    email: `${label}-${id}@example.com`,
    password: 'Secret123',
  };
}

/** Registers through the API (fast set-up for tests whose subject is something else). */
export async function registerViaApi(
  baseURL: string,
  account: { name: string; email: string; password: string },
): Promise<{ token: string; user: { id: string; name: string; email: string } }> {
  const res = await fetch(`${baseURL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; user: { id: string; name: string; email: string } };
}

/**
 * Records, from inside the page, whether `text` is ever shown after this call. A message that
 * lives only until a redirect (600 ms for the sign-in success) can fall between two polls of a
 * loaded machine; a MutationObserver cannot miss it.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.evaluate((wanted) => {
    const w = window as unknown as { __sawText?: Record<string, boolean> };
    w.__sawText ??= {};
    const seen = () => document.body.innerText.includes(wanted);
    w.__sawText[wanted] = seen();
    new MutationObserver((_records, observer) => {
      if (seen()) {
        w.__sawText![wanted] = true;
        observer.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  return () =>
    page.evaluate(
      (wanted) =>
        (window as unknown as { __sawText?: Record<string, boolean> }).__sawText?.[wanted] === true,
      text,
    );
}

/** Signs in through the real login screen and waits for the post-login navigation. */
/**
 * Starts recording CSP violations on every page this `page` opens; read them with the returned
 * function. Init scripts run outside the page's CSP, so they see violations from the start.
 */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const sawSuccess = await watchForText(page, 'Login successful! Redirecting...');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  expect(await sawSuccess()).toBe(true);
}

/** The first http(s) link in a raw mail that points at `path`, decoded from quoted-printable. */
export function linkFromMail(raw: string, path: string): string {
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const match = new RegExp(`https?://[^\\s"<>]*${path}[^\\s"<>]*`).exec(decoded);
  if (!match) throw new Error(`no ${path} link in mail:\n${decoded}`);
  return match[0];
}

/**
 * The newest link to `path` in a mail to `email`, waiting up to `timeoutMs` for one. An address
 * with an account also gets its verification mail, so tests name the mail they mean by its link.
 */
export async function waitForMailLink(
  smtp: SmtpCapture,
  email: string,
  path: string,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const raw = smtp.messages
      .filter((m) => m.to.includes(email.toLowerCase()))
      .map((m) => m.raw)
      .filter((r) => r.replace(/=\r?\n/g, '').includes(path))
      .at(-1);
    if (raw) return linkFromMail(raw, path);
    if (Date.now() > deadline) throw new Error(`no mail to ${email} with a ${path} link`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Verifies an account's address as its owner would, by following the link in the verification
 * mail the server sent to it (no shortcut around the mailbox). For tests whose subject is
 * something else; e2e/verify-email.spec.ts walks the same link in the browser.
 */
export async function verifyEmailViaMail(server: TestServer, email: string): Promise<void> {
  const link = await waitForMailLink(server.smtp, email, '/verify-email/');
  const token = new URL(link).pathname.split('/').pop()!;
  const res = await fetch(`${server.baseURL}/api/auth/verify-email/${token}`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${await res.text()}`);
}
