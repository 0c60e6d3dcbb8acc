import type { Page } from '@playwright/test';
import { test, expect, newAccount, registerViaApi, signInThroughUi } from './fixtures';
import { axeViolations, expectNoSidewaysScroll, watchErrors } from './checks';
import { isDark, useStoredTheme } from './theme';

/**
 * Settings (docs/product.md §3.11): the theme applied app-wide and kept across reloads (and before
 * the first paint), the call devices, opting in to reminders, changing the password and deleting
 * the account; accessibility and phone widths in both themes.
 */

test.setTimeout(120_000);

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
}

/** The page background's lightness (0-255 average of its RGB), to see the theme took effect. */
const bodyLightness = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('canvas').getContext('2d')!;
    probe.fillStyle = getComputedStyle(document.body).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
    return (r! + g! + b!) / 3;
  });

test('the theme: dark everywhere at once, kept across reloads, system follows the device', async ({
  page,
  server,
}) => {
  const errors = watchErrors(page);
  const account = newAccount('theme');
  await registerViaApi(server.baseURL, account);
  await signInThroughUi(page, account.email, account.password);
  // Opened from the avatar menu, as a student would.
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('radio', { name: /System/ })).toBeChecked({ timeout: 30_000 });
  expect(await bodyLightness(page)).toBeGreaterThan(200);

  await page.getByText('Always dark').click();
  await expect(page.getByRole('radio', { name: /Dark/ })).toBeChecked();
  expect(await isDark(page)).toBe(true);
  expect(await bodyLightness(page)).toBeLessThan(40);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  // Every page, including the public ones, and already on the first paint after a reload:
  // the class is on <html> when the document has only just been parsed.
  for (const path of ['/dashboard', '/dashboard/rooms', '/', '/login']) {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    expect(await isDark(page), path).toBe(true);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
    expect(await bodyLightness(page), path).toBeLessThan(40);
  }

  await openSettings(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByText('Follow your device').click();
  expect(await isDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
  await page.reload();
  await expect(page.getByRole('radio', { name: /System/ })).toBeChecked({ timeout: 30_000 });
  expect(await isDark(page)).toBe(false);

  await page.getByText('Always light').click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  expect(await isDark(page)).toBe(false);
  expect(errors).toEqual([]);
});

test('call devices: listed after access is allowed, the choice stored for calls', async ({
  page,
  server,
}) => {
  const account = newAccount('devices');
  await registerViaApi(server.baseURL, account);
  await page.context().grantPermissions(['camera', 'microphone']);
  await signInThroughUi(page, account.email, account.password);
  await openSettings(page);
  const camera = page.getByRole('combobox', { name: 'Camera' });
  const allow = page.getByRole('button', { name: 'Allow access' });
  // Chromium names devices only once access was allowed.
  if (await allow.isVisible()) await allow.click();
  await expect(camera.locator('option')).not.toHaveCount(1);
  const options = await camera.locator('option').allTextContents();
  expect(options[0]).toBe('System default');
  await camera.selectOption({ index: 1 });
  const chosen = await camera.inputValue();
  expect(chosen).not.toBe('');
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('callDevicePreferences') ?? '{}')),
  ).toMatchObject({ cameraId: chosen });
  await page.getByRole('combobox', { name: 'Microphone' }).selectOption({ index: 1 });
  await page.reload();
  await expect(camera).toHaveValue(chosen, { timeout: 30_000 });

  await camera.selectOption('');
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('callDevicePreferences') ?? '{}')),
  ).not.toHaveProperty('cameraId');
});

test('reminders: opting in asks the browser and stores the choice', async ({ page, server }) => {
  const account = newAccount('optin');
  await registerViaApi(server.baseURL, account);
  await page.context().grantPermissions(['notifications']);
  await signInThroughUi(page, account.email, account.password);
  await openSettings(page);
  const when = page.getByLabel('Remind me');
  await expect(when).toBeDisabled();
  await page.getByLabel(/Browser notifications for due tasks/).check();
  await expect(when).toBeEnabled();
  await when.selectOption({ label: 'One day before the due date' });
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('reminderPreferences') ?? '{}')),
  ).toEqual({ notify: true, remindDaysBefore: 1 });
});

test('change password: the rules, a wrong current password, then the new one signs in', async ({
  page,
  server,
}) => {
  const account = newAccount('password');
  await registerViaApi(server.baseURL, account);
  await signInThroughUi(page, account.email, account.password);
  await openSettings(page);
  const submit = page.getByRole('button', { name: 'Change Password' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Current Password', { exact: true }).fill('Wrong1234');
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('short');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters long');
  await page.getByLabel('New Password', { exact: true }).fill('newpassword1');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('newpassword2');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('newpassword1');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText(
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  );
  await page.getByLabel('New Password', { exact: true }).fill('NewPassword1');
  await page.getByLabel('Confirm New Password', { exact: true }).fill('NewPassword1');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Current password is incorrect');

  await page.getByLabel('Current Password', { exact: true }).fill(account.password);
  await submit.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Password changed successfully!' }),
  ).toBeVisible();
  await expect(page.getByLabel('Current Password', { exact: true })).toHaveValue('');
  // Still signed in here with the fresh token: a reload keeps the page.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible({
    timeout: 30_000,
  });

  const login = (password: string) =>
    fetch(`${server.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password }),
    }).then((r) => r.status);
  expect(await login(account.password)).toBe(401);
  const fresh = await page.context().browser()!.newContext({ baseURL: server.baseURL });
  const freshPage = await fresh.newPage();
  await signInThroughUi(freshPage, account.email, 'NewPassword1');
  await fresh.close();
});

test('delete account: confirmed with the password, then signed out at /login for good', async ({
  page,
  server,
}) => {
  const account = newAccount('leaver');
  const { token } = await registerViaApi(server.baseURL, account);
  const created = await fetch(`${server.baseURL}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Alone here', subject: 'Art' }),
  });
  const { room } = (await created.json()) as { room: { id: string } };
  await signInThroughUi(page, account.email, account.password);
  await openSettings(page);

  const open = page.getByRole('button', { name: 'Delete account' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText(/Rooms you own pass to their longest-standing admin/),
  ).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  // Cancel closes it and focus goes back to the button that opened it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await dialog.getByLabel('Password', { exact: true }).fill('NotMine123');
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText('Password is incorrect');
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await confirm.click();
  await page.waitForURL('**/login');
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  const left = await page.evaluate(() =>
    ['token', 'user', 'authUser', 'currentUser', 'userProfile', 'profileData', 'userAvatar'].filter(
      (key) => localStorage.getItem(key) !== null,
    ),
  );
  expect(left).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.getItem('postLoginRedirect'))).toBeNull();

  // The account is gone: signing in fails, and the room it alone was in went with it.
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  const other = await registerViaApi(server.baseURL, newAccount('other'));
  const lookup = await fetch(`${server.baseURL}/api/rooms/${room.id}`, {
    headers: { authorization: `Bearer ${other.token}` },
  });
  expect(lookup.status).toBe(404);
});

test.describe('accessibility and phone widths', () => {
  test.use({ bypassCSP: true });
  for (const theme of ['light', 'dark'] as const) {
    test(`the settings page in the ${theme} theme`, async ({ page, server }) => {
      await useStoredTheme(page, theme);
      const account = newAccount('a11y');
      await registerViaApi(server.baseURL, account);
      await signInThroughUi(page, account.email, account.password);
      await openSettings(page);
      expect(await isDark(page)).toBe(theme === 'dark');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Delete account' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 800 });
        await expectNoSidewaysScroll(page);
      }
    });
  }
});
