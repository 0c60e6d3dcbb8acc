import type { FastifyBaseLogger } from 'fastify';
import type { RemindersService, SendRun } from './reminders.service.js';

/**
 * Runs the reminder mail on a timer: every node runs one, started when the app is ready and
 * stopped when it closes (app.ts). Runs never overlap on a node; across nodes the claimed rows
 * decide who sends (docs/decisions/0025-daily-reminder-mail.md). A failing run (the database
 * away) is logged once until one succeeds again and never rejects unhandled (decision 0019).
 */

/** How often each node looks for students whose mail is due. */
export const REMINDER_MAIL_INTERVAL_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's reminder mail timer (app.ts); tests call `tick()` to run it at once. */
    reminderMail: ReminderMailScheduler;
  }
}

export interface ReminderMailScheduler {
  start(): void;
  /** Stops the timer and waits for a run under way (it stops between two students). */
  stop(): Promise<void>;
  /** Runs now (or joins the run under way); resolves with what it did, undefined if it failed. */
  tick(): Promise<SendRun | undefined>;
}

export function createReminderMailScheduler(deps: {
  reminders: Pick<RemindersService, 'sendDue'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): ReminderMailScheduler {
  const { reminders, log } = deps;
  const intervalMs = deps.intervalMs ?? REMINDER_MAIL_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<SendRun | undefined> | undefined;
  let started = false;
  let closing = false;
  let failing = false;

  async function run(): Promise<SendRun | undefined> {
    try {
      const done = await reminders.sendDue(() => closing);
      if (failing) log.info('reminder mail runs work again');
      failing = false;
      return done;
    } catch (err) {
      if (!failing) log.error({ err }, 'reminder mail run failed; trying again every interval');
      failing = true;
      return undefined;
    }
  }

  function tick(): Promise<SendRun | undefined> {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      // run() never rejects, so neither does this chain.
      void tick().then((done) => {
        if (!closing) schedule(done?.more ? 0 : intervalMs);
      });
    }, delayMs);
    // The timer alone never keeps the process alive.
    timer.unref();
  }

  return {
    start() {
      if (started || closing) return;
      started = true;
      schedule(intervalMs);
    },
    async stop() {
      closing = true;
      clearTimeout(timer);
      await running;
    },
    tick,
  };
}
