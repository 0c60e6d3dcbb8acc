import type { Browser, Page } from '@playwright/test';
import { test, expect, signInThroughUi } from './fixtures';
import { CallScreen, roomWithMembers } from './pages/call';

/**
 * One sign-out per device (docs/product.md §3.8): a student signing out on the library
 * computer stays signed in on their phone; "Sign out of all devices" ends both, and a call open on
 * the other device says why instead of "Disconnected".
 */

test.setTimeout(120_000);

const SIGNED_OUT_ELSEWHERE = 'You were signed out on another device';
const PASSWORD = 'Secret123';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A browser context of its own (a device), signed in through the sign-in page. */
async function device(
  browser: Browser,
  baseURL: string,
  email: string,
  userAgent?: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  await signInThroughUi(page, email, PASSWORD);
  await page.waitForURL('**/dashboard');
  return page;
}

async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL('**/login');
}

test('Sign Out ends this device only; "Sign out of all devices" ends both, with the message in a call', async ({
  browser,
  server,
}) => {
  const { room, users } = await roomWithMembers(server.baseURL, 1, 'devices');
  const email = users[0]!.email;

  // Signing out on the library computer leaves the phone signed in.
  const library = await device(browser, server.baseURL, email);
  const phone = await device(browser, server.baseURL, email, PHONE_UA);
  await signOutFromMenu(library);
  await expect(library.getByText(SIGNED_OUT_ELSEWHERE)).toHaveCount(0);
  await phone.goto('/settings');
  await expect(phone.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const devices = phone.getByRole('region', { name: 'Signed-in devices' });
  // The registration's session (made through the API) and the phone's; the library's is gone.
  await expect(devices.getByTestId('device-session')).toHaveCount(2);
  await expect(devices.getByTestId('device-session').first()).toContainText('This device');
  await expect(devices.getByTestId('device-session').first()).toContainText('Safari on iPhone');
  // Told apart: the phone's kind, browser and system; the other sign-in is not this device.
  await expect(devices.getByTestId('device-session').first()).toContainText('Phone · Safari · iOS');
  await expect(devices.getByTestId('device-session').nth(1)).not.toContainText('This device');

  // Signed in again on the library computer, with the call open there.
  await signInThroughUi(library, email, PASSWORD);
  const call = new CallScreen(library);
  await call.open(room.id);
  await expect(library.getByRole('heading', { name: room.name, level: 1 })).toBeVisible();
  await call.expectInCall(1);

  // "Sign out of all devices" on the phone asks first, then ends every session.
  await phone.reload();
  await devices.getByRole('button', { name: 'Sign out of all devices' }).click();
  const confirm = devices.getByRole('group', { name: 'Confirm signing out of all devices' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Sign out of all devices' }).click();
  await phone.waitForURL('**/login');
  expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // The phone asked for it: no "on another device" there.
  await expect(phone.getByText(SIGNED_OUT_ELSEWHERE)).toHaveCount(0);

  // The call on the library computer says why, plainly, and goes to sign-in.
  await library.waitForURL('**/login');
  await expect(library.getByText(SIGNED_OUT_ELSEWHERE)).toBeVisible();
  await expect(library.getByText('Disconnected', { exact: true })).toHaveCount(0);
  expect(await library.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await library.goto('/dashboard');
  await library.waitForURL('**/login');
});
