import type { Page } from '@playwright/test';
import {
  test,
  expect,
  newAccount,
  registerViaApi,
  signInThroughUi,
  verifyEmailViaMail,
} from './fixtures';
import { axeViolations, expectNoSidewaysScroll, watchErrors } from './checks';
import { isDark, useStoredTheme } from './theme';

/**
 * The daily task mail's opt-in in Settings (docs/product.md §11.6;
 * docs/decisions/0025-daily-reminder-mail.md): off by default, saved with the browser's time
 * zone and kept across reloads, refused for an unverified address; accessible and without
 * sideways scrolling at phone widths in both themes. The mail itself is tested on the server
 * (apps/server/src/modules/reminders/reminders.test.ts), where the clock can stand at 07:00.
 */

test.setTimeout(120_000);
// The browser's own zone is what the opt-in saves unless another is picked.
test.use({ timezoneId: 'Asia/Kolkata' });

const OPT_IN = /Email me a daily summary of tasks due today and tomorrow/;

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
}

const section = (page: Page) => page.getByRole('region', { name: 'Daily task mail' });

async function verifiedAccount(server: Parameters<typeof verifyEmailViaMail>[0], label: string) {
  const account = newAccount(label);
  const { token } = await registerViaApi(server.baseURL, account);
  await verifyEmailViaMail(server, account.email);
  return { account, token };
}

test('opting in saves the browser’s time zone and survives a reload', async ({ page, server }) => {
  const errors = watchErrors(page);
  const { account, token } = await verifiedAccount(server, 'mailer');
  await signInThroughUi(page, account.email, account.password);
  await openSettings(page);
  const box = section(page).getByRole('checkbox', { name: OPT_IN });
  const zone = section(page).getByRole('combobox', { name: 'Time zone' });
  await expect(box).not.toBeChecked();
  await expect(box).toBeEnabled();
  await expect(zone).toHaveValue(/^Asia\/(Kolkata|Calcutta)$/);

  await box.check();
  await expect(section(page).getByRole('status')).toHaveText(
    /^Saved\. Your daily mail follows Asia\/(Kolkata|Calcutta) time\.$/,
  );
  await page.reload();
  await expect(box).toBeChecked({ timeout: 30_000 });

  // Another zone, picked from the list, is what the server keeps.
  await zone.selectOption('America/Toronto');
  await expect(section(page).getByRole('status')).toHaveText(
    'Saved. Your daily mail follows America/Toronto time.',
  );
  const stored = await fetch(`${server.baseURL}/api/me/reminder-mail`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json());
  expect(stored).toEqual({ settings: { enabled: true, timeZone: 'America/Toronto' } });
  await page.reload();
  await expect(zone).toHaveValue('America/Toronto', { timeout: 30_000 });

  await box.uncheck();
  await expect(section(page).getByRole('status')).toHaveText('Saved. No daily mail will be sent.');
  await page.reload();
  await expect(box).not.toBeChecked({ timeout: 30_000 });
  expect(errors).toEqual([]);
});

test('an unverified address is told why the mail cannot be turned on', async ({ page, server }) => {
  const account = newAccount('unverified');
  await registerViaApi(server.baseURL, account);
  await signInThroughUi(page, account.email, account.password);
  await openSettings(page);
  await expect(
    section(page).getByText(/Verify your email address to get the daily task mail/),
  ).toBeVisible();
  await expect(section(page).getByRole('checkbox', { name: OPT_IN })).toBeDisabled();
});

test.describe('accessibility and phone widths', () => {
  test.use({ bypassCSP: true });
  for (const theme of ['light', 'dark'] as const) {
    test(`the daily task mail section in the ${theme} theme`, async ({ page, server }) => {
      await useStoredTheme(page, theme);
      const { account } = await verifiedAccount(server, `a11y${theme}`);
      await signInThroughUi(page, account.email, account.password);
      await openSettings(page);
      expect(await isDark(page)).toBe(theme === 'dark');
      await section(page).getByRole('checkbox', { name: OPT_IN }).check();
      await expect(section(page).getByRole('status')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 800 });
        await expectNoSidewaysScroll(page);
        await expect(section(page).getByRole('combobox', { name: 'Time zone' })).toBeVisible();
      }
    });
  }
});
