import {
  expect,
  waitForMailLink,
  newAccount,
  registerViaApi,
  signInThroughUi,
  test,
  watchCspViolations,
  watchForText,
} from './fixtures';

/** Accounts in a real browser against the real server: register, sign in, guard, sign out, reset. */

test('a new student registers, is sent to sign in, signs in and reaches the dashboard', async ({
  page,
}) => {
  const account = newAccount('ria');
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /create account/i }).click();

  // docs/product.md §3.3: a success message, then /login after 2 s.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /account/i })
      .first(),
  ).toBeVisible();
  await page.waitForURL('**/login', { timeout: 5_000 });

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  const sawSuccess = await watchForText(page, 'Login successful! Redirecting...');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  expect(await sawSuccess()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(account.name.split(' ')[0]!);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('a signed-out visit to a protected page returns there, query and hash kept, after sign-in', async ({
  page,
  server,
}) => {
  const account = newAccount('kabir');
  await registerViaApi(server.baseURL, account);

  await page.goto('/dashboard?view=week#panels');
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => sessionStorage.getItem('postLoginRedirect'))).toBe(
    '/dashboard?view=week#panels',
  );

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard?view=week#panels');
  expect(await page.evaluate(() => sessionStorage.getItem('postLoginRedirect'))).toBeNull();
});

test('wrong credentials show the server message and keep the visitor on sign-in', async ({
  page,
  server,
}) => {
  const account = newAccount('maya');
  await registerViaApi(server.baseURL, account);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await expect(page).toHaveURL(/\/login$/);
});

test('after five wrong passwords the sign-in form says when to try again', async ({
  page,
  server,
}) => {
  const account = newAccount('tariq');
  await registerViaApi(server.baseURL, account);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  const password = page.getByLabel('Password', { exact: true });
  const alert = page.getByRole('alert');
  const attempt = async (value: string) => {
    await password.fill(value);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    return (await answered).status();
  };
  for (let i = 1; i <= 5; i++) {
    expect(await attempt(`wrong-password-${i}`)).toBe(401);
    await expect(alert).toHaveText('Invalid credentials');
  }
  // The sixth try, even with the right password, is refused until the window ends.
  expect(await attempt(account.password)).toBe(429);
  await expect(alert).toHaveText('Too many attempts. Please try again in 15 minutes.');
  await expect(page).toHaveURL(/\/login$/);
});

test('registration refuses a common password and a password of spaces, saying why', async ({
  page,
}) => {
  const account = newAccount('zara');
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  const password = page.getByLabel('Password', { exact: true });
  const submit = page.getByRole('button', { name: /create account/i });
  await password.fill('      ');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Password cannot be only spaces');
  await password.fill('iloveyou');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText(
    'This password is one of the most common and easy to guess. Please choose another.',
  );
  await expect(page).toHaveURL(/\/register$/);
});

test('signing out ends the session: the token is gone and refused by the server', async ({
  page,
  server,
}) => {
  const cspViolations = await watchCspViolations(page);
  const account = newAccount('tara');
  await registerViaApi(server.baseURL, account);
  await signInThroughUi(page, account.email, account.password);
  await page.waitForURL('**/dashboard');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();

  await page.getByRole('button', { name: /account menu/i }).click();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  // The open menu must not inject a <style> element, which the CSP (style-src 'self') refuses.
  expect(await cspViolations()).toEqual([]);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  const profile = await fetch(`${server.baseURL}/api/auth/profile`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(profile.status).toBe(401);

  await page.goto('/dashboard');
  await page.waitForURL('**/login');
});

test('opening another page while the start-up session check is still out keeps the student signed in', async ({
  page,
  server,
}) => {
  const account = newAccount('omar');
  const session = await registerViaApi(server.baseURL, account);
  // A token and nothing cached beside it, as on a browser whose other data was cleared.
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), session.token);
  // The first profile check hangs, as on a slow connection, until leaving the page cancels it.
  let held = 0;
  await page.route('**/api/auth/profile', async (route) => {
    if (++held === 1) await new Promise((resolve) => setTimeout(resolve, 5_000));
    await route.continue().catch(() => undefined);
  });
  await page.goto('/dashboard');
  await expect.poll(() => held).toBe(1);
  // A navigation: after page.reload() Chromium ran none of the old page's code, which hid the fault.
  await page.goto('/dashboard');

  await expect(
    page.getByRole('button', { name: `Account menu for ${session.user.name}` }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(session.token);
  // The cancelled request's handler is still sleeping; it must not outlive the test noisily.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('forgot password: the mailed link resets the password, which then signs in', async ({
  page,
  server,
}) => {
  const account = newAccount('neel');
  await registerViaApi(server.baseURL, account);

  await page.goto('/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await page.waitForURL('**/forgot-password');
  const send = page.getByRole('button', { name: 'Send Reset Link' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Email').fill(account.email);
  await send.click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  // The account's first mail verifies its address; the reset mail is the one with its link.
  const link = await waitForMailLink(server.smtp, account.email, '/reset-password/');
  expect(link.startsWith(server.baseURL)).toBe(true);

  await page.goto(link);
  const submit = page.getByRole('button', { name: 'Reset Password' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('New Password', { exact: true }).fill('BetterPass42');
  await page.getByLabel('Confirm Password', { exact: true }).fill('BetterPass4');
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill('BetterPass42');
  await expect(page.getByText('Passwords match')).toBeVisible();
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
  await page.waitForURL('**/login', { timeout: 6_000 });

  // The link works once: the old password no longer signs in, the new one does.
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');

  await page.getByLabel('Password', { exact: true }).fill('BetterPass42');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
});
