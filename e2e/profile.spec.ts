import type { Page } from '@playwright/test';
import { test, expect, newAccount, registerViaApi, signInThroughUi } from './fixtures';
import { axeViolations, expectNoSidewaysScroll, watchErrors } from './checks';
import { useStoredTheme } from './theme';

/**
 * The profile page (docs/product.md §13) as a student uses it: editing the Profile Information
 * form, the avatar checks and upload (camera button and drag and drop) that the navbar shows at
 * once, what lands in local storage, the profile following the student to another browser, adopting
 * a newer copy saved in another tab, accessibility and phone widths in both themes.
 */

test.setTimeout(120_000);

const stored = (page: Page, key: string) =>
  page.evaluate(
    (k) => JSON.parse(localStorage.getItem(k) ?? 'null') as Record<string, unknown>,
    key,
  );

/** A real PNG drawn by the browser itself, `width` by `height`. */
async function pngOf(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#4f46e5';
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = '#f59e0b';
      ctx.fillRect(w / 4, h / 4, w / 2, h / 2);
      return canvas.toDataURL('image/png');
    },
    [width, height] as const,
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The natural size of the image a data URL holds. */
function imageSize(page: Page, src: string) {
  return page.evaluate(async (s) => {
    const img = new Image();
    img.src = s;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  }, src);
}

async function openProfile(page: Page, path = '/dashboard/profile') {
  await page.goto(path);
  // The page is a lazy chunk: give a busy machine time to load it.
  await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible({
    timeout: 30_000,
  });
}

test('edit the profile: Save Changes only when changed, the message, local keys, the server', async ({
  page,
  server,
  browser,
}) => {
  const errors = watchErrors(page);
  const account = newAccount('profile');
  const { user } = await registerViaApi(server.baseURL, account);
  await signInThroughUi(page, account.email, account.password);
  await openProfile(page, '/profile');

  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  await expect(page.getByLabel('Full Name')).toHaveValue(account.name);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  await expect(page.getByText(/^Member since [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await expect(page.getByLabel('Year of Study').locator('option')).toHaveText([
    'Select your year',
    '1st Year',
    '2nd Year',
    '3rd Year',
    '4th Year',
    'Graduate',
    'PhD',
  ]);

  await page.getByLabel('Phone').fill('+91 98765 43210');
  await expect(save).toBeEnabled();
  // Typing the old value back makes the form equal to the saved profile again.
  await page.getByLabel('Phone').fill('');
  await expect(save).toBeDisabled();

  await page.getByLabel('Phone').fill('+91 98765 43210');
  await page.getByLabel('Location').fill('Pune');
  await page.getByLabel('University').fill('IIT Madras');
  await page.getByLabel('Major').fill('Physics');
  await page.getByLabel('Year of Study').selectOption('2nd Year');
  await page.getByLabel('Bio').fill('I like problem sets.');
  await expect(page.getByText('20/500')).toBeVisible();
  // The bio stops at 500 characters and the counter says so.
  await page.getByLabel('Bio').fill('x'.repeat(520));
  await expect(page.getByText('500/500')).toBeVisible();
  await page.getByLabel('Bio').fill('Second-year physics; I like problem sets.');

  await page.getByLabel('Full Name').fill(' ');
  await save.click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Full Name').fill('Meera Iyer');
  await save.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Profile updated successfully!' }),
  ).toBeVisible();
  await expect(save).toBeDisabled();

  const profile = await stored(page, 'userProfile');
  expect(profile).toMatchObject({
    name: 'Meera Iyer',
    phone: '+91 98765 43210',
    location: 'Pune',
    university: 'IIT Madras',
    major: 'Physics',
    yearOfStudy: '2nd Year',
    bio: 'Second-year physics; I like problem sets.',
  });
  expect(Date.parse(String(profile.savedAt))).not.toBeNaN();
  const profileData = await stored(page, 'profileData');
  expect(Object.keys(profileData).sort()).toEqual(
    ['email', 'location', 'name', 'phone', 'profilePic', 'savedAt'].sort(),
  );
  expect(profileData).toMatchObject({ name: 'Meera Iyer', phone: '+91 98765 43210' });
  // The navbar took the new name at once ('userDataUpdated').
  await expect(page.getByRole('button', { name: 'Account menu for Meera Iyer' })).toBeVisible();

  // After a reload the saved values are what the form starts from.
  await page.reload();
  await expect(page.getByLabel('Major')).toHaveValue('Physics');
  await expect(page.getByLabel('Year of Study')).toHaveValue('2nd Year');

  // Another browser, signed in fresh, gets the profile from the server.
  const other = await browser.newContext({ baseURL: server.baseURL });
  const otherPage = await other.newPage();
  await signInThroughUi(otherPage, account.email, account.password);
  await openProfile(otherPage);
  await expect(otherPage.getByLabel('Full Name')).toHaveValue('Meera Iyer');
  await expect(otherPage.getByLabel('Bio')).toHaveValue(
    'Second-year physics; I like problem sets.',
  );
  await expect(otherPage.getByLabel('Year of Study')).toHaveValue('2nd Year');
  await other.close();

  const res = await fetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(((await res.json()) as { user: { id: string; phone: string } }).user).toMatchObject({
    id: user.id,
    phone: '+91 98765 43210',
  });
  expect(errors).toEqual([]);
});

test('avatar: checks with the exact messages, upload by button and by drop, navbar at once, another browser', async ({
  page,
  server,
  browser,
}) => {
  const account = newAccount('avatar');
  const { user } = await registerViaApi(server.baseURL, account);
  await signInThroughUi(page, account.email, account.password);
  await openProfile(page);
  const fileInput = page.locator('input[type="file"]');

  await fileInput.setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 not an image'),
  });
  await expect(page.getByRole('alert')).toHaveText('Please select a valid image file');

  await fileInput.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(10 * 1024 * 1024),
  });
  await expect(page.getByRole('alert')).toHaveText('Image size should be less than 10MB');

  // The camera button opens the file chooser.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change profile picture' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await pngOf(page, 1200, 800),
  });
  await expect(
    page.getByRole('status').filter({ hasText: 'Avatar uploaded and saved successfully!' }),
  ).toBeVisible();

  const avatar = await stored(page, 'userAvatar');
  expect(Object.keys(avatar).sort()).toEqual(['profilePic', 'savedAt', 'userId']);
  expect(avatar.userId).toBe(user.id);
  const pic = String(avatar.profilePic);
  expect(pic).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  expect(await imageSize(page, pic)).toEqual({ width: 400, height: 267 });
  // The picture's alt is empty (the name is beside it), so it is found as an img element.
  // The navbar shows it at once, without a reload.
  const navImage = page.getByRole('button', { name: /^Account menu for / }).locator('img');
  await expect(navImage).toHaveAttribute('src', pic);
  expect((await stored(page, 'profileData')).profilePic).toBe(pic);

  // Dropping a portrait picture on the avatar replaces it.
  const dropped = (await pngOf(page, 600, 1500)).toString('base64');
  const dataTransfer = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'portrait.png', { type: 'image/png' }));
    return transfer;
  }, dropped);
  await page.getByTestId('avatar-drop-zone').dispatchEvent('dragover', { dataTransfer });
  await page.getByTestId('avatar-drop-zone').dispatchEvent('drop', { dataTransfer });
  await expect
    .poll(async () => String((await stored(page, 'userAvatar')).profilePic))
    .not.toBe(pic);
  const portrait = String((await stored(page, 'userAvatar')).profilePic);
  expect(await imageSize(page, portrait)).toEqual({ width: 160, height: 400 });
  await expect(navImage).toHaveAttribute('src', portrait);

  // The picture follows the student to another browser.
  const other = await browser.newContext({ baseURL: server.baseURL });
  const otherPage = await other.newPage();
  await signInThroughUi(otherPage, account.email, account.password);
  await expect(
    otherPage.getByRole('button', { name: /^Account menu for / }).locator('img'),
  ).toHaveAttribute('src', portrait);
  await other.close();
});

test('a newer profile saved in another tab is adopted when the page is visible again', async ({
  page,
  server,
}) => {
  const account = newAccount('tabs');
  await registerViaApi(server.baseURL, account);
  await signInThroughUi(page, account.email, account.password);
  await openProfile(page);
  // Something typed here and not saved stays.
  await page.getByLabel('Major').fill('Chemistry');

  const second = await page.context().newPage();
  await openProfile(second);
  await second.getByLabel('Location').fill('Chennai');
  await second.getByRole('button', { name: 'Save Changes' }).click();
  await expect(second.getByText('Profile updated successfully!')).toBeVisible();
  await second.close();

  await page.bringToFront();
  // Headless Chromium does not hide background tabs, so announce the return as a browser would.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByLabel('Location')).toHaveValue('Chennai');
  await expect(page.getByLabel('Major')).toHaveValue('Chemistry');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
});

test.describe('accessibility and phone widths', () => {
  test.use({ bypassCSP: true });
  for (const theme of ['light', 'dark'] as const) {
    test(`the profile page in the ${theme} theme`, async ({ page, server }) => {
      await useStoredTheme(page, theme);
      const account = newAccount('a11y');
      await registerViaApi(server.baseURL, account);
      await signInThroughUi(page, account.email, account.password);
      await openProfile(page);
      await page.getByLabel('Bio').fill('A'.repeat(300));
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        theme === 'dark',
      );
      expect(await axeViolations(page)).toEqual([]);
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 800 });
        await expectNoSidewaysScroll(page);
      }
    });
  }
});
