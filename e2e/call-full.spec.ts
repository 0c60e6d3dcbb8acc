import { io, type Socket } from 'socket.io-client';
import { CALL_LIMIT } from '@studycircle/shared';
import { test, expect } from './fixtures';
import { CallScreen, roomWithMembers, signedInContext } from './pages/call';

/**
 * Call size (docs/product.md §7.10): a call holds 8. One person is in it with a browser, seven more
 * hold their places with bare Socket.IO clients (eight browsers with live video would swamp two
 * cores), and the ninth, in a browser, is told clearly that the call is full and can still chat.
 */

test.setTimeout(180_000);

test('the ninth person is told the call is full and can still use the chat', async ({
  browser,
  server,
}) => {
  const { room, users } = await roomWithMembers(server.baseURL, CALL_LIMIT + 1, 'full');
  const inCall = users[0]!;
  const ninth = users[CALL_LIMIT]!;

  const firstContext = await signedInContext(browser, server.baseURL, inCall);
  const first = new CallScreen(await firstContext.newPage());
  await first.open(room.id);
  await first.expectInCall(1);

  // Seven more fill the call without media: they join with the same event the page sends.
  const sockets: Socket[] = [];
  for (const user of users.slice(1, CALL_LIMIT)) {
    const socket = io(server.baseURL, {
      transports: ['websocket'],
      auth: { token: user.token },
      reconnection: false,
    });
    sockets.push(socket);
    const ack = (await socket
      .timeout(10_000)
      .emitWithAck('join-room', { roomId: room.id, name: user.name })) as { ok: boolean };
    expect(ack.ok).toBe(true);
  }
  await first.expectInCall(CALL_LIMIT);
  await expect(first.grid).toHaveAttribute('data-columns', '4');

  const ninthContext = await signedInContext(browser, server.baseURL, ninth);
  const ninthPage = await ninthContext.newPage();
  const nine = new CallScreen(ninthPage);
  await nine.open(room.id);
  await expect(ninthPage.getByRole('heading', { name: 'This call is full' })).toBeVisible();
  await expect(
    ninthPage.getByText(
      'Up to 8 people can be in a call at once. You can still use the room chat.',
    ),
  ).toBeVisible();
  // Turned away, the page holds no camera or microphone.
  await expect(nine.localTile).toHaveCount(0);
  // The others' call did not change.
  await first.expectInCall(CALL_LIMIT);

  await nine.chatInput.fill('Room is full, I will follow along here');
  await nine.chatInput.press('Enter');
  await expect(first.chat.getByText('Room is full, I will follow along here')).toBeVisible();

  for (const s of sockets) s.disconnect();
  await firstContext.close();
  await ninthContext.close();
});
