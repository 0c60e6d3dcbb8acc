import type { Browser, BrowserContext } from '@playwright/test';
import {
  test,
  expect,
  newAccount,
  registerViaApi,
  waitForMailLink,
  signInThroughUi,
} from './fixtures';
import { CallScreen } from './pages/call';
import { RoomScreen, StudyRoomsScreen } from './pages/rooms';

/**
 * Study rooms end to end (docs/product.md §5) with three people in three browser contexts: the
 * owner creates a room and copies its code, a classmate joins with the code typed sloppily (landing
 * in the room's call), the owner invites a third person by e-mail (caught by the fixture's real
 * SMTP server), who signs in through the invitation's redirect, accepts and lands in the room with
 * the invited role.
 */

async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
}

test.setTimeout(120_000);

test('create, copy the code, join by code, invite by email, accept with the invited role', async ({
  browser,
  server,
}) => {
  const owner = newAccount('owner');
  const member = newAccount('member');
  const invitee = newAccount('invitee');
  await Promise.all([owner, member, invitee].map((a) => registerViaApi(server.baseURL, a)));
  const roomName = `Calculus Crew ${Date.now().toString(36)}`;

  // Owner: signs in through the UI, creates a room and copies its code.
  const ownerContext = await newContext(browser, server.baseURL);
  const ownerPage = await ownerContext.newPage();
  await signInThroughUi(ownerPage, owner.email, owner.password);
  const ownerRooms = new StudyRoomsScreen(ownerPage);
  await ownerRooms.open();
  await ownerRooms.createRoom({
    name: roomName,
    subject: 'Mathematics',
    description: 'Limits, series and past papers.',
    tags: ['exam', ' exam ', 'week 3'],
  });
  const ownerCard = ownerRooms.card(roomName);
  await expect(ownerCard.getByRole('listitem')).toHaveText(['#exam', '#week 3']);
  await expect(ownerCard.getByText('1 member')).toBeVisible();
  await ownerCard.getByRole('button', { name: `Copy code for ${roomName}` }).click();
  await expect(ownerCard.getByRole('button', { name: `Copied code for ${roomName}` })).toHaveText(
    'Copied!',
  );
  const code = await ownerPage.evaluate(() => navigator.clipboard.readText());
  expect(code).toMatch(/^[A-Z0-9]{6,12}$/);
  await expect(ownerCard.getByText(code, { exact: true })).toBeVisible();
  // The copied state ends after 1.2 s.
  await expect(ownerCard.getByRole('button', { name: `Copy code for ${roomName}` })).toHaveText(
    'Copy',
  );

  // Second user: joins with the code in lower case, padded and split by spaces.
  const memberContext = await newContext(browser, server.baseURL);
  const memberPage = await memberContext.newPage();
  await signInThroughUi(memberPage, member.email, member.password);
  const memberRooms = new StudyRoomsScreen(memberPage);
  await memberRooms.open();
  const lower = code.toLowerCase();
  await memberRooms.joinWithCode(`  ${lower.slice(0, 3)} ${lower.slice(3)}  `);
  // Joining by code opens the room's call (/rooms/call/:roomId, docs/product.md §5.5) at its
  // pre-join step; Join now, and alone in it for now.
  await expect(memberPage).toHaveURL(/\/rooms\/call\/[0-9a-f]{24}$/);
  const roomId = new URL(memberPage.url()).pathname.split('/').at(-1)!;
  await new CallScreen(memberPage).joinNow();
  await new CallScreen(memberPage).expectInCall(1);
  await expect(memberPage).toHaveTitle(`${roomName} · Call · StudyCircle`);
  await memberPage.goto(`/rooms/room/${roomId}`);
  const memberRoom = new RoomScreen(memberPage);
  await memberRoom.expectRoom(roomName);
  await expect(memberRoom.members()).toHaveText('2 members');
  await expect(memberRoom.role()).toHaveText('Member');
  await expect(memberPage.getByRole('button', { name: 'Manage Room' })).toHaveCount(0);
  const roomUrl = memberPage.url();

  // A member sees the room in the list with no edit/delete menu and no Join button.
  await memberRooms.open();
  const memberCard = memberRooms.card(roomName);
  await expect(memberCard.getByText('2 members')).toBeVisible();
  await expect(memberCard.getByRole('button', { name: /room options/i })).toHaveCount(0);
  await expect(memberCard.getByRole('button', { name: /^join/i })).toHaveCount(0);

  // The owner sees two members too, and invites a third person by e-mail as an admin.
  await ownerRooms.open();
  await expect(ownerRooms.card(roomName).getByText('2 members')).toBeVisible();
  const manage = await ownerRooms.openManage(roomName);
  const memberList = manage.getByRole('list', { name: 'Room members' });
  await expect(memberList.getByRole('listitem')).toHaveCount(2);
  await expect(memberList).toContainText(owner.email);
  await expect(memberList).toContainText(member.email);
  await manage.getByLabel('Email address').fill(invitee.email);
  await manage.getByLabel('Role', { exact: true }).selectOption('admin');
  await manage.getByRole('button', { name: 'Send invite' }).click();
  await expect(manage.getByText(`We emailed a link to ${invitee.email}.`)).toBeVisible();

  const link = await waitForMailLink(server.smtp, invitee.email, '/invite/');
  const invitePath = new URL(link).pathname;

  // Third user: opens the link signed out, signs in through the redirect, accepts.
  const inviteeContext = await newContext(browser, server.baseURL);
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(invitePath);
  await expect(inviteePage).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('redirect') === invitePath,
  );
  await inviteePage.getByLabel('Email').fill(invitee.email);
  await inviteePage.getByLabel('Password', { exact: true }).fill(invitee.password);
  await inviteePage.getByRole('button', { name: 'Sign In' }).click();
  await expect(inviteePage).toHaveURL((url) => url.pathname === invitePath);
  await expect(inviteePage.getByRole('heading', { name: "You're invited" })).toBeVisible();
  const details = inviteePage.getByRole('definition');
  await expect(details).toContainText([roomName, owner.name, invitee.email, 'Admin']);
  await inviteePage.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(inviteePage.getByText(/Invitation accepted!/)).toBeVisible();
  await expect(inviteePage).toHaveURL(roomUrl);
  const inviteeRoom = new RoomScreen(inviteePage);
  await inviteeRoom.expectRoom(roomName);
  await expect(inviteeRoom.role()).toHaveText('Admin');
  await expect(inviteeRoom.members()).toHaveText('3 members');
  // Admins may manage the room, but only the owner has the card's edit/delete menu.
  await expect(inviteePage.getByRole('button', { name: 'Manage Room' })).toBeVisible();

  // The member leaves, after confirming; the owner then counts two members again.
  await memberPage.goto(new URL(roomUrl).pathname);
  await memberRoom.expectRoom(roomName);
  await memberPage.getByRole('button', { name: 'Leave Room' }).click();
  await memberPage.getByRole('button', { name: 'Yes, leave room' }).click();
  await expect(memberPage).toHaveURL((url) => url.pathname === '/dashboard/rooms');
  await expect(memberPage.getByText(`You left ${roomName}.`)).toBeVisible();
  await ownerRooms.open();
  await expect(ownerRooms.card(roomName).getByText('2 members')).toBeVisible();

  await Promise.all([ownerContext.close(), memberContext.close(), inviteeContext.close()]);
});
