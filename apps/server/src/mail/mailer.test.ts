import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '@studycircle/test-kit';
import { createMailer } from './mailer.js';

/** A pino logger whose lines land in an array, to assert what an operator would read. */
function capturingLogger() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const MAIL = { to: 'ada@example.com', subject: 'Hello', text: 'Plain body', html: '<p>Body</p>' };

describe('createMailer', () => {
  let dir: string | undefined;
  let smtp: SmtpCapture | undefined;
  afterEach(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await smtp?.close();
    dir = undefined;
    smtp = undefined;
  });

  it('without SMTP_URL warns once at start-up and writes each mail to the outbox', async () => {
    dir = mkdtempSync(join(tmpdir(), 'sc-mail-'));
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, dataDir: dir, logger });
    const warnings = lines.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain('SMTP_URL is not set');

    await mailer.send(MAIL);
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(readFileSync(join(dir, 'outbox', files[0]!), 'utf8')).toContain('Subject: Hello');
    expect(lines.filter((l) => l.level === 40)).toHaveLength(1);
    mailer.close();
  });

  it('with SMTP_URL delivers through SMTP and does not warn', async () => {
    smtp = await startSmtpCapture();
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, dataDir: ':memory:', logger });
    await mailer.send(MAIL);
    const mail = await smtp.waitForMail('ada@example.com');
    expect(mail.raw).toContain('Subject: Hello');
    expect(lines.some((l) => l.level === 40)).toBe(false);
    mailer.close();
  });
});
