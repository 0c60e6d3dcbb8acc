import type { Browser, Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { test, expect, startTestServer, type StartedServer } from './fixtures';
import {
  axeViolations,
  expectNoSidewaysScroll,
  seedSignedIn,
  seedSyncedAccount,
  watchErrors,
} from './checks';
import { roomWithMembers, type CallUser } from './pages/call';
import { useStoredTheme } from './theme';

/**
 * Focus together (docs/product.md §5.16, docs/decisions/0034-focus-sessions.md): three
 * browsers show the same time left through a start, a pause, a late joiner, a reload and a server
 * restart; a goal typed at the start becomes a task, is marked done in the recap, and the focus
 * streak shows on the dashboard; the new screens pass axe and fit 320 px in both themes.
 *
 * The server runs with FOCUS_SHORT_PHASES (a test-only switch) so a round can last seconds.
 */

test.setTimeout(240_000);

let app: StartedServer;
test.beforeAll(async () => {
  app = await startTestServer({ FOCUS_SHORT_PHASES: '1' });
});
test.afterAll(async () => {
  await app?.stop();
});

/** The spread allowed between what members see (docs/decisions/0034: within 250 ms). */
const SPREAD_MS = 250;
const SHOTS = process.env.FOCUS_SHOTS;

async function memberPage(
  browser: Browser,
  user: CallUser,
  options: { theme?: 'light' | 'dark'; bypassCSP?: boolean; synced?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.baseURL, bypassCSP: options.bypassCSP });
  const page = await context.newPage();
  if (options.theme) await useStoredTheme(page, options.theme);
  const session = { token: user.token, user: { id: user.id, name: user.name, email: user.email } };
  await seedSignedIn(page, session);
  if (options.synced) await seedSyncedAccount(page, user.id);
  return page;
}

const focusSection = (page: Page): Locator => page.getByRole('region', { name: 'Focus together' });

async function openRoom(page: Page, roomId: string): Promise<Locator> {
  await page.goto(`/rooms/room/${roomId}`);
  const section = focusSection(page);
  await expect(section).toBeVisible();
  return section;
}

/**
 * What each page would draw right now, read from the clock's data (the end or the paused time,
 * and the page's server-clock offset), all brought to one instant: Date.now() is the same machine
 * clock in every page.
 */
async function timeLeft(pages: Page[], rev: number): Promise<number[]> {
  for (const page of pages) {
    const clock = page.getByTestId('focus-clock');
    await expect(clock).toHaveAttribute('data-rev', String(rev));
    // The offset is measured (the clock-sync samples are in).
    await expect(clock).not.toHaveAttribute('data-offset', '');
  }
  const samples = await Promise.all(
    pages.map((page) =>
      page.getByTestId('focus-clock').evaluate((el: HTMLElement) => {
        const at = Date.now();
        const { endsAt, pausedMs, offset } = el.dataset;
        const remaining =
          pausedMs !== '' ? Number(pausedMs) : Number(endsAt) - (at + Number(offset));
        return { remaining, at, paused: pausedMs !== '' };
      }),
    ),
  );
  const t0 = samples[0]!.at;
  return samples.map((s) => (s.paused ? s.remaining : s.remaining + (s.at - t0)));
}

async function expectInStep(pages: Page[], rev: number): Promise<number> {
  const left = await timeLeft(pages, rev);
  const spread = Math.max(...left) - Math.min(...left);
  expect(spread, `time left on each page: ${left.map(Math.round).join(', ')} ms`).toBeLessThan(
    SPREAD_MS,
  );
  return spread;
}

const revOf = async (page: Page) =>
  Number(await page.getByTestId('focus-clock').getAttribute('data-rev'));

test('three members see the same time left through a start, a pause, a late joiner, a reload and a restart', async ({
  browser,
}) => {
  const { room, users } = await roomWithMembers(app.baseURL, 3, 'focus');
  const [asha, ben, chen] = users as [CallUser, CallUser, CallUser];
  const a = await memberPage(browser, asha);
  const b = await memberPage(browser, ben);
  // The restart refuses connections for a moment; that is the point, not an error.
  const ignore = [/ERR_CONNECTION_REFUSED/];
  const errors = [watchErrors(a, { ignore }), watchErrors(b, { ignore })];
  const sectionA = await openRoom(a, room.id);
  const sectionB = await openRoom(b, room.id);
  await expect(sectionB.getByText(/Nobody is focusing right now/)).toBeVisible();

  // Asha starts a Pomodoro with the classic settings; Ben's page follows.
  await sectionA.getByRole('button', { name: 'Start focus' }).click();
  await expect(sectionB.getByText('Focus · round 1 of 4')).toBeVisible();
  await expect(b.getByText(`${asha.name} started a focus session.`)).toBeVisible();
  let rev = await revOf(a);
  const spreads: number[] = [await expectInStep([a, b], rev)];
  await expect(sectionB.getByRole('timer')).toHaveText(/^2[45]:\d\d left$/);

  // Ben pauses; Asha is told who did it, and both show the same frozen time.
  await sectionB.getByRole('button', { name: 'Pause' }).click();
  await expect(a.getByText(`${ben.name} paused the focus timer.`)).toBeVisible();
  await expect(sectionA.getByText('Paused', { exact: true })).toBeVisible();
  rev = await revOf(b);
  spreads.push(await expectInStep([a, b], rev));

  // Chen opens the room late, without the call, and joins the session.
  const c = await memberPage(browser, chen);
  errors.push(watchErrors(c, { ignore }));
  const sectionC = await openRoom(c, room.id);
  spreads.push(await expectInStep([a, b, c], rev));
  await sectionC.getByRole('button', { name: 'Join the session' }).click();
  await expect(sectionA.getByRole('listitem').filter({ hasText: chen.name })).toBeVisible();

  // Asha resumes: three running clocks in step.
  await sectionA.getByRole('button', { name: 'Resume' }).click();
  await expect(sectionC.getByRole('button', { name: 'Pause' })).toBeVisible();
  rev = await revOf(a);
  spreads.push(await expectInStep([a, b, c], rev));

  // Ben reloads.
  await b.reload();
  await expect(focusSection(b).getByRole('timer')).toBeVisible();
  spreads.push(await expectInStep([a, b, c], rev));

  // The server restarts. Every page reconnects by itself; the timer is where it was.
  await app.restart('SIGTERM');
  spreads.push(await expectInStep([a, b, c], rev));
  // A pause after the restart reaches all three: they are connected to the new process.
  await sectionC.getByRole('button', { name: 'Pause' }).click();
  await expect(sectionA.getByText('Paused', { exact: true })).toBeVisible();
  await expect(sectionB.getByText('Paused', { exact: true })).toBeVisible();
  rev = await revOf(c);
  spreads.push(await expectInStep([a, b, c], rev));
  await sectionA.getByRole('button', { name: 'Resume' }).click();
  await expect(sectionB.getByRole('button', { name: 'Pause' })).toBeVisible();
  rev = await revOf(a);
  spreads.push(await expectInStep([a, b, c], rev));
  console.log(`focus spread per step (ms): ${spreads.map((s) => s.toFixed(1)).join(', ')}`);

  // Stop ends it for the whole room, so it asks first.
  await sectionB.getByRole('button', { name: 'Stop' }).click();
  await b
    .getByRole('dialog', { name: 'End the focus session for everyone?' })
    .getByRole('button', { name: 'End session' })
    .click();
  await expect(sectionA.getByRole('button', { name: 'Start focus' })).toBeVisible();
  for (const seen of errors) expect(seen).toEqual([]);
});

test('a goal typed at the start becomes a task, is done in the recap, and the streak shows on the dashboard', async ({
  browser,
}) => {
  const { room, users } = await roomWithMembers(app.baseURL, 1, 'goal');
  const me = users[0]!;
  const page = await memberPage(browser, me, { synced: true });
  const errors = watchErrors(page);
  const section = await openRoom(page, room.id);

  await section.getByLabel('Type a goal').fill('Revise integration by parts');
  await section.getByText('Timer settings').click();
  // Three-second rounds: this server accepts them (FOCUS_SHORT_PHASES); whole minutes otherwise.
  await section.getByLabel('Focus (minutes)').fill('0.05');
  await section.getByLabel('Short break (minutes)').fill('0.5');
  await section.getByLabel('Rounds before the long break').fill('2');
  await section.getByRole('button', { name: 'Start focus' }).click();
  await expect(section.getByText('Your goal:')).toContainText('Revise integration by parts');

  // The round ends on the server; the recap asks.
  const recap = section.getByRole('group', {
    name: /Did you finish “Revise integration by parts”/,
  });
  await expect(recap).toBeVisible({ timeout: 15_000 });
  await expect(section.getByText('Short break', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Short break: 30 seconds.' }),
  ).toHaveCount(1);
  await recap.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Marked “Revise integration by parts” done.')).toBeVisible();
  await expect(section.getByText('You are taking part, with no goal set.')).toBeVisible();

  // The task is the student's own, done, and synced to their account.
  await page.goto('/tasks');
  const task = page.getByRole('listitem').filter({ hasText: 'Revise integration by parts' });
  await expect(task).toBeVisible();
  await expect(
    task.getByRole('checkbox', { name: 'Mark "Revise integration by parts" as done' }),
  ).toBeChecked();
  await expect
    .poll(async () => {
      const res = await fetch(`${app.baseURL}/api/sync/pull?since=0`, {
        headers: { authorization: `Bearer ${me.token}` },
      });
      const body = (await res.json()) as {
        changes: { data?: { title?: string; completed?: boolean } }[];
      };
      return body.changes.find((c) => c.data?.title === 'Revise integration by parts')?.data
        ?.completed;
    })
    .toBe(true);

  // The dashboard: the Study Streak card as before, and the focus figures beside it.
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-Study Streak')).toBeVisible();
  const figures = page.getByRole('region', { name: 'Focus together' });
  await expect(figures.getByTestId('focus-Focus streak')).toHaveText('1 day');
  await expect(figures).toContainText('Today counts already');
  await expect(figures).toContainText('1 round, 1 goal done since Monday');
  expect(errors).toEqual([]);
});

test('the focus screens pass axe and fit 320 px in both themes, on the room page and in the call', async ({
  browser,
}) => {
  const { room, users } = await roomWithMembers(app.baseURL, 1, 'axe');
  const me = users[0]!;
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    const page = await memberPage(browser, me, { theme, bypassCSP: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    const section = await openRoom(page, room.id);
    await section.getByText('Timer settings').click();
    expect(await axeViolations(page), `idle room section, ${theme}`).toEqual([]);
    if (SHOTS) await section.screenshot({ path: `${SHOTS}/room-idle-${theme}-1280.png` });

    await section
      .getByRole('textbox', { name: /^(Type a goal|Or type a new one)$/ })
      .fill('Chapter 5 exercises');
    await section.getByLabel('Focus (minutes)').fill('0.05');
    await section.getByRole('button', { name: 'Start focus' }).click();
    await expect(section.getByRole('group', { name: /Did you finish/ })).toBeVisible({
      timeout: 15_000,
    });
    await section.getByRole('button', { name: 'Pause' }).click();
    await expect(section.getByText('Paused', { exact: true })).toBeVisible();
    expect(await axeViolations(page), `running room section, ${theme}`).toEqual([]);
    if (SHOTS) await section.screenshot({ path: `${SHOTS}/room-running-${theme}-1280.png` });

    await page.setViewportSize({ width: 320, height: 800 });
    await expectNoSidewaysScroll(page);
    if (SHOTS) await section.screenshot({ path: `${SHOTS}/room-running-${theme}-320.png` });

    // In the call: the Room tools menu opens the same timer in the side column.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/rooms/call/room/${room.id}`);
    await page.getByRole('button', { name: 'Join now' }).click();
    await page.getByRole('button', { name: 'Room tools' }).click();
    await page.getByRole('menuitem', { name: 'Focus together' }).click();
    const panel = page.getByRole('region', { name: 'Focus together' });
    await expect(panel.getByRole('timer')).toBeVisible();
    expect(await axeViolations(page), `call panel, ${theme}`).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/call-panel-${theme}-1280.png` });
    await page.setViewportSize({ width: 320, height: 800 });
    await expectNoSidewaysScroll(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/call-panel-${theme}-320.png` });
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Room tools' })).toBeFocused();

    // The dashboard's figures.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard');
    const figures = page.getByRole('region', { name: 'Focus together' });
    await expect(figures.getByTestId('focus-Focus streak')).toBeVisible();
    expect(await axeViolations(page), `dashboard, ${theme}`).toEqual([]);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/dashboard-${theme}-1280.png`, fullPage: false });
    await page.setViewportSize({ width: 320, height: 800 });
    await expectNoSidewaysScroll(page);
    if (SHOTS) await figures.screenshot({ path: `${SHOTS}/dashboard-${theme}-320.png` });

    // Stop the session for the next theme's run: it asks first, at 320 px too.
    await page.goto(`/rooms/room/${room.id}`);
    await focusSection(page).getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByRole('button', { name: 'Keep going' })).toBeFocused();
    expect(await axeViolations(page), `end-session question, ${theme}`).toEqual([]);
    await expectNoSidewaysScroll(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/end-session-${theme}-320.png` });
    await page.getByRole('button', { name: 'End session' }).click();
    await expect(focusSection(page).getByRole('button', { name: 'Start focus' })).toBeVisible();
    await page.context().close();
  }
});
