import type { Page } from '@playwright/test';
import { test, expect, CONTACT_EMAIL } from './fixtures';

/** The community page's contact form, end to end: rules, states, and the mail the team gets. */

const form = (page: Page) => page.locator('#contact');
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const submit = (page: Page) => form(page).getByRole('button', { name: /Send Message|Sending/ });

async function fill(
  page: Page,
  values: Partial<Record<'Name' | 'Email' | 'Subject' | 'Message', string>>,
) {
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/community#contact');
  await expect(field(page, 'Name')).toBeVisible();
});

test('checks required fields first, then the email address', async ({ page }) => {
  const alert = form(page).getByRole('alert');
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/contact')) posts += 1;
  });

  await submit(page).click();
  await expect(alert).toHaveText('Please fill all required fields.');

  // A bad address with a field still empty: the missing field is reported first.
  await fill(page, { Name: 'Asha Rao', Email: 'asha.example.com', Subject: 'Rooms' });
  await submit(page).click();
  await expect(alert).toHaveText('Please fill all required fields.');

  await fill(page, { Message: 'Hello' });
  await submit(page).click();
  await expect(alert).toHaveText('Please enter a valid email address.');

  // Whitespace does not count as filled in.
  await fill(page, { Email: 'asha@example.com', Subject: '   ' });
  await submit(page).click();
  await expect(alert).toHaveText('Please fill all required fields.');
  expect(posts).toBe(0);
});

test('sends the message: Sending..., success, the form reset, and the mail delivered', async ({
  page,
  server,
}) => {
  const stamp = Date.now().toString(36);
  const subject = `Question about rooms ${stamp}`;
  await fill(page, {
    Name: 'Asha Rao',
    Email: 'asha@example.com',
    Subject: subject,
    Message: 'How many people can join one room? <b>Thanks</b>',
  });
  await field(page, 'Priority').selectOption('high');

  // Hold the request a moment so the sending state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });

  const response = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
  await submit(page).click();
  await expect(submit(page)).toHaveText('Sending...');
  await expect(submit(page)).toBeDisabled();
  release();
  expect((await response).status()).toBe(201);

  await expect(form(page).getByRole('status')).toHaveText(
    "Message sent successfully! We'll get back to you soon.",
  );
  await expect(submit(page)).toHaveText('Send Message');
  for (const label of ['Name', 'Email', 'Subject', 'Message']) {
    await expect(field(page, label)).toHaveValue('');
  }
  await expect(field(page, 'Priority')).toHaveValue('medium');

  const mail = await server.smtp.waitForMail(CONTACT_EMAIL);
  const raw = mail.raw.replace(/=\r?\n/g, '');
  expect(mail.to).toEqual([CONTACT_EMAIL]);
  expect(raw).toContain(subject);
  expect(raw).toMatch(/^Reply-To: asha@example\.com/m);
  expect(raw).toContain('High');
  // The HTML part shows the sender's markup as text.
  expect(raw).toContain('&lt;b&gt;Thanks&lt;/b&gt;');
  // The mail names the stored message's id, the team's reference to the database row.
  expect(raw).toMatch(/Reference: [0-9a-f]{24}/);
});

test('a server failure shows the message naming the contact address', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'Something went wrong on our side. Please try again.',
        error: 'Something went wrong on our side. Please try again.',
        code: 'INTERNAL',
      }),
    }),
  );
  await fill(page, {
    Name: 'Asha Rao',
    Email: 'asha@example.com',
    Subject: 'Help',
    Message: 'Anyone there?',
  });
  await submit(page).click();
  await expect(form(page).getByRole('alert')).toHaveText(
    `Failed to send message. Please try again or contact us directly at ${CONTACT_EMAIL}`,
  );
  // Nothing typed is lost, so the visitor can simply try again.
  await expect(field(page, 'Message')).toHaveValue('Anyone there?');
  await expect(submit(page)).toBeEnabled();
});

test('a network failure shows the same message', async ({ page }) => {
  await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
  await fill(page, { Name: 'Asha', Email: 'asha@example.com', Subject: 'Hi', Message: 'Hello' });
  await submit(page).click();
  await expect(form(page).getByRole('alert')).toHaveText(
    `Failed to send message. Please try again or contact us directly at ${CONTACT_EMAIL}`,
  );
});
