import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ERROR_CODES,
  REMINDER_MAIL_HOUR,
  REMINDER_MAIL_MESSAGES,
  TaskDataSchema,
  type ReminderMailSettings,
  type TaskData,
} from '@studycircle/shared';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/tx.js';
import type { SyncService } from '../sync/sync.service.js';
import { AppError } from '../../lib/app-error.js';
import { escapeHtml, type Mail, type Mailer } from '../../mail/mailer.js';
import type { AuthUser } from '../auth/auth.types.js';
import { localDayAndHour, longDay, nextDay } from './local-day.js';
import {
  deleteRemindersOfAccount,
  type DueRecipient,
  type RemindersRepository,
} from './reminders.repository.js';

/**
 * The daily reminder mail (docs/decisions/0025-daily-reminder-mail.md): the opt-in settings, and
 * `sendDue`, which the scheduler calls every minute on every node. For each opted-in student
 * with a verified address whose local time is past REMINDER_MAIL_HOUR, it claims that local
 * day's row, reads the open tasks due today and tomorrow there, mails them (nothing when there
 * are none), and marks the day finished; a failed send gives the claim back for a later try.
 * Uses no other service: tasks are read from the synced records table, names from users.
 */

export const REMINDER_MAIL_TIMING = {
  /**
   * How long a claim keeps other nodes away while its node sends. Far longer than a send can
   * take (nodemailer gives up after 2 minutes without a connection and 10 minutes of silence),
   * so a slow send is never repeated; a node that dies holding a claim delays that student's
   * mail by this much, never skips it.
   */
  leaseMs: 30 * 60_000,
  /** Waits before trying again after the 1st, 2nd, 3rd ... failed send (the last one repeats). */
  retryDelaysMs: [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000],
  /** Most students mailed in one run; the scheduler runs again at once when a run was full. */
  batch: 100,
  /** Claims of days older than this are deleted (their days are long over). */
  keepSendsMs: 14 * 24 * 60 * 60_000,
} as const;

const PRIORITY_ORDER = { high: 0, medium: 1, low: 2 } as const;

export interface RemindersServiceDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: RemindersRepository;
  /** The student's synced tasks, which the sync module owns. */
  sync: Pick<SyncService, 'tasksDue'>;
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The time now; tests pass their own to stand at 07:00 somewhere without waiting for it. */
  clock?: () => Date;
}

export type SendOutcome = 'sent' | 'empty' | 'failed' | 'taken';

export interface SendRun {
  /** Students whose day this run settled or tried, by outcome. */
  outcomes: Record<SendOutcome, number>;
  /** True when the batch was full: more students may be due right now. */
  more: boolean;
}

export function createRemindersService({
  repo,
  sync,
  config,
  mailer,
  log,
  clock,
}: RemindersServiceDeps) {
  const now = clock ?? (() => new Date());
  let lastPrune = 0;

  /** One student's mail for one local day: claim, read, send, finish (or give back). */
  async function sendOne(recipient: DueRecipient, day: string): Promise<SendOutcome> {
    const claimId = randomBytes(12).toString('hex');
    const claimedAt = now();
    const until = new Date(claimedAt.getTime() + REMINDER_MAIL_TIMING.leaseMs);
    const attempt = await repo.claim(recipient.userId, day, claimId, claimedAt, until);
    if (attempt === undefined) return 'taken';

    const tomorrow = nextDay(day);
    let tasks: TaskData[];
    try {
      tasks = parseTasks(await sync.tasksDue(recipient.userId, [day, tomorrow]));
      if (tasks.length > 0) {
        await mailer.send(
          reminderMail({ ...recipient, day, tomorrow, tasks, publicUrl: config.publicUrl }),
        );
      }
    } catch (err) {
      // Not sent (the mail server refused or was down, or the tasks could not be read): give
      // the day back so a later run, on any node, tries again instead of skipping it.
      const delays = REMINDER_MAIL_TIMING.retryDelaysMs;
      const wait = delays[Math.min(attempt, delays.length) - 1]!;
      await repo.release(recipient.userId, day, claimId, new Date(now().getTime() + wait));
      log.warn(
        { err, userId: recipient.userId, day, attempt, retryInMs: wait },
        'reminder mail not sent; will try again',
      );
      return 'failed';
    }
    if (tasks.length === 0) {
      // Nothing due: no mail, and the day is settled so later runs do not look again.
      await repo.finish(recipient.userId, day, claimId, now(), 0);
      return 'empty';
    }
    // The one window left (decision 0025): a crash between the mail server's acceptance and
    // this update lets the day be claimed again when the lease ends, and mailed twice.
    const finished = await repo.finish(recipient.userId, day, claimId, now(), tasks.length);
    if (!finished) {
      log.warn({ userId: recipient.userId, day }, 'reminder mail sent after its claim ran out');
    }
    return 'sent';
  }

  return {
    /**
     * The reminders' part of deleting an account, on its transaction: its settings and record
     * of mails sent (docs/decisions/0065-account-deletion-in-one-transaction.md).
     */
    deleteAccountData(tx: Tx, userId: string): Promise<void> {
      return deleteRemindersOfAccount(tx, userId);
    },

    async getSettings(userId: string): Promise<ReminderMailSettings> {
      const row = await repo.findSettings(userId);
      return row ?? { enabled: false, timeZone: null };
    },

    /** Saves the opt-in; turning the mail on needs a verified address (decision 0017). */
    async saveSettings(
      user: Pick<AuthUser, 'id' | 'emailVerified'>,
      input: { enabled: boolean; timeZone: string },
    ): Promise<ReminderMailSettings> {
      if (input.enabled && !user.emailVerified) {
        throw new AppError(
          ERROR_CODES.emailNotVerified,
          403,
          REMINDER_MAIL_MESSAGES.needsVerifiedEmail,
        );
      }
      return repo.saveSettings(user.id, input, now());
    },

    /**
     * One scheduler run: mails every student who is due now, up to the batch size. Safe to run
     * on every node at once and as often as wanted: each (student, local day) is claimed once.
     * `shouldStop` is asked between students so a shutdown does not wait for a whole batch.
     */
    async sendDue(shouldStop: () => boolean = () => false): Promise<SendRun> {
      const outcomes: Record<SendOutcome, number> = { sent: 0, empty: 0, failed: 0, taken: 0 };
      let left: number = REMINDER_MAIL_TIMING.batch;
      const at = now();
      for (const timeZone of await repo.enabledTimeZones()) {
        let local;
        try {
          local = localDayAndHour(at, timeZone);
        } catch {
          // Saved zones are checked; one this runtime no longer knows is skipped, not fatal.
          log.warn({ timeZone }, 'reminder mail: unknown time zone skipped');
          continue;
        }
        if (local.hour < REMINDER_MAIL_HOUR) continue;
        const due = await repo.dueRecipients(timeZone, local.day, at, left);
        for (const recipient of due) {
          if (shouldStop()) return { outcomes, more: false };
          outcomes[await sendOne(recipient, local.day)] += 1;
          left -= 1;
        }
        if (left === 0) return { outcomes, more: true };
      }
      if (at.getTime() - lastPrune > 60 * 60_000) {
        lastPrune = at.getTime();
        await repo.pruneSends(new Date(at.getTime() - REMINDER_MAIL_TIMING.keepSendsMs));
      }
      return { outcomes, more: false };
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;

/** Stored task data that parses (a malformed row is left out rather than failing the mail). */
function parseTasks(rows: unknown[]): TaskData[] {
  const tasks: TaskData[] = [];
  for (const row of rows) {
    const parsed = TaskDataSchema.safeParse(row);
    if (parsed.success) tasks.push(parsed.data);
  }
  return tasks;
}

function byPriorityThenTitle(a: TaskData, b: TaskData): number {
  return PRIORITY_ORDER[a.priority] - PRIORITY_ORDER[b.priority] || a.title.localeCompare(b.title);
}

/** The mail: today's tasks, then tomorrow's, high priority first, as text and escaped HTML. */
export function reminderMail(m: {
  email: string;
  name: string;
  day: string;
  tomorrow: string;
  tasks: TaskData[];
  publicUrl: string;
}): Mail {
  const groups = [
    { label: `Due today, ${longDay(m.day)}`, day: m.day },
    { label: `Due tomorrow, ${longDay(m.tomorrow)}`, day: m.tomorrow },
  ]
    .map((g) => ({
      ...g,
      tasks: m.tasks.filter((t) => t.due === g.day).sort(byPriorityThenTitle),
    }))
    .filter((g) => g.tasks.length > 0);
  const count = m.tasks.length;
  const subject = `Your StudyCircle tasks: ${count} due today and tomorrow`;
  const tasksLink = `${m.publicUrl}/tasks`;
  const settingsLink = `${m.publicUrl}/settings`;
  // Titles are single-line in the text part whatever was typed.
  const line = (t: TaskData) => `- ${t.title.replace(/[\r\n]+/g, ' ')} (${t.priority} priority)`;
  const text = [
    `Hi ${m.name.replace(/[\r\n]+/g, ' ')},`,
    '',
    ...groups.flatMap((g) => [`${g.label}:`, ...g.tasks.map(line), '']),
    `Open your tasks: ${tasksLink}`,
    '',
    `You get this mail because you turned on the daily task mail. Turn it off in Settings: ${settingsLink}`,
  ].join('\n');
  const html = [
    '<div style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px">',
    '<h2 style="color:#4338ca;margin:0 0 12px">Your tasks for today and tomorrow</h2>',
    `<p>Hi ${escapeHtml(m.name)},</p>`,
    ...groups.flatMap((g) => [
      `<h3 style="margin:16px 0 6px;font-size:15px">${escapeHtml(g.label)}</h3>`,
      '<ul style="margin:0;padding-left:20px">',
      ...g.tasks.map(
        (t) =>
          `<li>${escapeHtml(t.title)} <span style="color:#475569">(${t.priority} priority)</span></li>`,
      ),
      '</ul>',
    ]),
    `<p><a href="${escapeHtml(tasksLink)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Open your tasks</a></p>`,
    `<p style="color:#64748b;font-size:13px">You get this mail because you turned on the daily task mail. <a href="${escapeHtml(settingsLink)}">Turn it off in Settings</a>.</p>`,
    '</div>',
  ].join('\n');
  return { to: m.email, subject, text, html };
}
