import { test, expect } from './fixtures';
import { axeViolations } from './checks';
import { CallScreen, failOnConsoleErrors, roomWithMembers, signedInContext } from './pages/call';
import { useStoredTheme } from './theme';

/**
 * One person (docs/product.md §5.7): the room page's optional check before joining, a live preview,
 * the microphone's level, the device choice, joining with the mic and camera off, and inviting
 * from the empty call.
 */

test.setTimeout(120_000);
// axe-core goes in as an inline script, which the app's CSP refuses.
test.use({ bypassCSP: true });

for (const theme of ['light', 'dark'] as const) {
  test(`checks camera and microphone before joining, then joins with both off (${theme})`, async ({
    browser,
    server,
  }) => {
    const { room, users } = await roomWithMembers(server.baseURL, 1, 'check');
    const context = await signedInContext(browser, server.baseURL, users[0]!);
    const page = await context.newPage();
    await useStoredTheme(page, theme);
    const errors = failOnConsoleErrors(page);
    await page.goto(`/rooms/room/${room.id}`);
    await page.getByRole('button', { name: 'Check camera and microphone' }).click();

    const dialog = page.getByRole('dialog', { name: 'Check camera and microphone' });
    await expect(dialog).toBeVisible();
    // The live preview plays the (fake) camera, and the meter moves with the (fake) microphone.
    const preview = dialog.getByTestId('device-check-preview');
    await expect
      .poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const meter = dialog.getByRole('meter', { name: 'Microphone level' });
    await expect
      .poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 15_000 })
      .toBeGreaterThan(0);
    // The devices can be chosen: the fake camera and microphone are listed by name.
    await expect(dialog.getByLabel('Camera').locator('option')).not.toHaveCount(1);
    await expect(dialog.getByLabel('Microphone').locator('option')).not.toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Microphone on' }).click();
    await dialog.getByRole('button', { name: 'Camera on' }).click();
    await expect(dialog.getByRole('button', { name: 'Microphone off' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(dialog.getByRole('paragraph').filter({ hasText: 'Camera off' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Join call' }).click();

    // The call's pre-join step starts from that choice; Join now joins with the mic and camera
    // off, as chosen.
    await expect(page).toHaveURL(new RegExp(`/rooms/call/room/${room.id}$`));
    const call = new CallScreen(page);
    await expect(page.getByRole('button', { name: 'Microphone off' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(page.getByRole('button', { name: 'Camera off' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await call.joinNow();
    await call.expectInCall(1);
    await expect(call.control('Microphone')).toHaveAttribute('aria-pressed', 'false');
    await expect(call.control('Camera')).toHaveAttribute('aria-pressed', 'false');
    await expect(call.localTile).toHaveAttribute('data-muted', 'true');
    await expect(call.localTile.getByText('Camera off')).toBeVisible();

    // Alone in the call: Invite people gives the room's link and code, one tap away; the call's
    // letters do nothing inside it (C would turn the camera on).
    await expect(page.getByText('Waiting for others...')).toBeVisible();
    const opener = page.getByRole('button', { name: 'Invite people' });
    await opener.click();
    const invite = page.getByRole('dialog', { name: 'Invite people' });
    await expect(invite.getByLabel('Room link')).toHaveValue(
      `${server.baseURL}/rooms/call/room/${room.id}`,
    );
    await expect(invite.getByText(room.code)).toBeVisible();
    await invite.getByRole('button', { name: 'Copy code' }).focus();
    await page.keyboard.press('c');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(invite).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(call.control('Camera')).toHaveAttribute('aria-pressed', 'false');
    await expect(call.localTile.getByText('Camera off')).toBeVisible();
    // The header's Invite, there at every moment of the call (from 640 px).
    await expect(page.getByRole('button', { name: 'Invite', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(invite).toBeVisible();
    await page.keyboard.press('Escape');

    errors();
    await context.close();
  });
}

test('the call route opens on the pre-join step; Join now joins with the mic and camera on', async ({
  browser,
  server,
}) => {
  const { room, users } = await roomWithMembers(server.baseURL, 1, 'direct');
  const context = await signedInContext(browser, server.baseURL, users[0]!);
  const page = await context.newPage();
  const call = new CallScreen(page);
  await call.open(room.id);
  await call.expectInCall(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(call.control('Microphone')).toHaveAttribute('aria-pressed', 'true');
  await expect(call.control('Camera')).toHaveAttribute('aria-pressed', 'true');
  await context.close();
});
