import { test, expect, newAccount, registerViaApi } from './fixtures';
import {
  axeViolations,
  expectNoSidewaysScroll,
  seedSignedIn,
  seedSyncedAccount,
  seedStorage,
  storedJson,
  watchErrors,
} from './checks';

/**
 * The Resources page (docs/product.md §12): a visitor and a signed-in student add and remove links,
 * with the product's messages (docs/product.md §12.2), the http(s)-only rule, and the per-user and
 * shared keys checked.
 */

interface StoredResource {
  id: string;
  title: string;
  link: string;
  type: string;
  tags: string[];
  uploadedAt: number;
  by: string;
}

const INVALID_LINK = 'Please enter a valid link (e.g., example.com or https://example.com).';

test('a visitor adds, opens and removes resources; bad input gets the product messages', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto('/resources');
  await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
  await expect(
    page.getByText('Upload and manage study materials shared across rooms.'),
  ).toBeVisible();
  await expect(page.getByText('No resources yet. Upload your first link.')).toBeVisible();

  const upload = page.getByRole('button', { name: 'Upload' });
  // The title is checked first, even when the link is bad too.
  await page.getByLabel('Link').fill('javascript:alert(1)');
  await upload.click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a title.');
  await expect(page.getByLabel('Title')).toBeFocused();

  await page.getByLabel('Title').fill('Sneaky');
  await upload.click();
  await expect(page.getByRole('alert')).toHaveText(INVALID_LINK);
  await expect(page.getByLabel('Link')).toBeFocused();
  await page.getByLabel('Link').fill('data:text/html,<b>x</b>');
  await upload.click();
  await expect(page.getByRole('alert')).toHaveText(INVALID_LINK);
  expect(await storedJson(page, 'userResources:guest')).toBeNull();

  await page.getByLabel('Title').fill('  SQL practice  ');
  await page.getByLabel('Link').fill('sqlbolt.com/lesson/select_queries_introduction');
  await page.getByLabel('Type').selectOption('cheatsheet');
  await page.getByLabel('Tags').fill(' sql, , databases ,');
  await upload.click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Type')).toHaveValue('notes');

  await page.getByLabel('Title').fill('React docs');
  await page.getByLabel('Link').fill('https://react.dev/learn');
  await page.getByLabel('Type').selectOption('roadmap');
  await upload.click();

  const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading') });
  // Newest first.
  await expect(cards.getByRole('heading')).toHaveText(['React docs', 'SQL practice']);
  const sql = cards.filter({ hasText: 'SQL practice' });
  await expect(sql.getByText('Cheat sheet')).toBeVisible();
  await expect(sql.getByText('#sql')).toBeVisible();
  await expect(sql.getByText('#databases')).toBeVisible();
  await expect(sql.getByText(/^by You • \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  const open = sql.getByRole('link', { name: /Open SQL practice/ });
  await expect(open).toHaveAttribute(
    'href',
    'https://sqlbolt.com/lesson/select_queries_introduction',
  );
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveAttribute('rel', 'noopener noreferrer');

  const guest = (await storedJson<StoredResource[]>(page, 'userResources:guest'))!;
  expect(guest).toHaveLength(2);
  expect(guest[0]).toMatchObject({
    title: 'SQL practice',
    link: 'https://sqlbolt.com/lesson/select_queries_introduction',
    type: 'cheatsheet',
    tags: ['sql', 'databases'],
    by: 'You',
  });
  expect(await storedJson(page, 'userResources')).toEqual(guest);

  // Removed, then Undo (docs/decisions/0064): back as it was, then removed for good.
  await sql.getByRole('button', { name: 'Remove "SQL practice"' }).click();
  await expect(cards.getByRole('heading')).toHaveText(['React docs']);
  await expect(page.getByText('Resource removed.')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(cards.getByRole('heading')).toHaveText(['React docs', 'SQL practice']);
  expect(await storedJson(page, 'userResources:guest')).toEqual(guest);
  await sql.getByRole('button', { name: 'Remove "SQL practice"' }).click();
  await expect(cards.getByRole('heading')).toHaveText(['React docs']);
  expect(
    (await storedJson<StoredResource[]>(page, 'userResources:guest'))!.map((r) => r.title),
  ).toEqual(['React docs']);
  expect(errors).toEqual([]);
});

test('a signed-in student starts from the shared list; a tampered link is never opened', async ({
  page,
  server,
}) => {
  const account = newAccount('reader');
  const session = await registerViaApi(server.baseURL, account);
  await seedSignedIn(page, session);
  await seedSyncedAccount(page, session.user.id);
  await seedStorage(page, {
    userResources: [
      {
        id: 'r1',
        title: 'Shared guide',
        link: 'https://example.org/guide',
        type: 'guide',
        tags: ['shared'],
        uploadedAt: Date.UTC(2026, 0, 5),
        by: 'Classmate',
      },
      {
        id: 'r2',
        title: 'Tampered',
        link: 'javascript:alert(1)',
        type: 'notes',
        tags: [],
        uploadedAt: Date.UTC(2026, 0, 6),
        by: 'Someone',
      },
    ],
  });
  await page.goto('/resources');
  const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading') });
  await expect(cards.getByRole('heading')).toHaveText(['Tampered', 'Shared guide']);
  await expect(
    cards.filter({ hasText: 'Shared guide' }).getByText('by Classmate • Jan 5, 2026'),
  ).toBeVisible();
  const tampered = cards.filter({ hasText: 'Tampered' });
  await expect(tampered.getByRole('link')).toHaveCount(0);
  await expect(tampered.getByText('This link cannot be opened.')).toBeVisible();

  await page.getByLabel('Title').fill('My own link');
  await page.getByLabel('Link').fill('developer.mozilla.org');
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(cards.getByRole('heading').first()).toHaveText('My own link');
  const own = (await storedJson<StoredResource[]>(page, `userResources:${session.user.id}`))!;
  expect(own.map((r) => r.title)).toEqual(['Shared guide', 'Tampered', 'My own link']);
  expect(own[2]).toMatchObject({ link: 'https://developer.mozilla.org/', by: account.name });
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the app's CSP rightly refuses.
  test.use({ bypassCSP: true });

  test('resources page: accessible and no sideways scrolling at 320 px with long text', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/resources');
    await expect(page.getByText('No resources yet. Upload your first link.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Title').fill(`Supercalifragilistic${'expialidocious'.repeat(8)}`);
    await page.getByLabel('Link').fill(`https://example.com/${'very-long-path-'.repeat(20)}`);
    await page.getByLabel('Tags').fill(`${'longtag'.repeat(12)}, short`);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('#short')).toBeVisible();
    await expectNoSidewaysScroll(page);
    // An error message fits too.
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a title.');
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
