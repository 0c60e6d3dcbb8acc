import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/**
 * A real SMTP server on a random loopback port that keeps every message it receives, so tests
 * check the mail the app really sent (headers, text and HTML parts) rather than a mock.
 */
export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first message (already received or arriving within `timeoutMs`) to `to`. */
  waitForMail(to: string, timeoutMs?: number): Promise<CapturedMail>;
  /**
   * Resolves with the decoded text of the newest message to `to` whose text matches `pattern`
   * (say the link a test is after: an account also gets its verification mail).
   */
  waitForMailMatching(to: string, pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves with the newest http(s) link to `path` in a message to `to`. */
  waitForLink(to: string, path: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  // A server process stopped by a test (a restart) resets its open connection to us: that is not
  // an error of the test, and unlistened it would end the test worker.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const addressedTo = (to: string) => (m: CapturedMail) => m.to.includes(to.toLowerCase());
  /** Resolves with what `find` returns once it returns something; rejects after `timeoutMs`. */
  function waitUntil<T>(find: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const found = find();
    if (found !== undefined) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = () => {
        const m = find();
        if (m !== undefined) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(m);
        }
      };
      waiters.add(check);
    });
  }
  const newestMatching = (to: string, pattern: RegExp) =>
    messages
      .filter(addressedTo(to))
      .map((m) => decodeQuotedPrintable(m.raw))
      .filter((text) => pattern.test(text))
      .at(-1);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, timeoutMs = 10_000) {
      return waitUntil(() => messages.find(addressedTo(to)), timeoutMs, `mail to ${to}`);
    },
    waitForMailMatching(to, pattern, timeoutMs = 10_000) {
      return waitUntil(
        () => newestMatching(to, pattern),
        timeoutMs,
        `mail to ${to} matching ${pattern}`,
      );
    },
    async waitForLink(to, path, timeoutMs = 10_000) {
      const link = new RegExp(`https?://[^\\s"<>]*${escape(path)}[^\\s"<>]*`);
      const text = await waitUntil(
        () => newestMatching(to, link),
        timeoutMs,
        `mail to ${to} with a ${path} link`,
      );
      return link.exec(text)![0];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes a quoted-printable body part (what nodemailer uses for long text lines). */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
