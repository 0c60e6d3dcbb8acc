import type { Page } from '@playwright/test';
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
 * The dashboard (docs/product.md §4) for a signed-in student, with the browser clock fixed so the
 * greeting, the daily quote and the streak are known: seeded lists (first 5 tasks, last 4
 * resources newest first), the empty states, the quick actions and a room from the server.
 */

// 09:00 on Tuesday 10 March 2026 in Kolkata (03:30 UTC): day 69 of the year.
const NOW = new Date('2026-03-10T03:30:00Z');
const HOUR = 3_600_000;

// The greeting goes by the browser's own hour (docs/product.md §4.1): these students are in India
// unless a test says otherwise, whatever the machine's zone.
test.use({ timezoneId: 'Asia/Kolkata' });
const DAY = 24 * HOUR;

async function signIn(page: Page, baseURL: string, label = 'dash') {
  const account = newAccount(label);
  const session = await registerViaApi(baseURL, account);
  await seedSignedIn(page, session);
  await seedSyncedAccount(page, session.user.id);
  return { account, session };
}

const task = (i: number, over: Record<string, unknown> = {}) => ({
  id: `t${i}`,
  title: `Task number ${i}`,
  due: null,
  priority: 'medium',
  status: 'open',
  createdAt: NOW.getTime() - (10 - i) * DAY,
  completed: false,
  ...over,
});

const resource = (i: number) => ({
  id: `r${i}`,
  title: `Resource ${i}`,
  link: `https://example.com/${i}`,
  type: 'guide',
  tags: [],
  uploadedAt: NOW.getTime() - (10 - i) * HOUR,
  by: 'You',
});

test.describe('a student in Toronto', () => {
  test.use({ timezoneId: 'America/Toronto' });

  test('is greeted by their own morning, with the clock in Kolkata and their time beside it', async ({
    page,
    server,
  }) => {
    const errors = watchErrors(page);
    // 05:17 on 24 November 2026 in Toronto is 15:47 in Kolkata.
    await page.clock.setFixedTime(new Date('2026-11-24T10:17:00Z'));
    const { account } = await signIn(page, server.baseURL, 'toronto');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Good Morning, ${account.name}!`,
    );
    await expect(page.getByTestId('time-of-day-icon')).toHaveAttribute('data-band', 'morning');
    await expect(page.getByText(/Tuesday, 24 November 2026 · 3:47\s?pm IST/i)).toBeVisible();
    await expect(page.getByTestId('local-time')).toHaveText(/your time 5:17\s?am/i);
    expect(errors).toEqual([]);
  });
});

test('seeded: greeting, quote, stats, first 5 tasks, last 4 resources, notes and activity', async ({
  page,
  server,
}) => {
  const errors = watchErrors(page);
  await page.clock.setFixedTime(NOW);
  const { account, session } = await signIn(page, server.baseURL);
  await seedStorage(page, {
    userTasks: [
      task(1, { due: '2026-03-01' }), // overdue
      task(2, { status: 'done', completed: true, completedAt: NOW.getTime() - 2 * 60_000 }),
      task(3, { due: '2026-03-10' }), // due today: not overdue yet
      task(4, { createdAt: NOW.getTime() - HOUR }), // created today
      task(5),
      task(6, { createdAt: NOW.getTime() - 2 * HOUR }), // created today, beyond the first 5
      task(7),
    ],
    [`userResources:${session.user.id}`]: [1, 2, 3, 4, 5, 6].map(resource),
    userNotesText: [
      {
        id: 'note-1',
        title: 'Thermodynamics',
        text: 'Energy is conserved.',
        type: 'notes',
        author: 'You',
        downloads: 0,
        room: 'Personal',
        uploadedAt: new Date(NOW.getTime() - 3 * DAY).toISOString(),
      },
    ],
    // Last visit yesterday (Kolkata) on a 3-day streak: today makes it 4.
    userRealStats: {
      activeRooms: 0,
      notesCreated: 0,
      dailyTasks: 0,
      studyStreak: 3,
      lastLoginDate: '2026-03-09',
      streakStartDate: '2026-03-07',
    },
  });
  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Good Morning, ${account.name}!`,
  );
  await expect(page.getByTestId('time-of-day-icon')).toHaveAttribute('data-band', 'morning');
  // Day 69: quote (69 - 1) mod 8 = 4, message (69 - 1) mod 7 = 5.
  await expect(page.getByText('Genius is one per cent inspiration')).toBeVisible();
  await expect(page.getByText('Progress, not perfection: tick off one thing today.')).toBeVisible();
  await expect(page.getByText(/Tuesday, 10 March 2026 · 9:00\s?am IST/i)).toBeVisible();
  // In India the two clocks agree: no second time.
  await expect(page.getByTestId('local-time')).toHaveCount(0);

  await expect(page.getByTestId('stat-Notes Created')).toHaveText('1');
  await expect(page.getByTestId('stat-Daily Tasks')).toHaveText('2');
  await expect(page.getByTestId('stat-Study Streak')).toHaveText('4');
  await expect(page.getByTestId('stat-Active Rooms')).toHaveText('0');
  // No invented trend badges.
  await expect(page.getByText(/^\+?\d+%$/)).toHaveCount(0);

  const tasks = page.getByRole('region', { name: 'Task Timeline' }).getByRole('listitem');
  await expect(tasks).toHaveCount(5);
  await expect(tasks.nth(0)).toContainText('Task number 1');
  await expect(tasks.nth(0)).toContainText('Overdue');
  await expect(tasks.nth(1)).toContainText('Completed');
  await expect(tasks.nth(2)).toContainText('Upcoming');
  await expect(tasks.nth(4)).toContainText('Task number 5');

  const resources = page.getByRole('region', { name: 'Resources' }).getByRole('listitem');
  await expect(resources).toHaveCount(4);
  await expect(resources.getByRole('link')).toHaveText([
    /Resource 6/,
    /Resource 5/,
    /Resource 4/,
    /Resource 3/,
  ]);
  await expect(resources.first().getByRole('link')).toHaveAttribute('target', '_blank');

  const notes = page.getByRole('region', { name: 'Your Notes' }).getByRole('listitem');
  await expect(notes).toHaveText([/Thermodynamics/]);

  const activity = page.getByRole('region', { name: 'Recent Activity' }).getByRole('listitem');
  await expect(activity).toHaveCount(5);
  await expect(activity.first()).toContainText('Completed task “Task number 2”');
  await expect(activity.first()).toContainText('2 minutes ago');

  // The stats record keeps its shape (docs/product.md §4.4), with the streak moved on (§4.3).
  const stats = await storedJson<Record<string, unknown>>(page, 'userRealStats');
  expect(stats).toEqual({
    activeRooms: 0,
    notesCreated: 1,
    dailyTasks: 2,
    studyStreak: 4,
    lastLoginDate: '2026-03-10',
    streakStartDate: '2026-03-07',
  });
  expect(errors).toEqual([]);
});

test('a new student sees every empty state, then a room from the server', async ({
  page,
  server,
}) => {
  const { session } = await signIn(page, server.baseURL, 'fresh');
  await page.goto('/dashboard');
  await expect(page.getByText('No tasks yet. Add your first task!')).toBeVisible();
  await expect(page.getByText('No study circles yet. Join your first room!')).toBeVisible();
  await expect(page.getByText('No notes yet. Upload your first note!')).toBeVisible();
  await expect(page.getByText('No resources yet. Upload your first link.')).toBeVisible();
  await expect(page.getByText('No recent activity yet.')).toBeVisible();
  await expect(page.getByTestId('stat-Study Streak')).toHaveText('1');
  await expect(page.getByRole('link', { name: 'Explore Rooms' })).toHaveAttribute(
    'href',
    '/dashboard/rooms',
  );
  await page.getByRole('link', { name: 'Create Task' }).click();
  await expect(page).toHaveURL(/\/tasks$/);

  const res = await fetch(`${server.baseURL}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ name: 'Linear Algebra Circle', subject: 'Maths' }),
  });
  expect(res.status).toBe(201);
  await page.goto('/dashboard');
  const circles = page.getByRole('region', { name: 'Study Circles' });
  await expect(circles.getByRole('link', { name: 'Linear Algebra Circle' })).toBeVisible();
  await expect(circles).toContainText('Maths • 1 member');
  await expect(page.getByTestId('stat-Active Rooms')).toHaveText('1');
});

test('quick actions open the right dialog or page', async ({ page, server }) => {
  await signIn(page, server.baseURL, 'quick');
  await page.goto('/dashboard');
  const actions = page.getByRole('region', { name: 'Quick Actions' });

  await actions.getByRole('button', { name: 'Create Room' }).click();
  await expect(page).toHaveURL(/\/dashboard\/rooms$/);
  await expect(page.getByRole('dialog', { name: 'Create Room' })).toBeVisible();
  await page.keyboard.press('Escape');
  // The request was consumed: a reload does not reopen it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Study Rooms' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/dashboard');
  await actions.getByRole('button', { name: 'Join Room' }).click();
  await expect(page.getByRole('dialog', { name: 'Join Room' })).toBeVisible();

  await page.goto('/dashboard');
  await actions.getByRole('button', { name: 'Upload Notes' }).click();
  await expect(page).toHaveURL(/\/dashboard\/notes$/);
  await expect(page.getByRole('heading', { name: 'Upload File' })).toBeVisible();

  await page.goto('/dashboard');
  await actions.getByRole('button', { name: 'Add Task' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the app's CSP rightly refuses.
  test.use({ bypassCSP: true });

  test('dashboard: accessible and no sideways scrolling at 320 px', async ({ page, server }) => {
    await page.clock.setFixedTime(NOW);
    await signIn(page, server.baseURL, 'a11y');
    await seedStorage(page, {
      userTasks: [task(1, { title: `A${'very-long-title-'.repeat(12)}`, due: '2026-03-01' })],
      userResources: [],
    });
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Task Timeline' })).toContainText('Overdue');
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    // Creating or joining a room is at hand on a phone, not under the figures and the timeline.
    for (const name of ['Create Room']) {
      const box = await page
        .getByRole('region', { name: 'Quick Actions' })
        .getByRole('button', { name })
        .boundingBox();
      // It starts on the first screen (before this order it was 3.8 screens down).
      expect(box!.y, `${name} starts on the first screen`).toBeLessThan(800);
    }
  });
});
