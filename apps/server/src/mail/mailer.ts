import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Outgoing mail. With SMTP_URL set, messages go through nodemailer's SMTP transport; without it
 * (local development) each message is written to DATA_DIR/outbox as an .eml file and logged, so
 * reset and invitation links can still be followed.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

const FROM = 'StudyCircle <no-reply@studycircle.app>';

export function createMailer(options: {
  smtpUrl: string | undefined;
  dataDir: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, dataDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: FROM, ...mail });
        logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const outbox = dataDir === ':memory:' ? undefined : join(dataDir, 'outbox');
  // Said once at start-up, so an operator who forgot SMTP_URL learns it before a user does.
  logger.warn(
    { outbox: outbox ?? null },
    'SMTP_URL is not set: mail is not delivered, only written to the outbox and logged',
  );
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: FROM, ...mail });
      let file: string | undefined;
      if (outbox) {
        mkdirSync(outbox, { recursive: true });
        file = join(outbox, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
        writeFileSync(file, info.message as Buffer);
      }
      // Logged in full so a developer without SMTP can still follow the link.
      logger.info(
        { to: mail.to, subject: mail.subject, file, text: mail.text },
        'mail written to outbox',
      );
    },
    close: () => transport.close(),
  };
}

/** Escapes text for an HTML mail body: user-supplied strings are always rendered as text. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
