import { CONTACT_MESSAGES, tryAgainIn, type ContactInput } from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { escapeHtml, type Mail } from '../../mail/mailer.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Mailer } from '../../mail/mailer.js';
import type { ContactRepository, StoredContactMessage } from './contact.repository.js';

/**
 * Contact messages from the community page: rate-limited per client address, stored in
 * contact_messages, then mailed to CONTACT_EMAIL with the sender as Reply-To so the team can
 * answer from their mail client.
 */

/**
 * At most 5 messages per address in 10 minutes (times RATE_LIMIT_FACTOR): plenty for a person,
 * little for a spammer.
 */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;

export interface ContactServiceDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: ContactRepository;
  config: Pick<Config, 'rateLimitFactor' | 'contactEmail'>;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}

export function createContactService({
  repo,
  config,
  mailer,
  rateLimiter,
  log,
}: ContactServiceDeps) {
  const deps = {
    repo,
    mailer,
    rateLimiter,
    rateLimitFactor: config.rateLimitFactor,
    contactEmail: config.contactEmail,
    log,
  };
  return {
    /**
     * Stores and forwards one message. Throws 429 when `clientIp` has sent too many, and 503 when
     * the mail could not be handed to the mail server (the row stays stored as the team's record).
     */
    async submit(input: ContactInput, clientIp: string): Promise<StoredContactMessage> {
      // Only valid submissions reach here, so typing mistakes never use up a sender's allowance.
      const key = `contact:${clientIp}`;
      const hits = await deps.rateLimiter.hit(key, CONTACT_RATE_LIMIT.windowMs);
      if (hits > Math.max(1, Math.floor(CONTACT_RATE_LIMIT.max * deps.rateLimitFactor))) {
        const waitMs = await deps.rateLimiter.msUntilReset(key);
        throw AppError.tooManyRequests(
          `${CONTACT_MESSAGES.rateLimited} ${tryAgainIn(waitMs)}`,
          waitMs,
        );
      }

      const stored = await deps.repo.insert({ id: newId(), ...input });
      try {
        await deps.mailer.send(contactMail(stored, deps.contactEmail));
      } catch (err) {
        // The form then shows its failure sentence with the address to write to directly
        // (docs/product.md §14.6).
        deps.log.error({ err, contactMessageId: stored.id }, 'contact mail could not be sent');
        throw new AppError('INTERNAL', 503, 'Your message could not be delivered right now.');
      }
      return stored;
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

const PRIORITY_LABEL = { low: 'Low', medium: 'Medium', high: 'High' } as const;

/** The mail to the team: plain text and HTML with every user-supplied string escaped. */
export function contactMail(m: StoredContactMessage, to: string): Mail {
  const priority = PRIORITY_LABEL[m.priority];
  // Line breaks in a header would be folded oddly by mail clients; the subject is one line.
  const subjectLine = m.subject.replace(/[\r\n]+/g, ' ');
  const received = m.createdAt.toISOString();
  const text = [
    `New contact message (${priority} priority)`,
    '',
    `From: ${m.name} <${m.email}>`,
    `Subject: ${subjectLine}`,
    `Received: ${received}`,
    `Reference: ${m.id}`,
    '',
    m.message,
    '',
    'Reply to this mail to answer the sender.',
  ].join('\n');
  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;color:#475569">${label}</th>` +
    `<td style="padding:4px 0">${value}</td></tr>`;
  const html = [
    '<div style="font-family:system-ui,sans-serif;color:#0f172a;max-width:640px">',
    `<h2 style="color:#4338ca;margin:0 0 12px">New contact message</h2>`,
    '<table style="border-collapse:collapse;margin-bottom:16px">',
    row('From', `${escapeHtml(m.name)} &lt;${escapeHtml(m.email)}&gt;`),
    row('Priority', priority),
    row('Subject', escapeHtml(subjectLine)),
    row('Received', received),
    row('Reference', m.id),
    '</table>',
    `<div style="white-space:pre-wrap;border-left:4px solid #c7d2fe;padding:8px 12px;background:#f8fafc">${escapeHtml(m.message)}</div>`,
    '<p style="color:#64748b;font-size:13px">Reply to this mail to answer the sender.</p>',
    '</div>',
  ].join('\n');
  return {
    to,
    subject: `[StudyCircle contact · ${priority}] ${subjectLine}`,
    text,
    html,
    // The bare address: a display name typed by a stranger has no place in a header.
    replyTo: m.email,
  };
}
