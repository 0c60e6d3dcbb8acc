import type { Browser, Page } from '@playwright/test';
import { axeViolations, controlsUnderToasts, watchErrors } from './checks';
import { test, expect, newAccount, registerViaApi, linkFromMail } from './fixtures';
import { ManageRoomDialog, StudyRoomsScreen } from './pages/rooms';
import { CallScreen, uploadAvatar } from './pages/call';

/**
 * Rooms and invitations as a demanding new user finds them: Manage Room from a room
 * page loaded directly, the role toast, removing a member on purpose, pending invitations, the
 * wrong account and the invitee without one, focus after every dialog, menu and drawer, page
 * titles, nothing wider than a 320 px phone, and axe-core on every signed-in screen.
 */

test.setTimeout(120_000);

type Account = ReturnType<typeof newAccount>;
interface Session {
  token: string;
  user: { id: string; name: string; email: string };
}
interface ApiRoom {
  id: string;
  name: string;
  code: string;
}

/** The longest name the server accepts (100), with an unbreakable 40-character run in it. */
const LONG_NAME =
  `Advanced ${'Thermodynamics'.repeat(3)}Revision and past papers for the final exam group`
    .padEnd(100, 'x')
    .slice(0, 100);
const LONG_DESCRIPTION = `${'Weekly problem sets, '.repeat(5)}and a shared reading list: chapters one to twelve.`;

async function api<T>(
  baseURL: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

async function createRoom(baseURL: string, owner: Session, body: Record<string, unknown>) {
  const { room } = await api<{ room: ApiRoom }>(baseURL, 'POST', '/rooms', owner.token, {
    subject: 'Physics',
    ...body,
  });
  return room;
}

/** A page signed in as `session` (its token stored once, as a sign-in would). */
async function signedInPage(browser: Browser, baseURL: string, session: Session, width = 1280) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 500 ? 760 : 900 },
  });
  await context.addInitScript((token) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    localStorage.setItem('token', token);
    sessionStorage.setItem('e2e-seeded', '1');
  }, session.token);
  const page = await context.newPage();
  return { context, page, errors: watchConsoleErrors(page) };
}

/** Console errors other than the browser's own line for an HTTP error answer. */
function watchConsoleErrors(page: Page): string[] {
  return watchErrors(page, {
    ignore: [/Failed to load resource: the server responded with a status of 4\d\d/],
  });
}

async function people(baseURL: string, ...labels: string[]) {
  const accounts: Account[] = labels.map((l) => newAccount(l));
  const sessions = await Promise.all(accounts.map((a) => registerViaApi(baseURL, a)));
  return sessions.map((s, i) => ({ ...s, account: accounts[i]! }));
}

/** The invitation token from the latest mail to `email`. */
async function invitationPath(
  server: { smtp: { messages: { to: string[]; raw: string }[] } },
  email: string,
) {
  await expect
    .poll(() => server.smtp.messages.filter((m) => m.to.includes(email)).length)
    .toBeGreaterThan(0);
  const mails = server.smtp.messages.filter((m) => m.to.includes(email));
  return new URL(linkFromMail(mails.at(-1)!.raw, '/invite/')).pathname;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(
    widths.scroll,
    `page is ${widths.scroll}px wide in a ${widths.client}px window`,
  ).toBeLessThanOrEqual(widths.client);
}

/** Every part of the dialog lies inside the window, and the page behind does not widen. */
async function fitsTheWindow(page: Page, dialogName: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  // Measure where the dialog comes to rest, not a frame of its slide-in (the drawer enters from
  // the side and is off-screen while it moves).
  await dialog.evaluate((root) =>
    Promise.all(root.getAnimations({ subtree: true }).map((a) => a.finished)),
  );
  const overflow = await dialog.evaluate((root) => {
    const limit = document.documentElement.clientWidth;
    const offenders: string[] = [];
    if (root.scrollWidth > root.clientWidth) offenders.push(`dialog scrolls ${root.scrollWidth}`);
    for (const el of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.right > limit + 0.5 || box.left < -0.5)) {
        offenders.push(
          `${el.tagName.toLowerCase()} ${Math.round(box.left)}-${Math.round(box.right)}`,
        );
      }
    }
    return offenders;
  });
  expect(overflow).toEqual([]);
  await noSidewaysScroll(page);
}

test('Manage Room opens from a room page loaded directly, and focus lands sensibly', async ({
  browser,
  server,
}) => {
  const [owner] = await people(server.baseURL, 'owner');
  const room = await createRoom(server.baseURL, owner!, { name: `Optics ${Date.now()}` });
  const { context, page, errors } = await signedInPage(browser, server.baseURL, owner!);

  // A bookmark or reload: the rooms list was never visited in this session.
  await page.goto(`/rooms/room/${room.id}`);
  await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
  await expect(page).toHaveTitle(`${room.name} – StudyCircle`);
  await page.getByRole('button', { name: 'Manage Room' }).click();
  const manage = new ManageRoomDialog(page);
  await expect(manage.root).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/rooms$/);
  // A form dialog opens on its first field.
  await expect(manage.root.getByLabel('Room name')).toBeFocused();
  await expect(manage.root.getByLabel('Room name')).toHaveValue(room.name);
  await page.keyboard.press('Escape');
  await expect(manage.root).toBeHidden();
  // The button that opened it stayed on the room page: focus goes to this page's heading.
  await expect(page.getByRole('heading', { level: 1, name: 'Study Rooms' })).toBeFocused();
  // Reloading does not reopen it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Study Rooms' })).toBeVisible();
  await expect(manage.root).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

test('Leave Room asks with the keyboard on Cancel, and Escape cancels', async ({
  browser,
  server,
}) => {
  const [owner, member] = await people(server.baseURL, 'owner', 'member');
  const room = await createRoom(server.baseURL, owner!, { name: `Acoustics ${Date.now()}` });
  await api(server.baseURL, 'POST', '/rooms/join', member!.token, { code: room.code });
  const { context, page, errors } = await signedInPage(browser, server.baseURL, member!);
  await page.goto(`/rooms/room/${room.id}`);
  await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();

  await page.getByRole('button', { name: 'Leave Room' }).click();
  const step = page.getByRole('group', { name: 'Confirm leaving' });
  await expect(step).toBeVisible();
  await expect(step.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(step).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Leave Room' })).toBeFocused();
  // Still on the room page, still a member.
  await expect(page).toHaveURL(new RegExp(`/rooms/room/${room.id}$`));
  await page.keyboard.press('Enter');
  await expect(step.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(step.getByRole('button', { name: 'Yes, leave room' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Leave Room' })).toBeFocused();
  expect(errors).toEqual([]);
  await context.close();
});

test('members: the role toast names the new role; removing asks first, naming the person', async ({
  browser,
  server,
}) => {
  const [owner, member, other] = await people(server.baseURL, 'owner', 'member', 'other');
  const room = await createRoom(server.baseURL, owner!, { name: `Statics ${Date.now()}` });
  for (const p of [member!, other!]) {
    await api(server.baseURL, 'POST', '/rooms/join', p.token, { code: room.code });
  }
  const { context, page, errors } = await signedInPage(browser, server.baseURL, owner!);
  await page.goto('/');
  const picture = await uploadAvatar(page, server.baseURL, member!);
  const rooms = new StudyRoomsScreen(page);
  await rooms.open();
  await rooms.openManage(room.name);
  const manage = new ManageRoomDialog(page);
  await expect(manage.members()).toHaveCount(3);
  // A member with an uploaded picture shows it; the others keep their initial.
  await expect(
    manage.members().filter({ hasText: member!.user.name }).getByTestId('member-avatar'),
  ).toHaveAttribute('src', picture);
  await expect(
    manage.members().filter({ hasText: other!.user.name }).getByTestId('member-avatar'),
  ).toHaveCount(0);

  await manage.root.getByLabel(`Role for ${member!.user.name}`).selectOption('admin');
  await expect(
    page.getByRole('status').getByText(`${member!.user.name} is now admin.`),
  ).toBeVisible();
  await manage.root.getByLabel(`Role for ${member!.user.name}`).selectOption('member');
  await expect(
    page.getByRole('status').getByText(`${member!.user.name} is now member.`),
  ).toBeVisible();

  // The role select shares the row with the name at desktop width.
  const row = manage.members().filter({ hasText: other!.user.name });
  const nameBox = (await row.getByText(other!.user.name, { exact: true }).boundingBox())!;
  const selectBox = (await row.getByLabel(`Role for ${other!.user.name}`).boundingBox())!;
  expect(
    Math.abs(selectBox.y + selectBox.height / 2 - (nameBox.y + nameBox.height / 2)),
  ).toBeLessThan(selectBox.height);

  // Remove asks first; Cancel keeps the member and returns focus to the button.
  const removeButton = row.getByRole('button', {
    name: `Remove ${other!.user.name} from the room`,
  });
  await removeButton.click();
  const confirm = row.getByRole('group', { name: `Confirm removing ${other!.user.name}` });
  await expect(confirm).toContainText(`Remove ${other!.user.name} from the room?`);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(removeButton).toBeFocused();
  await expect(manage.members()).toHaveCount(3);
  await removeButton.click();
  await confirm.getByRole('button', { name: `Remove ${other!.user.name}` }).click();
  await expect(
    page.getByRole('status').getByText(`${other!.user.name} was removed.`),
  ).toBeVisible();
  await expect(manage.members()).toHaveCount(2);
  expect(errors).toEqual([]);
  await context.close();
});

test('pending invitations are listed, re-sent and cancelled; a member cannot be invited', async ({
  browser,
  server,
}) => {
  const [owner, member] = await people(server.baseURL, 'owner', 'member');
  const room = await createRoom(server.baseURL, owner!, { name: `Acoustics ${Date.now()}` });
  await api(server.baseURL, 'POST', '/rooms/join', member!.token, { code: room.code });
  const { context, page, errors } = await signedInPage(browser, server.baseURL, owner!);
  const rooms = new StudyRoomsScreen(page);
  await rooms.open();
  await rooms.openManage(room.name);
  const manage = new ManageRoomDialog(page);
  await expect(manage.root.getByText('No invitations waiting for an answer.')).toBeVisible();

  const guest = newAccount('guest').email;
  await manage.invite(guest, 'admin');
  await expect(
    manage.root.getByText(`Invitation sent. We emailed a link to ${guest}.`),
  ).toBeVisible();
  await expect(manage.pending()).toHaveCount(1);
  await expect(manage.pending().first()).toContainText(guest);
  await expect(manage.pending().first()).toContainText(
    `Admin · invited by ${owner!.user.name} · expires`,
  );
  const firstLink = await invitationPath(server, guest);

  // The same address again: the same invitation, a fresh link, the old one dead.
  await manage.invite(guest, 'member');
  await expect(manage.root.getByText(`${guest} already had an invitation`)).toBeVisible();
  await expect(manage.pending()).toHaveCount(1);
  await expect(manage.pending().first()).toContainText('Member · invited by');
  await expect.poll(() => server.smtp.messages.filter((m) => m.to.includes(guest)).length).toBe(2);
  expect(
    (await fetch(`${server.baseURL}/api${firstLink.replace('/invite/', '/invitations/')}`)).status,
  ).toBe(404);

  await manage.root.getByRole('button', { name: `Resend the invitation to ${guest}` }).click();
  await expect(
    page.getByRole('status').getByText(`Invitation sent again to ${guest}.`),
  ).toBeVisible();
  await expect.poll(() => server.smtp.messages.filter((m) => m.to.includes(guest)).length).toBe(3);

  await manage.root.getByRole('button', { name: `Cancel the invitation to ${guest}` }).click();
  await expect(
    page.getByRole('status').getByText(`Invitation to ${guest} cancelled.`),
  ).toBeVisible();
  await expect(manage.root.getByText('No invitations waiting for an answer.')).toBeVisible();
  const lastLink = await invitationPath(server, guest);
  expect(
    (await fetch(`${server.baseURL}/api${lastLink.replace('/invite/', '/invitations/')}`)).status,
  ).toBe(404);

  // A current member: said so, nothing sent.
  await manage.invite(member!.user.email);
  await expect(
    manage.root.getByText('That person is already a member of this room.'),
  ).toBeVisible();
  await expect(manage.root.getByText(/Invitation sent/)).toHaveCount(0);
  // (The member's only mail is the one that verifies their address.)
  expect(
    server.smtp.messages.filter(
      (m) => m.to.includes(member!.user.email) && m.raw.replace(/=\r?\n/g, '').includes('/invite/'),
    ),
  ).toHaveLength(0);
  expect(errors).toEqual([]);
  await context.close();
});

test.describe('invitations for the wrong account and for someone without one', () => {
  test.use({ bypassCSP: true });

  test('a signed-in user with another e-mail sees why they cannot accept', async ({
    browser,
    server,
  }) => {
    const [owner, stranger] = await people(server.baseURL, 'owner', 'stranger');
    const room = await createRoom(server.baseURL, owner!, { name: `Mechanics ${Date.now()}` });
    const invited = newAccount('invited').email;
    await api(server.baseURL, 'POST', `/rooms/${room.id}/invitations`, owner!.token, {
      email: invited,
      role: 'member',
    });
    const path = await invitationPath(server, invited);
    const { context, page, errors } = await signedInPage(browser, server.baseURL, stranger!);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: "You're invited" })).toBeVisible();
    await expect(page).toHaveTitle(`Invitation to ${room.name} – StudyCircle`);
    await expect(
      page.getByText(
        `This invitation was sent to ${invited}, but you are signed in as ${stranger!.user.email}.`,
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accept Invitation' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign out and switch account' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign out and switch account' }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.searchParams.get('redirect') === path,
    );
    await expect(page.getByLabel('Email')).toHaveValue(invited);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('an invitee without an account is told who invited them where, and can register', async ({
    browser,
    server,
  }) => {
    const [owner] = await people(server.baseURL, 'owner');
    const room = await createRoom(server.baseURL, owner!, { name: `Fluids ${Date.now()}` });
    const invitee = newAccount('newcomer');
    await api(server.baseURL, 'POST', `/rooms/${room.id}/invitations`, owner!.token, {
      email: invitee.email,
      role: 'admin',
    });
    const path = await invitationPath(server, invitee.email);
    const context = await browser.newContext({ baseURL: server.baseURL });
    const page = await context.newPage();
    const errors = watchConsoleErrors(page);
    await page.goto(path);
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.searchParams.get('redirect') === path,
    );
    const notice = page.getByRole('region', { name: 'Your invitation' });
    await expect(notice).toContainText(
      `${owner!.user.name} invited ${invitee.email} to join the study room ${room.name} as an admin.`,
    );
    await expect(page.getByLabel('Email')).toHaveValue(invitee.email);
    await expect(page).toHaveTitle('Sign In – StudyCircle');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Create account' }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/register' && url.searchParams.get('redirect') === path,
    );
    await expect(page.getByRole('region', { name: 'Your invitation' })).toContainText(room.name);
    await expect(page.getByLabel('Email')).toHaveValue(invitee.email);
    await page.getByLabel('Full Name').fill(invitee.name);
    await page.getByLabel('Password', { exact: true }).fill(invitee.password);
    await page.getByRole('button', { name: /create account/i }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.searchParams.get('redirect') === path,
    );
    await expect(page.getByLabel('Email')).toHaveValue(invitee.email);
    await page.getByLabel('Password', { exact: true }).fill(invitee.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: "You're invited" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page).toHaveURL((url) => url.pathname === path);
    await page.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();

    // Reopening the mail's link later leads back to the room, not to "not found".
    await page.goto(path);
    await expect(page.getByText('You have already accepted this invitation.')).toBeVisible();
    await expect(page.getByText('Invitation not found or expired.')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Open room' }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/rooms/room/${room.id}`);
    await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });
});

test('focus returns to the opener after Escape on each dialog, menu and drawer; titles and route focus', async ({
  browser,
  server,
}) => {
  const [owner] = await people(server.baseURL, 'owner');
  const room = await createRoom(server.baseURL, owner!, { name: `Kinetics ${Date.now()}` });
  const { context, page, errors } = await signedInPage(browser, server.baseURL, owner!);
  await page.goto('/dashboard');
  // The first page of a fresh context loads its chunks; a busy CI machine can take a while.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle('Dashboard – StudyCircle');

  // A route change moves focus to the new page's heading.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rooms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Study Rooms' })).toBeFocused();
  await expect(page).toHaveTitle('Study Rooms – StudyCircle');

  for (const name of ['Create Room', 'Join Room']) {
    const opener = page.getByRole('button', { name }).first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }

  const options = page.getByRole('button', { name: `Room options for ${room.name}` });
  await options.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit room' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(options).toBeFocused();
  for (const item of ['Edit room', 'Delete room']) {
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: item }).click();
    const dialog = page.getByRole('dialog', {
      name: item === 'Edit room' ? 'Manage Room' : 'Delete Room',
    });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(options).toBeFocused();
  }

  // The dialog closes itself after its action: focus still goes back to the opener.
  const create = page.getByRole('button', { name: 'Create Room' }).first();
  await create.click();
  const dialog = page.getByRole('dialog', { name: 'Create Room' });
  await dialog.getByLabel('Room name').fill(`Waves ${Date.now()}`);
  await dialog.getByLabel('Subject').fill('Physics');
  await dialog.getByRole('button', { name: 'Create Room' }).click();
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();

  const account = page.getByRole('button', { name: /Account menu for/ });
  await account.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(account).toBeFocused();

  await page.getByRole('link', { name: `Open ${room.name}` }).click();
  await expect(page).toHaveTitle(`${room.name} – StudyCircle`);
  await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeFocused();

  // The drawer on a phone.
  await page.setViewportSize({ width: 390, height: 760 });
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await openMenu.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(openMenu).toBeFocused();
  expect(errors).toEqual([]);
  await context.close();
});

for (const width of [320, 390]) {
  test(`nothing scrolls sideways at ${width} px with a long room name, dialogs and drawer included`, async ({
    browser,
    server,
  }) => {
    const [owner, member] = await people(server.baseURL, 'owner', 'member');
    const room = await createRoom(server.baseURL, owner!, {
      name: LONG_NAME,
      description: LONG_DESCRIPTION,
      tags: ['thermodynamicsstatisticalmech', 'exam'],
    });
    await api(server.baseURL, 'POST', '/rooms/join', member!.token, { code: room.code });
    const invited = newAccount('invited-with-a-rather-long-address').email;
    await api(server.baseURL, 'POST', `/rooms/${room.id}/invitations`, owner!.token, {
      email: invited,
      role: 'member',
    });
    const { context, page, errors } = await signedInPage(browser, server.baseURL, owner!, width);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await noSidewaysScroll(page);

    const rooms = new StudyRoomsScreen(page);
    await rooms.open();
    const card = rooms.card(room.name);
    await expect(card).toBeVisible();
    await noSidewaysScroll(page);
    // The card's actions are on screen, not pushed off it.
    for (const control of [
      card.getByRole('button', { name: `Copy code for ${room.name}` }),
      card.getByRole('link', { name: `Open ${room.name}` }),
      card.getByRole('button', { name: `Room options for ${room.name}` }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await page.getByRole('button', { name: 'List view' }).click();
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: 'Grid view' }).click();

    await page.getByRole('button', { name: 'Create Room' }).first().click();
    await page.getByRole('dialog', { name: 'Create Room' }).getByLabel('Room name').fill(LONG_NAME);
    await fitsTheWindow(page, 'Create Room');
    await page.keyboard.press('Escape');

    await rooms.openManage(room.name);
    await expect(new ManageRoomDialog(page).pending()).toHaveCount(1);
    await fitsTheWindow(page, 'Manage Room');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Room options for ${room.name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete room' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Room' })
      .getByRole('button', { name: 'Delete room' })
      .click();
    await fitsTheWindow(page, 'Delete Room');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await fitsTheWindow(page, 'Menu');
    await page.keyboard.press('Escape');

    await card.getByRole('link', { name: `Open ${room.name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
    await noSidewaysScroll(page);

    const path = await invitationPath(server, invited);
    const guest = await signedInPage(browser, server.baseURL, member!, width);
    await guest.page.goto(path);
    await expect(guest.page.getByRole('heading', { name: "You're invited" })).toBeVisible();
    await noSidewaysScroll(guest.page);
    expect([...errors, ...guest.errors]).toEqual([]);
    await Promise.all([context.close(), guest.context.close()]);
  });
}

test("on a phone a page toast sits over the bar and covers none of the page's controls, wherever the page is scrolled", async ({
  browser,
  server,
}) => {
  const [owner, ...askers] = await people(server.baseURL, 'owner', 'ask1', 'ask2', 'ask3');
  const room = await createRoom(server.baseURL, owner!, { name: LONG_NAME, isPrivate: true });
  const { context, page, errors } = await signedInPage(browser, server.baseURL, owner!, 390);
  await page.goto(`/rooms/room/${room.id}`);
  await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
  await expect(page.locator('[data-join-request-alerts="listening"]')).toBeAttached();
  const bar = (await page.locator('header').first().boundingBox())!;
  let round = 0;
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 760 });
    for (const at of [0, 0.5, 1]) {
      // The top of the page, its middle, its end: each with controls at the window's edges.
      await page.evaluate(
        (share) => window.scrollTo(0, (document.body.scrollHeight - window.innerHeight) * share),
        at,
      );
      // Someone asks to join: the owner's page shows "... asks to join ..." with Accept.
      const asker = askers[round % askers.length]!;
      round += 1;
      await api(server.baseURL, 'POST', `/rooms/${room.id}/join-requests`, asker.token);
      const card = page.locator('div[role="status"][aria-live="polite"] li:not([hidden])');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(`${asker.user.name} asks to join`);
      const box = (await card.boundingBox())!;
      expect(box.y + box.height, 'the toast stays over the bar').toBeLessThanOrEqual(
        bar.y + bar.height,
      );
      expect(await controlsUnderToasts(page), `controls under the toast at ${width} px`).toEqual(
        [],
      );
      await noSidewaysScroll(page);
      await page.screenshot({ path: test.info().outputPath(`page-toast-${width}-${at}.png`) });
      await card.getByRole('button', { name: 'Dismiss notification' }).click();
      await expect(card).toHaveCount(0);
      await api(server.baseURL, 'DELETE', `/rooms/${room.id}/join-requests/mine`, asker.token);
    }
  }
  expect(errors).toEqual([]);
  await context.close();
});

test.describe("a private room's link opened by a non-member", () => {
  test.use({ bypassCSP: true });

  test('the call link lands on a page that names the room, takes its code or asks to join; the owner lets them in from the call; axe and 320 px in both themes', async ({
    browser,
    server,
  }) => {
    const [owner, stranger] = await people(server.baseURL, 'owner', 'stranger');
    const room = await createRoom(server.baseURL, owner!, {
      name: LONG_NAME,
      description: 'Secret plans',
      isPrivate: true,
    });
    const { context, page, errors } = await signedInPage(browser, server.baseURL, stranger!, 320);
    // The link Share Room copies.
    await page.goto(`/rooms/call/room/${room.id}`);
    await expect(page).toHaveURL(new RegExp(`/rooms/room/${room.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
    await expect(
      page.getByText('This room is private. Join it with its code or an invitation.'),
    ).toBeVisible();
    // The name, nothing more, and never a raw status.
    await expect(page.getByText('Secret plans')).toHaveCount(0);
    await expect(page.getByText(/403|Unable to open room/)).toHaveCount(0);
    await noSidewaysScroll(page);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);

    // A wrong code says so under the field.
    await page.getByLabel('Room code').fill('ZZZZZZ');
    await page.getByRole('button', { name: 'Join Room' }).click();
    await expect(page.getByText('Room not found or invalid code.')).toBeVisible();

    // Without the code: Ask to join. The owner, in the room's call, is told at once and accepts
    // from the toast (decision 0067); the asker is in, and joins the call.
    const host = await signedInPage(browser, server.baseURL, owner!);
    const hostCall = new CallScreen(host.page);
    await hostCall.open(room.id);
    await hostCall.expectInCall(1);
    await expect(host.page.locator('[data-join-request-alerts="listening"]')).toBeAttached();
    await page.getByRole('button', { name: 'Ask to join' }).click();
    await expect(page.getByText('Request sent.', { exact: false })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await expect(
      host.page.getByText(`${stranger!.user.name} asks to join ${LONG_NAME}.`),
    ).toBeVisible();
    await host.page.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(
      host.page.getByText(`${stranger!.user.name} can now open ${LONG_NAME}.`),
    ).toBeVisible();
    // The asker's page is told too, and opens the room.
    await expect(page.getByRole('button', { name: 'Join Video Call' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('Secret plans')).toBeVisible();
    await page.getByRole('button', { name: 'Join Video Call' }).click();
    await new CallScreen(page).joinNow();
    await hostCall.expectInCall(2);
    await expect(hostCall.remoteTile(stranger!.user.name)).toBeVisible();
    // The owner invites one more by e-mail without leaving the call; the mail goes out.
    await host.page.getByRole('button', { name: 'Invite', exact: true }).click();
    const callInvite = host.page.getByRole('dialog', { name: 'Invite people' });
    const guest = newAccount('guest').email;
    await callInvite.getByLabel('Email address').fill(guest);
    await callInvite.getByRole('button', { name: 'Send invite' }).click();
    await expect(
      callInvite.getByText(`Invitation sent. We emailed a link to ${guest}.`),
    ).toBeVisible();
    await invitationPath(server, guest);
    await host.page.keyboard.press('Escape');
    await page.goto(`/rooms/room/${room.id}`);

    // Now a member: Invite at the top gives the link and the code (dark theme, 320 px).
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const invite = page.getByRole('dialog', { name: 'Invite people' });
    await expect(invite.getByLabel('Room link')).toHaveValue(
      `${server.baseURL}/rooms/call/room/${room.id}`,
    );
    await expect(invite.getByText(room.code)).toBeVisible();
    await fitsTheWindow(page, 'Invite people');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Invite', exact: true })).toBeFocused();
    expect([...errors, ...host.errors]).toEqual([]);
    await Promise.all([context.close(), host.context.close()]);
  });
});

test.describe('accessibility of the signed-in screens (axe-core)', () => {
  test.use({ bypassCSP: true });

  test('dashboard, rooms list (grid and list), room page, Manage dialog and avatar menu', async ({
    browser,
    server,
  }) => {
    const [owner, member] = await people(server.baseURL, 'owner', 'member');
    const mine = await createRoom(server.baseURL, owner!, {
      name: `Optics ${Date.now()}`,
      description: '',
    });
    await createRoom(server.baseURL, owner!, {
      name: `Public ${Date.now()}`,
      description: LONG_DESCRIPTION,
      visibility: 'public',
      tags: ['exam'],
    });
    await createRoom(server.baseURL, member!, {
      name: `Theirs ${Date.now()}`,
      visibility: 'public',
    });
    await api(server.baseURL, 'POST', '/rooms/join', member!.token, { code: mine.code });
    const { context, page, errors } = await signedInPage(browser, server.baseURL, owner!);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);

    const rooms = new StudyRoomsScreen(page);
    await rooms.open();
    await expect(rooms.card(mine.name)).toBeVisible();
    await expect(page.getByRole('heading', { name: /Public Rooms/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'List view' }).click();
    expect(await axeViolations(page)).toEqual([]);

    await rooms.openManage(mine.name);
    const manage = new ManageRoomDialog(page);
    await expect(manage.members()).toHaveCount(2);
    await manage.invite(newAccount('axe').email);
    await expect(manage.pending()).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /Account menu for/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto(`/rooms/room/${mine.id}`);
    await expect(page.getByRole('heading', { level: 1, name: mine.name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    // The owner's Invite, with the e-mail invitation.
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(
      page.getByRole('dialog', { name: 'Invite people' }).getByLabel('Email address'),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await context.close();
  });
  test('with an uploaded picture: the header avatar beside the name adds no second name', async ({
    browser,
    server,
  }) => {
    const [owner] = await people(server.baseURL, 'pictured');
    const room = await createRoom(server.baseURL, owner!, { name: `Optics ${Date.now()}` });
    const { context, page, errors } = await signedInPage(browser, server.baseURL, owner!);
    await page.goto('/dashboard');
    await uploadAvatar(page, server.baseURL, owner!);
    const trigger = page.getByRole('button', { name: `Account menu for ${owner!.user.name}` });
    for (const path of ['/dashboard', '/dashboard/rooms', `/rooms/room/${room.id}`, '/profile']) {
      await page.goto(path);
      // Two steps, so a failure says whether the bar or only its picture was missing.
      await expect(trigger, `${path}: the account menu`).toBeVisible();
      await expect(trigger.locator('img'), `${path}: its picture`).toHaveAttribute('alt', '');
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), path).toEqual([]);
    }
    // The phone's drawer shows the picture beside the name too.
    await page.setViewportSize({ width: 390, height: 760 });
    await page.getByRole('button', { name: /open menu/i }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.locator('img')).toHaveAttribute('alt', '');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
