import type { ServerModule } from '../../module.js';
import { remindersRoutes } from './reminders.routes.js';
import { createReminderMailScheduler } from './reminders.scheduler.js';

/** The daily reminder mail: its settings' routes, and every node's look for due mails. */
export const remindersModule: ServerModule = {
  name: 'reminders',
  routes: remindersRoutes,
  jobs: ({ app, services, log, options }) => {
    const reminderMail = createReminderMailScheduler({
      reminders: services.reminders,
      log,
      intervalMs: options.reminderMail?.intervalMs,
    });
    // Tests tick it themselves (`app.reminderMail.tick()`).
    app.decorate('reminderMail', reminderMail);
    return [reminderMail];
  },
};
