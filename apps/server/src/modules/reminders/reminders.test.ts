import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { REMINDER_MAIL_MESSAGES, type TaskData } from '@studycircle/shared';
import {
  decodeQuotedPrintable,
  freePort,
  startSmtpCapture,
  type SmtpCapture,
} from '@studycircle/test-kit';
import { reminderMailSends, reminderMailSettings, syncRecords } from '../../db/schema.js';
import { createMailer, type Mailer } from '../../mail/mailer.js';
import { http, registerUser, startTestApp, type TestApp } from '../../test/app.js';
import { verifyEmailThroughMail } from '../../test/verify-email.js';
import { REMINDER_MAIL_TIMING } from './reminders.service.js';

/**
 * The daily reminder mail (docs/product.md §11.6, docs/decisions/0025-daily-reminder-mail.md)
 * over real HTTP, a real database (PGlite, or PostgreSQL with DATABASE_URL) and a real SMTP
 * server: the settings and their checks, what the mail lists in each student's own zone, who
 * gets none, once a day however often and on however many nodes it runs, a failed send tried
 * again, and a restart in the middle. The clock is the test's: it stands at 07:00 somewhere.
 */

const HOUR = 60 * 60_000;
let nowMs = Date.parse('2030-03-10T02:30:00Z');
const clock = () => new Date(nowMs);

let smtp: SmtpCapture;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://app.test' },
    appOptions: { reminderMail: { clock } },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const SUBJECT = /^Subject: Your StudyCircle tasks: /m;

/** The reminder mails that reached `email` so far. */
const remindersTo = (email: string) =>
  smtp.messages.filter((m) => m.to.includes(email.toLowerCase()) && SUBJECT.test(m.raw));

/** The text part's task lines of a reminder mail, by heading ("Due today, ..."). */
function listed(raw: string): { today: string[]; tomorrow: string[] } {
  const out = { today: [] as string[], tomorrow: [] as string[] };
  let section: keyof typeof out | undefined;
  for (const line of decodeQuotedPrintable(raw).split(/\r?\n/)) {
    if (line.startsWith('Due today, ')) section = 'today';
    else if (line.startsWith('Due tomorrow, ')) section = 'tomorrow';
    else if (line.startsWith('Open your tasks')) break;
    else if (section && line.startsWith('- ')) out[section].push(line.slice(2));
  }
  return out;
}

async function verifiedStudent(name = 'Sam') {
  const student = await registerUser(t.baseUrl, { name });
  await verifyEmailThroughMail(t.baseUrl, smtp, student.user.email);
  return student;
}

const saveSettings = (token: string | undefined, body: unknown, app: TestApp = t) =>
  http(app.baseUrl, 'PUT', '/api/me/reminder-mail', { token, body });

async function optIn(token: string, timeZone: string) {
  const res = await saveSettings(token, { enabled: true, timeZone });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

let taskCounter = 0;

/** A synced task as the sync module stores it (sync_records, kind 'task'). */
async function addTask(
  ownerId: string,
  data: Partial<TaskData> & { title: string },
  options: { deleted?: boolean } = {},
) {
  taskCounter += 1;
  const full: TaskData = {
    due: null,
    priority: 'medium',
    status: 'open',
    createdAt: 1_700_000_000_000,
    ...data,
  };
  await t.database.db.insert(syncRecords).values({
    ownerId,
    kind: 'task',
    id: `task-${taskCounter}`,
    data: options.deleted ? null : full,
    deleted: options.deleted ?? false,
    version: sql`nextval('sync_version_seq')`,
  });
}

describe('the settings', () => {
  it('are off until saved, and saved with the zone they are counted in', async () => {
    const me = await verifiedStudent();
    const read = await http(t.baseUrl, 'GET', '/api/me/reminder-mail', { token: me.token });
    expect([read.status, read.body]).toEqual([
      200,
      { settings: { enabled: false, timeZone: null } },
    ]);
    const saved = await saveSettings(me.token, { enabled: true, timeZone: 'America/Toronto' });
    expect([saved.status, saved.body]).toEqual([
      200,
      { settings: { enabled: true, timeZone: 'America/Toronto' } },
    ]);
    const again = await http(t.baseUrl, 'GET', '/api/me/reminder-mail', { token: me.token });
    expect(again.body).toEqual({ settings: { enabled: true, timeZone: 'America/Toronto' } });
    const off = await saveSettings(me.token, { enabled: false, timeZone: 'Asia/Kolkata' });
    expect(off.body).toEqual({ settings: { enabled: false, timeZone: 'Asia/Kolkata' } });
  });

  it('refuse a zone that is not an IANA name, and other bad input, with a clear 400', async () => {
    const me = await verifiedStudent();
    for (const timeZone of ['Mars/Olympus_Mons', '+05:30', 'GMT+5:30', '', 'x'.repeat(80), 42]) {
      const res = await saveSettings(me.token, { enabled: true, timeZone });
      expect([res.status, res.body.code, res.body.message], String(timeZone)).toEqual([
        400,
        'VALIDATION_FAILED',
        REMINDER_MAIL_MESSAGES.badTimeZone,
      ]);
    }
    const noFlag = await saveSettings(me.token, { timeZone: 'UTC' });
    expect([noFlag.status, noFlag.body.message]).toEqual([400, 'enabled must be true or false']);
    const extra = await saveSettings(me.token, { enabled: true, timeZone: 'UTC', hour: 6 });
    expect([extra.status, extra.body.message]).toEqual([400, 'Unknown field: hour']);
    const notJson = await saveSettings(me.token, []);
    expect(notJson.status).toBe(400);
    // Nothing was stored by any of them.
    const read = await http(t.baseUrl, 'GET', '/api/me/reminder-mail', { token: me.token });
    expect(read.body).toEqual({ settings: { enabled: false, timeZone: null } });
  });

  it('need a verified address to turn the mail on, and a signed-in student at all', async () => {
    const me = await registerUser(t.baseUrl);
    const on = await saveSettings(me.token, { enabled: true, timeZone: 'UTC' });
    expect([on.status, on.body.code, on.body.message]).toEqual([
      403,
      'EMAIL_NOT_VERIFIED',
      REMINDER_MAIL_MESSAGES.needsVerifiedEmail,
    ]);
    const off = await saveSettings(me.token, { enabled: false, timeZone: 'UTC' });
    expect(off.status).toBe(200);
    expect((await saveSettings(undefined, { enabled: false, timeZone: 'UTC' })).status).toBe(401);
    expect((await http(t.baseUrl, 'GET', '/api/me/reminder-mail')).status).toBe(401);
  });
});

describe('the daily mail', () => {
  it("lists each student's open tasks due today and tomorrow in their own zone", async () => {
    nowMs = Date.parse('2030-03-10T01:00:00Z');
    // Toronto: 20:00 on Saturday 9 March. Kolkata: 06:30 on Sunday 10 March, before 07:00.
    const toronto = await verifiedStudent('Tori <Toronto>');
    const kolkata = await verifiedStudent('Kavya');
    await optIn(toronto.token, 'America/Toronto');
    await optIn(kolkata.token, 'Asia/Kolkata');
    for (const student of [toronto, kolkata]) {
      const id = student.user.id;
      await addTask(id, { title: 'Overdue essay', due: '2030-03-08' });
      await addTask(id, { title: 'Lab report', due: '2030-03-09', priority: 'low' });
      await addTask(id, { title: 'Read <chapter> 4', due: '2030-03-10', priority: 'high' });
      await addTask(id, { title: 'Flashcards', due: '2030-03-10' });
      await addTask(id, { title: 'Problem set', due: '2030-03-11', priority: 'high' });
      await addTask(id, { title: 'Next week quiz', due: '2030-03-12' });
      await addTask(id, { title: 'Someday', due: null });
      await addTask(id, { title: 'Done already', due: '2030-03-10', status: 'done' });
      await addTask(id, { title: 'Ticked on dashboard', due: '2030-03-10', completed: true });
      await addTask(id, { title: 'Deleted', due: '2030-03-10' }, { deleted: true });
    }

    await t.app.reminderMail.tick();
    expect(remindersTo(kolkata.user.email)).toHaveLength(0);
    const [torontoMail] = remindersTo(toronto.user.email);
    expect(listed(torontoMail!.raw)).toEqual({
      today: ['Lab report (low priority)'],
      tomorrow: ['Read <chapter> 4 (high priority)', 'Flashcards (medium priority)'],
    });
    const torontoText = decodeQuotedPrintable(torontoMail!.raw);
    expect(torontoText).toMatch(/^Subject: Your StudyCircle tasks: 3 due today and tomorrow/m);
    expect(torontoText).toContain('Due today, Saturday 9 March');
    expect(torontoText).toContain('http://app.test/tasks');
    expect(torontoText).toContain('http://app.test/settings');
    // The HTML part shows names and titles as text.
    expect(torontoText).toContain('Hi Tori &lt;Toronto&gt;');
    expect(torontoText).toContain('Read &lt;chapter&gt; 4');

    // 08:00 in Kolkata; in Toronto still the same day, already mailed.
    nowMs = Date.parse('2030-03-10T02:30:00Z');
    await t.app.reminderMail.tick();
    expect(remindersTo(toronto.user.email)).toHaveLength(1);
    const [kolkataMail] = remindersTo(kolkata.user.email);
    expect(listed(kolkataMail!.raw)).toEqual({
      today: ['Read <chapter> 4 (high priority)', 'Flashcards (medium priority)'],
      tomorrow: ['Problem set (high priority)'],
    });
  });

  it('goes to nobody who did not opt in, opted out, is unverified or has nothing due', async () => {
    nowMs = Date.parse('2030-04-01T12:00:00Z');
    const never = await verifiedStudent();
    const optedOut = await verifiedStudent();
    const unverified = await registerUser(t.baseUrl);
    const nothingDue = await verifiedStudent();
    await optIn(optedOut.token, 'UTC');
    await saveSettings(optedOut.token, { enabled: false, timeZone: 'UTC' });
    await optIn(nothingDue.token, 'UTC');
    // The API refuses an unverified opt-in; a row made otherwise is still not mailed.
    await t.database.db
      .insert(reminderMailSettings)
      .values({ userId: unverified.user.id, enabled: true, timeZone: 'UTC' });
    for (const student of [never, optedOut, unverified]) {
      await addTask(student.user.id, { title: 'Due today', due: '2030-04-01' });
    }
    await addTask(nothingDue.user.id, { title: 'Next week', due: '2030-04-08' });
    await addTask(nothingDue.user.id, { title: 'Done', due: '2030-04-01', status: 'done' });

    await t.app.reminderMail.tick();
    await t.app.reminderMail.tick();
    for (const student of [never, optedOut, unverified, nothingDue]) {
      expect(remindersTo(student.user.email), student.user.email).toHaveLength(0);
    }
    // The empty day is settled once rather than looked at again every minute.
    const rows = await t.database.db
      .select({ taskCount: reminderMailSends.taskCount, attempts: reminderMailSends.attempts })
      .from(reminderMailSends)
      .where(eq(reminderMailSends.userId, nothingDue.user.id));
    expect(rows).toEqual([{ taskCount: 0, attempts: 1 }]);
  });

  it('is sent once a day however often the scheduler runs, and again the next day', async () => {
    nowMs = Date.parse('2030-05-06T07:00:00Z');
    const me = await verifiedStudent();
    await optIn(me.token, 'Europe/London'); // 08:00 BST
    await addTask(me.user.id, { title: 'Revise', due: '2030-05-07' });
    await addTask(me.user.id, { title: 'Hand in', due: '2030-05-08' });
    // Many runs, some at once and some one after another, through the day.
    for (let i = 0; i < 5; i += 1) {
      await Promise.all([1, 2, 3].map(() => t.app.reminderMail.tick()));
      nowMs += 3 * HOUR;
    }
    expect(remindersTo(me.user.email).map((m) => listed(m.raw))).toEqual([
      { today: [], tomorrow: ['Revise (medium priority)'] },
    ]);

    nowMs = Date.parse('2030-05-07T06:10:00Z'); // 07:10 in London the next day
    await t.app.reminderMail.tick();
    await t.app.reminderMail.tick();
    expect(remindersTo(me.user.email).map((m) => listed(m.raw))).toEqual([
      { today: [], tomorrow: ['Revise (medium priority)'] },
      { today: ['Revise (medium priority)'], tomorrow: ['Hand in (medium priority)'] },
    ]);
  });

  it('runs by itself on a timer and stops cleanly when the app closes', async () => {
    nowMs = Date.parse('2030-06-03T09:00:00Z');
    const me = await verifiedStudent();
    await optIn(me.token, 'UTC');
    await addTask(me.user.id, { title: 'Timed', due: '2030-06-03' });
    const node = await startTestApp({
      database: t.database,
      env: { SMTP_URL: smtp.url },
      appOptions: { reminderMail: { clock, intervalMs: 50 } },
    });
    try {
      await smtp.waitForMailMatching(me.user.email, /Timed \(medium priority\)/, 5_000);
    } finally {
      await node.close();
    }
    // The main app's own runs find the day finished.
    await t.app.reminderMail.tick();
    expect(remindersTo(me.user.email)).toHaveLength(1);
  });
});

describe('failures and restarts', () => {
  it('a send the mail server refused is tried again later, not skipped', async () => {
    nowMs = Date.parse('2030-07-01T08:00:00Z');
    // A real SMTP mailer; while `down`, it is pointed at a port where nothing listens.
    const deadUrl = `smtp://127.0.0.1:${await freePort()}`;
    const log = pino({ level: 'silent' });
    const live = createMailer({ smtpUrl: smtp.url, dataDir: ':memory:', logger: log });
    const dead = createMailer({ smtpUrl: deadUrl, dataDir: ':memory:', logger: log });
    let down = true;
    const mailer: Mailer = {
      send: (mail) => (down ? dead : live).send(mail),
      close: () => {
        live.close();
        dead.close();
      },
    };
    const node = await startTestApp({
      database: t.database,
      appOptions: { reminderMail: { clock }, mailer },
    });
    try {
      const me = await verifiedStudent();
      await optIn(me.token, 'UTC');
      await addTask(me.user.id, { title: 'Retry me', due: '2030-07-01' });

      const failed = await node.app.reminderMail.tick();
      expect(failed?.outcomes.failed).toBeGreaterThanOrEqual(1);
      expect(remindersTo(me.user.email)).toHaveLength(0);
      // The server is back, but the retry waits its turn (a minute after the first failure).
      down = false;
      nowMs += REMINDER_MAIL_TIMING.retryDelaysMs[0] - 1_000;
      await node.app.reminderMail.tick();
      expect(remindersTo(me.user.email)).toHaveLength(0);
      nowMs += 2_000;
      await node.app.reminderMail.tick();
      await node.app.reminderMail.tick();
      expect(remindersTo(me.user.email).map((m) => listed(m.raw).today)).toEqual([
        ['Retry me (medium priority)'],
      ]);
      const [row] = await t.database.db
        .select({ attempts: reminderMailSends.attempts, taskCount: reminderMailSends.taskCount })
        .from(reminderMailSends)
        .where(eq(reminderMailSends.userId, me.user.id));
      expect(row).toEqual({ attempts: 2, taskCount: 1 });
    } finally {
      await node.close();
    }
  });

  it('a node that died holding a claim delays that mail, never skips or repeats it', async () => {
    nowMs = Date.parse('2030-08-05T10:00:00Z');
    const me = await verifiedStudent();
    await optIn(me.token, 'UTC');
    await addTask(me.user.id, { title: 'Claimed', due: '2030-08-06' });
    // What a node leaves behind when it stops between claiming and sending.
    await t.database.db.insert(reminderMailSends).values({
      userId: me.user.id,
      day: '2030-08-05',
      claimId: 'a-node-that-died',
      claimedUntil: new Date(nowMs + REMINDER_MAIL_TIMING.leaseMs),
      createdAt: new Date(nowMs),
    });
    await t.app.reminderMail.tick();
    expect(remindersTo(me.user.email)).toHaveLength(0);
    nowMs += REMINDER_MAIL_TIMING.leaseMs;
    await t.app.reminderMail.tick();
    expect(remindersTo(me.user.email)).toHaveLength(1);

    // A restarted node (a new app on the same database) does not send the day again.
    const restarted = await startTestApp({
      database: t.database,
      env: { SMTP_URL: smtp.url },
      appOptions: { reminderMail: { clock } },
    });
    try {
      await restarted.app.reminderMail.tick();
    } finally {
      await restarted.close();
    }
    expect(remindersTo(me.user.email)).toHaveLength(1);
  });

  it('two nodes on one database running at the same moment send each mail once', async () => {
    nowMs = Date.parse('2030-09-02T09:00:00Z');
    const students = await Promise.all([1, 2, 3, 4, 5, 6].map(() => verifiedStudent()));
    for (const [i, s] of students.entries()) {
      await optIn(s.token, i % 2 ? 'Europe/Berlin' : 'Asia/Tokyo');
      await addTask(s.user.id, { title: `Both nodes ${i}`, due: '2030-09-03' });
    }
    const other = await startTestApp({
      database: t.database,
      env: { SMTP_URL: smtp.url },
      appOptions: { reminderMail: { clock } },
    });
    try {
      const runs = await Promise.all(
        [1, 2, 3].flatMap(() => [t.app.reminderMail.tick(), other.app.reminderMail.tick()]),
      );
      // Calls on one node while its run is under way join that run: count each run once.
      const sent = [...new Set(runs)].reduce((n, run) => n + (run?.outcomes.sent ?? 0), 0);
      expect(sent).toBe(students.length);
      for (const s of students) expect(remindersTo(s.user.email), s.user.email).toHaveLength(1);
      const rows = await t.database.db
        .select({ attempts: reminderMailSends.attempts })
        .from(reminderMailSends)
        .where(
          and(
            sql`${reminderMailSends.userId} in (${sql.join(
              students.map((s) => sql`${s.user.id}`),
              sql`, `,
            )})`,
            sql`${reminderMailSends.finishedAt} is not null`,
          ),
        );
      expect(rows).toHaveLength(students.length);
    } finally {
      await other.close();
    }
  });
});
