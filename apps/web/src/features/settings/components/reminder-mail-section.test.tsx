import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REMINDER_MAIL_MESSAGES } from '@studycircle/shared';
import { studentTimeZone } from '../../../lib/student-day';
import { mockApi, renderRoutes, type ApiRoute } from '../../../test/render';
import { sampleUser } from '../../../test/fixtures';
import { ReminderMailSection } from './reminder-mail-section';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The time-zone list holds every zone the browser knows (over 400 options): in jsdom each role
// query walks them all, which took 5-9 s per test on a loaded two-core machine. The waits are
// for the section's own fetches; only the budget for walking the list grows.
configure({ asyncUtilTimeout: 5_000 });

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const OFF = { settings: { enabled: false, timeZone: null } };

function renderSection(user: Record<string, unknown>, settings: unknown = OFF, put?: ApiRoute) {
  localStorage.setItem('token', 'tok');
  const { calls } = mockApi({
    'GET /api/auth/profile': { body: { user } },
    'GET /api/me/reminder-mail': { body: settings },
    ...(put ? { 'PUT /api/me/reminder-mail': put } : {}),
  });
  renderRoutes([{ path: '/', element: <ReminderMailSection /> }]);
  // The PUT bodies sent so far.
  return () => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
}

const box = () =>
  screen.findByRole('checkbox', {
    name: /Email me a daily summary of tasks due today and tomorrow/,
  });

describe(
  'ReminderMailSection (docs/decisions/0025-daily-reminder-mail.md)',
  { timeout: 30_000 },
  () => {
    it('is off by default and saves the opt-in with this browser’s time zone', async () => {
      const puts = renderSection({ ...sampleUser, emailVerified: true }, OFF, (call) => ({
        body: { settings: call.body },
      }));
      const checkbox = await box();
      await waitFor(() => expect(checkbox).toBeEnabled());
      expect(checkbox).not.toBeChecked();
      expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue(BROWSER_ZONE);

      await userEvent.setup().click(checkbox);
      await waitFor(() => expect(checkbox).toBeChecked());
      expect(puts()).toEqual([{ enabled: true, timeZone: BROWSER_ZONE }]);
      expect(screen.getByRole('status')).toHaveTextContent(/^Saved\. Your daily mail follows/);
    });

    it('shows the saved zone and saves another one picked from the list', async () => {
      const puts = renderSection(
        { ...sampleUser, emailVerified: true },
        { settings: { enabled: true, timeZone: 'Asia/Kolkata' } },
        (call) => ({ body: { settings: call.body } }),
      );
      await waitFor(async () => expect(await box()).toBeChecked());
      const zone = screen.getByRole('combobox', { name: 'Time zone' });
      expect(zone).toHaveValue('Asia/Kolkata');
      // The saved zone also decides the student's day on the dashboard and the board.
      expect(studentTimeZone()).toBe('Asia/Kolkata');
      await userEvent.setup().selectOptions(zone, 'America/Toronto');
      await waitFor(() => expect(puts()).toEqual([{ enabled: true, timeZone: 'America/Toronto' }]));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Saved. Your daily mail follows America/Toronto time.',
      );
      expect(studentTimeZone()).toBe('America/Toronto');
    });

    it('says why it cannot be turned on for an unverified address', async () => {
      const puts = renderSection({ ...sampleUser, emailVerified: false });
      expect(await screen.findByText(REMINDER_MAIL_MESSAGES.needsVerifiedEmail)).toBeVisible();
      expect(await box()).toBeDisabled();
      expect(puts()).toEqual([]);
    });

    it('shows the server’s reason when saving fails, and leaves the box as it was', async () => {
      renderSection({ ...sampleUser, emailVerified: true }, OFF, {
        status: 400,
        body: {
          message: REMINDER_MAIL_MESSAGES.badTimeZone,
          error: REMINDER_MAIL_MESSAGES.badTimeZone,
          code: 'VALIDATION_FAILED',
        },
      });
      const checkbox = await box();
      await waitFor(() => expect(checkbox).toBeEnabled());
      await userEvent.setup().click(checkbox);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        REMINDER_MAIL_MESSAGES.badTimeZone,
      );
      expect(checkbox).not.toBeChecked();
    });
  },
);
