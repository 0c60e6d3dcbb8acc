import { test, expect, watchForText } from './fixtures';
import { CallScreen, failOnConsoleErrors, roomWithMembers, signedInContext } from './pages/call';

/**
 * Three people in one call (docs/product.md §7.4): everyone sees both others' video, the count and
 * grid follow the rule, and the 2 -> 3 -> 2 transitions (the flakiest, in Jitsi's experience) keep
 * the remaining pair's call intact. At 1280x800 the tiles fill their columns and a shared screen
 * takes the large view for everyone, the presenter's camera still in view beside it. Raised hands form one queue, in the same order on every
 * screen (a newcomer on a phone included), and a phone with its chat closed previews a message.
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
    const context = await signedInContext(browser, server.baseURL, user, {
      viewport: { width: 1280, height: 800 },
    });
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

  // Each remote tile is at least 45% of the stage's width, side by side in the middle. Polled as
  // the names and widths on the stage, so a failure says what was there (a second tile of the same
  // person, a missing one, a narrow layout).
  for (const me of pages) {
    const others = pages.filter((other) => other !== me).map((other) => other.user.name);
    await expect
      .poll(async () =>
        (await me.call.remoteTileShares())
          .map(({ name, share }) => `${name}: ${share >= 0.45 ? 'wide' : `only ${share}`}`)
          .sort(),
      )
      .toEqual(others.map((name) => `${name}: wide`).sort());
    for (const name of others) {
      expect(Math.abs((await me.call.offCentre(me.call.remoteTile(name))).y)).toBeLessThan(0.05);
    }
  }

  // Bob shares his screen: it takes the large view for everyone, Bob included, with the others
  // in a strip beside it, Bob's camera among them and still moving; stopping brings the grid back.
  await bob.page.locator('body').click({ position: { x: 5, y: 200 } });
  await bob.page.keyboard.press('s');
  for (const me of pages) {
    const shared = me === bob ? me.call.localScreen : me.call.remoteScreen(bob.user.name);
    await expect(me.call.focusView.locator('figure')).toHaveAttribute('data-sharing', 'true');
    await expect(me.call.focusView).toContainText(
      me === bob ? 'You are sharing your screen' : 'Sharing screen',
    );
    expect(await me.call.widthShare(shared)).toBeGreaterThan(0.6);
    const strip = me.page.getByTestId('video-strip');
    await expect(strip.locator('figure')).toHaveCount(3);
    const presenter = me === bob ? me.call.localTile : me.call.remoteTile(bob.user.name);
    await expect(strip.locator(presenter)).toBeVisible();
    if (me !== bob) {
      await me.call.expectScreenFrom(bob.user.name);
      await me.call.expectVideoFrom(bob.user.name);
    }
  }
  await bob.page.keyboard.press('s');
  for (const me of pages) {
    await expect(me.call.focusView).toHaveCount(0);
    await expect(me.call.grid).toHaveAttribute('data-columns', '2');
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

  // Bob, then Ann, raise a hand while Cat is away: Ann hears of Bob's, and both hold the same
  // queue (docs/decisions/0063).
  const annSawBobsHand = await watchForText(ann.page, `${bob.user.name} raised a hand`);
  await bob.call.control('Raise hand').click();
  await expect.poll(annSawBobsHand).toBe(true);
  await ann.call.control('Raise hand').click();
  const queueOf = (me: { user: { name: string }; call: CallScreen }, names: string[]) =>
    expect(me.call.raisedHands).toHaveText(
      names.map((name, i) => `${i + 1}.${name === me.user.name ? 'You' : name}`),
    );
  await queueOf(ann, [bob.user.name, ann.user.name]);
  await queueOf(bob, [bob.user.name, ann.user.name]);

  // And back to three: Cat rejoins from the room page's Join Video Call, on a phone (390 px),
  // where the chat starts closed. Cat is handed the queue as it stands.
  await cat.page.setViewportSize({ width: 390, height: 844 });
  await cat.page.goto(`/rooms/room/${room.id}`);
  await cat.page.getByRole('button', { name: 'Join Video Call' }).click();
  await expect(cat.page).toHaveURL(new RegExp(`/rooms/call/room/${room.id}$`));
  await cat.call.joinNow();
  for (const me of pages) {
    for (const other of pages) if (other !== me) await me.call.expectVideoFrom(other.user.name);
    await me.call.expectInCall(3);
  }
  await queueOf(cat, [bob.user.name, ann.user.name]);
  await cat.call.control('Raise hand').click();
  for (const me of pages) await queueOf(me, [bob.user.name, ann.user.name, cat.user.name]);
  await expect(cat.call.handQueue).toBeInViewport();

  // Ann writes while Cat's chat is closed: Cat sees a preview and a count on the Chat button,
  // and opening the chat clears it.
  const chatButton = cat.call.control('Chat');
  await expect(chatButton).toHaveAttribute('aria-pressed', 'false');
  await expect(cat.call.chat).toHaveCount(0);
  const catSawPreview = await watchForText(cat.page, `${ann.user.name}: Bob first, then me`);
  await ann.call.chatInput.fill('Bob first, then me');
  await ann.call.chatInput.press('Enter');
  await expect.poll(catSawPreview).toBe(true);
  const unread = cat.call.control('Chat, 1 unread');
  await expect(unread).toBeVisible();
  await unread.click();
  await expect(cat.call.chat.getByText('Bob first, then me')).toBeVisible();
  await expect(chatButton).toHaveAttribute('aria-pressed', 'true');

  // Bob lowers his hand: he leaves the queue, the others keep their order, on every screen.
  await bob.call.control('Raise hand').click();
  for (const me of pages) await queueOf(me, [ann.user.name, cat.user.name]);

  for (const p of pages) p.errors();
  for (const c of contexts) await c.close();
});
