import { test, expect, watchForText } from './fixtures';
import { CallScreen, failOnConsoleErrors, roomWithMembers, signedInContext } from './pages/call';

/**
 * Three people in one call (issue 10): everyone sees both others' video, the count and grid
 * follow the rule, and the 2 -> 3 -> 2 transitions (the flakiest, in Jitsi's experience) keep
 * the remaining pair's call intact.
 */

test.setTimeout(420_000);

test('three people see each other; one leaves and the other two carry on', async ({
  browser,
  server,
}) => {
  const { room, users } = await roomWithMembers(server.baseURL, 3, 'trio');
  const pages = [];
  const contexts = [];
  for (const user of users) {
    const context = await signedInContext(browser, server.baseURL, user);
    contexts.push(context);
    const page = await context.newPage();
    pages.push({ user, page, call: new CallScreen(page), errors: failOnConsoleErrors(page) });
  }
  const [ann, bob, cat] = pages as [(typeof pages)[0], (typeof pages)[0], (typeof pages)[0]];

  await ann.call.open(room.id);
  await ann.call.expectInCall(1);
  await bob.call.open(room.id);
  await ann.call.expectVideoFrom(bob.user.name);
  await bob.call.expectVideoFrom(ann.user.name);

  await cat.call.open(room.id);
  for (const me of pages) {
    for (const other of pages) if (other !== me) await me.call.expectVideoFrom(other.user.name);
    await me.call.expectInCall(3);
    // 3 participants: still 2 columns; two remote tiles and the floating local preview.
    await expect(me.call.grid).toHaveAttribute('data-columns', '2');
    expect(await me.call.gridColumnCount()).toBe(2);
    await expect(me.call.grid.getByTestId('remote-tile')).toHaveCount(2);
  }

  // Cat's chat reaches both others.
  await cat.call.chatInput.fill('Hi both');
  await cat.call.chatInput.press('Enter');
  await expect(ann.call.chat.getByText('Hi both')).toBeVisible();
  await expect(bob.call.chat.getByText('Hi both')).toBeVisible();

  // Cat leaves with the Leave button: back to two, and their call is untouched.
  const annSawLeft = await watchForText(ann.page, `${cat.user.name} left`);
  // The toast lasts 3 s, which the rooms list's page load can outlast on a loaded machine: watched
  // from inside the page, it cannot be missed between two polls.
  const catSawLeaving = await watchForText(cat.page, 'Left study session.');
  await cat.call.control('Leave call').click();
  await expect(cat.page).toHaveURL(/\/dashboard\/rooms$/);
  await expect.poll(catSawLeaving).toBe(true);
  for (const me of [ann, bob]) {
    await me.call.expectInCall(2);
    await expect(me.call.remoteTile(cat.user.name)).toHaveCount(0);
  }
  expect(await annSawLeft()).toBe(true);
  await ann.call.expectVideoFrom(bob.user.name);
  await bob.call.expectVideoFrom(ann.user.name);

  // And back to three: Cat rejoins from the room page's Join Video Call.
  await cat.page.goto(`/rooms/room/${room.id}`);
  await cat.page.getByRole('button', { name: 'Join Video Call' }).click();
  await expect(cat.page).toHaveURL(new RegExp(`/rooms/call/room/${room.id}$`));
  for (const me of pages) {
    for (const other of pages) if (other !== me) await me.call.expectVideoFrom(other.user.name);
    await me.call.expectInCall(3);
  }

  for (const p of pages) p.errors();
  for (const c of contexts) await c.close();
});
