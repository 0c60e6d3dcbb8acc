import type { Page } from '@playwright/test';
import {
  expect,
  newAccount,
  registerViaApi,
  signInThroughUi,
  test,
  waitForMailLink,
} from './fixtures';
import { axeViolations, expectNoSidewaysScroll, watchErrors } from './checks';
import { isDark, useStoredTheme } from './theme';

/**
 * Proof of the mailbox in a real browser with real SMTP (docs/product.md §3.12): a new
 * student registers as before, sees the banner, follows the mailed link and the banner is gone;
 * an invitation to an unverified address cannot be accepted from the bell, but can from its mail.
 */

test.use({ bypassCSP: true });

const banner = (page: Page) => page.getByRole('region', { name: 'Email verification' });

for (const theme of ['light', 'dark'] as const) {
  test(`register, see the banner, follow the mailed link, banner gone (${theme} theme)`, async ({
    page,
    server,
  }) => {
    await useStoredTheme(page, theme);
    const errors = watchErrors(page);
    const account = newAccount('verify');
    await page.goto('/register');
    await page.getByLabel('Full Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: /create account/i }).click();
    // docs/product.md §3.3, unchanged: a success message, then /login after 2 s.
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /account/i })
        .first(),
    ).toBeVisible();
    await page.waitForURL('**/login', { timeout: 5_000 });

    await signInThroughUi(page, account.email, account.password);
    await expect(banner(page)).toContainText(
      `Please verify your email address. We sent a link to ${account.email}.`,
    );
    expect(await isDark(page)).toBe(theme === 'dark');
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoSidewaysScroll(page);
      await expect(banner(page).getByRole('button', { name: 'Resend link' })).toBeInViewport();
    }

    // Resend: a second mail, said so in the banner.
    await banner(page).getByRole('button', { name: 'Resend link' }).click();
    await expect(banner(page).getByRole('status')).toHaveText(
      'A new verification link is on its way. It works for 24 hours.',
    );
    await expect
      .poll(
        () =>
          server.smtp.messages.filter(
            (m) =>
              m.to.includes(account.email) &&
              m.raw.replace(/=\r?\n/g, '').includes('/verify-email/'),
          ).length,
      )
      .toBe(2);

    const link = await waitForMailLink(server.smtp, account.email, '/verify-email/');
    expect(link.startsWith(`${server.baseURL}/verify-email/`)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    await expect(page.getByText('Your email address is verified. Thank you!')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    // And after a reload, from the server's own answer.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('the banner is dismissed for the session', async ({ page, server }) => {
  const account = newAccount('dismiss');
  await registerViaApi(server.baseURL, account);
  await signInThroughUi(page, account.email, account.password);
  await banner(page).getByRole('button', { name: 'Dismiss the verification reminder' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('an invitation to an unverified address: not from the bell, but from its mail', async ({
  page,
  server,
}) => {
  const owner = newAccount('owner');
  const invitee = newAccount('unverified');
  const { token } = await registerViaApi(server.baseURL, owner);
  await registerViaApi(server.baseURL, invitee);
  const roomName = `Staff room ${Date.now().toString(36)}`;
  const api = (path: string, body: unknown) =>
    fetch(`${server.baseURL}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const { room } = (await (await api('/rooms', { name: roomName, subject: 'Staff' })).json()) as {
    room: { id: string };
  };
  expect(
    (await api(`/rooms/${room.id}/invitations`, { email: invitee.email, role: 'admin' })).status,
  ).toBe(201);

  await signInThroughUi(page, invitee.email, invitee.password);
  await expect(banner(page)).toBeVisible();
  await page.getByRole('button', { name: 'Notifications' }).click();
  const invitations = page.getByRole('region', { name: 'Room invitations' });
  await expect(invitations).toContainText(
    'Verify your email address to see and accept room invitations here. The link in an invitation mail works without it.',
  );
  await expect(invitations.getByRole('button', { name: /Accept invitation/ })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // The mailed link proves the mailbox: accepting from it works.
  const link = await waitForMailLink(server.smtp, invitee.email, '/invite/');
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: "You're invited" })).toBeVisible();
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(page).toHaveURL(new RegExp(`/rooms/room/${room.id}`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: roomName })).toBeVisible({ timeout: 30_000 });
});
