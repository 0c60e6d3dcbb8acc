import { test as base, expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import {
  createThrowawayDatabase,
  decodeQuotedPrintable,
  freePort,
  startServer,
  startSmtpCapture,
  type SmtpCapture,
} from '@studycircle/test-kit';

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
  /** One SQL statement on the server's database, run while it is stopped; then it starts again. */
  sql(statement: string, params?: unknown[]): Promise<void>;
}

export const CONTACT_EMAIL = 'contact@studycircle.test';

export { freePort };

export interface StartedServer extends TestServer {
  stop(): Promise<void>;
}

/**
 * Starts the real server on a free port with its own database, data folder and SMTP catcher.
 * `env` adds variables (TURN, test switches). STUN is unreachable here, so calls use no ICE
 * servers and connect on host candidates at once; the per-IP limits are raised because every
 * test browser signs up from 127.0.0.1; passwords are hashed at the tests' cost.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const database = process.env.DATABASE_URL
    ? await createThrowawayDatabase({ prefix: 'sc_e2e', adminUrl: process.env.DATABASE_URL })
    : undefined;
  const baseURL = `http://127.0.0.1:${port}`;
  const cleanup = async () => {
    await smtp.close();
    await database?.drop();
  };
  try {
    // Without DATA_DIR the kit gives the server a temporary data folder and removes it on stop.
    const server = await startServer({
      port,
      env: {
        PUBLIC_URL: baseURL,
        SMTP_URL: smtp.url,
        CONTACT_EMAIL,
        LOG_LEVEL: 'warn',
        ICE_SERVERS: '[]',
        RATE_LIMIT_FACTOR: '50',
        // Every test signs people up and in: full-strength scrypt took about 0.7 s of CPU (and 128
        // MiB) per password on a CI machine, minutes over the suite.
        PASSWORD_HASHING: 'fast',
        // No spec's call goes through Janus yet: without this every server would start one
        // (decision 0051). A spec that wants it passes JANUS_URL.
        JANUS_URL: 'off',
        // The watch specs play a video from a local file server; loopback links are refused
        // unless listed (decision 0045).
        WATCH_ALLOWED_HOSTS: '127.0.0.1',
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...env,
      },
    });
    return {
      baseURL,
      smtp,
      contactEmail: CONTACT_EMAIL,
      restart: (signal) => server.restart(signal),
      sql: (statement, params) => server.sql(statement, params),
      async stop() {
        await server.stop();
        await cleanup();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
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
  const decoded = decodeQuotedPrintable(raw);
  const match = new RegExp(`https?://[^\\s"<>]*${path}[^\\s"<>]*`).exec(decoded);
  if (!match) throw new Error(`no ${path} link in mail:\n${decoded}`);
  return match[0];
}

/**
 * The newest link to `path` in a mail to `email`, waiting up to `timeoutMs` for one. An address
 * with an account also gets its verification mail, so tests name the mail they mean by its link.
 */
export function waitForMailLink(
  smtp: SmtpCapture,
  email: string,
  path: string,
  timeoutMs = 15_000,
): Promise<string> {
  return smtp.waitForLink(email, path, timeoutMs);
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
