import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../ui/toast';
import { RoomPage } from './room-page';
import { mockApi, renderPage } from '../../test/render';
import { makeRoom } from '../../test/fixtures';

vi.mock('../../lib/socket', async () =>
  (await import('../../test/fake-socket')).fakeSocketModule(),
);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ID = '0123456789abcdef01234567';
const show = (over: Parameters<typeof makeRoom>[0] = {}, extraState: object = {}) =>
  renderPage(<RoomPage />, {
    url: `/rooms/room/${ID}`,
    pattern: '/rooms/room/:roomId',
    state: { room: makeRoom(over), ...extraState },
  });

describe('RoomPage (the room page as app/room/ composes it)', () => {
  it('shows the room, its age, code and the role from navigation state without loading it', () => {
    const { calls } = mockApi({});
    show({ userRole: 'member', members: 2 });
    expect(screen.getByRole('heading', { name: 'Calculus Crew' })).toBeInTheDocument();
    expect(screen.getByText('2 members')).toBeInTheDocument();
    expect(screen.getByText('2 hours ago')).toBeInTheDocument();
    expect(screen.getByText('ABC234')).toBeInTheDocument();
    expect(screen.getByText('Member')).toBeInTheDocument();
    for (const name of ['Join Video Call', 'Open Chat', 'View Notes', 'Share Room']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    // The room itself is not fetched again; a member's page loads only the room's workspace
    // (its shares and its files).
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      `GET /api/rooms/${ID}/files`,
      `GET /api/rooms/${ID}/workspace`,
    ]);
  });

  it.each([ID.toUpperCase(), 'abc234', 'Calculus-Crew'])(
    'takes the room from navigation state when the link names it in any case: %s',
    (key) => {
      const { calls } = mockApi({});
      renderPage(<RoomPage />, {
        url: `/rooms/room/${key}`,
        pattern: '/rooms/room/:roomId',
        state: { room: makeRoom({ userRole: 'member' }) },
      });
      expect(screen.getByRole('heading', { name: 'Calculus Crew' })).toBeInTheDocument();
      expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
        `GET /api/rooms/${ID}/files`,
        `GET /api/rooms/${ID}/workspace`,
      ]);
    },
  );

  it.each([
    ['owner', true],
    ['admin', true],
    ['member', false],
  ] as const)('Manage Room for %s: %s', (userRole, visible) => {
    mockApi({});
    show({ userRole });
    expect(Boolean(screen.queryByRole('button', { name: 'Manage Room' }))).toBe(visible);
  });

  it('Manage Room goes to the list with the room id in state', async () => {
    mockApi({});
    const { currentLocation } = show({ userRole: 'admin' });
    await userEvent.click(screen.getByRole('button', { name: 'Manage Room' }));
    expect(currentLocation().pathname).toBe('/dashboard/rooms');
    expect(currentLocation().state).toEqual({ manageRoomId: ID });
  });

  it('offers Join Room, not the call, to a non-member of a public room', () => {
    const { calls } = mockApi({});
    show({ isMember: false, userRole: null });
    expect(screen.getByRole('button', { name: 'Join Room' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Video Call' })).not.toBeInTheDocument();
    expect(screen.getByText('Not a member')).toBeInTheDocument();
    // The workspace is for members only (docs/product.md §5.13): not shown, not even asked for.
    expect(screen.queryByRole('heading', { name: 'Workspace' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows a member the room’s Workspace', async () => {
    mockApi({ [`GET /api/rooms/${ID}/workspace`]: { body: { items: [] } } });
    show({ userRole: 'member' });
    expect(screen.getByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    expect(await screen.findByText(/Nothing shared yet/)).toBeInTheDocument();
  });

  it('Join Video Call reads Joining... and navigates to the call', async () => {
    mockApi({});
    const { currentLocation } = show();
    await userEvent.click(screen.getByRole('button', { name: 'Join Video Call' }));
    expect(currentLocation().pathname).toBe(`/rooms/call/room/${ID}`);
  });

  it('Copy in the Room Code box reads Copied! for 1.2 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.resolve() } });
    mockApi({});
    show();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1200));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('Share Room uses the share sheet with the product payload', async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share });
    mockApi({});
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Share Room' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Calculus Crew',
      text: 'Join my room',
      url: `${window.location.origin}/rooms/call/room/${ID}`,
    });
  });

  it('Share Room without a share sheet copies the link and confirms for 1.2 s', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    mockApi({});
    show();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Share Room' })));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/rooms/call/room/${ID}`);
    expect(screen.getByText('Room link copied to clipboard.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1200));
    expect(screen.queryByText('Room link copied to clipboard.')).not.toBeInTheDocument();
  });

  it('loads the room with a spinner when none was passed, by code too', async () => {
    const room = makeRoom({ userRole: 'owner' });
    mockApi({ 'GET /api/rooms/ABC234': () => ({ body: { room } }) });
    renderPage(<RoomPage />, { url: '/rooms/room/ABC234', pattern: '/rooms/room/:roomId' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading room…');
    expect(await screen.findByRole('heading', { name: 'Calculus Crew' })).toBeInTheDocument();
    expect(screen.getByText('Owner')).toBeInTheDocument();
  });

  it('redirects to the back target when the room cannot be loaded', async () => {
    mockApi({ 'GET /api/rooms/nope12': () => ({ status: 404, body: {} }) });
    const { currentLocation } = renderPage(<RoomPage />, {
      url: '/rooms/room/nope12',
      pattern: '/rooms/room/:roomId',
      state: { backTo: '/dashboard' },
    });
    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard'));
  });

  it('a private room’s link opened by a non-member names the room, takes its code and opens it', async () => {
    const forbidden = {
      status: 403,
      body: {
        message: 'This room is private. Join it with its code or an invitation.',
        error: 'This room is private. Join it with its code or an invitation.',
        code: 'FORBIDDEN',
      },
    };
    let joined = false;
    const { calls } = mockApi({
      [`GET /api/rooms/${ID}`]: () =>
        joined ? { body: { room: makeRoom({ userRole: 'member' }) } } : forbidden,
      [`GET /api/rooms/${ID}/preview`]: () => ({
        body: { room: { id: ID, name: 'Calculus Crew', isPrivate: true, isMember: false } },
      }),
      'POST /api/rooms/join': () => {
        joined = true;
        return { body: { room: makeRoom({ userRole: 'member' }) } };
      },
    });
    const { currentLocation } = renderPage(<RoomPage />, {
      url: `/rooms/room/${ID}`,
      pattern: '/rooms/room/:roomId',
    });
    expect(await screen.findByRole('heading', { name: 'Calculus Crew' })).toBeInTheDocument();
    expect(
      screen.getByText('This room is private. Join it with its code or an invitation.'),
    ).toBeInTheDocument();
    // No raw status, no redirect away, nothing of the room beyond its name.
    expect(screen.queryByText(/403/)).toBeNull();
    expect(screen.queryByText('ABC234')).toBeNull();
    expect(currentLocation().pathname).toBe(`/rooms/room/${ID}`);

    await userEvent.type(screen.getByLabelText('Room code'), 'abc234');
    await userEvent.click(screen.getByRole('button', { name: 'Join Room' }));
    expect(await screen.findByRole('button', { name: 'Join Video Call' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ code: 'ABC234' });
  });

  it('Invite, at the top, gives the link and the code; the owner and admins invite by e-mail too', async () => {
    mockApi({});
    show({ userRole: 'owner' });
    const invite = screen.getByRole('button', { name: 'Invite' });
    await userEvent.click(invite);
    const dialog = screen.getByRole('dialog', { name: 'Invite people' });
    expect(within(dialog).getByLabelText('Room link')).toHaveValue(
      `${window.location.origin}/rooms/call/room/${ID}`,
    );
    expect(within(dialog).getByText('ABC234')).toBeInTheDocument();
    expect(within(dialog).getByRole('form', { name: 'Invite by email' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    // Focus goes back to the button that opened it.
    await waitFor(() => expect(invite).toHaveFocus());
  });

  it('a member’s Invite gives the link and the code, and says who invites by e-mail', async () => {
    mockApi({});
    show({ userRole: 'member' });
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    const asMember = screen.getByRole('dialog', { name: 'Invite people' });
    expect(within(asMember).queryByRole('form', { name: 'Invite by email' })).toBeNull();
    expect(
      within(asMember).getByText(
        'The owner and admins can also invite by e-mail, from Manage Room.',
      ),
    ).toBeInTheDocument();
  });

  it('a public room seen by a non-member offers Join Room, not Invite', () => {
    mockApi({});
    show({ userRole: null, isMember: false, isPrivate: false, visibility: 'public' });
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Join Room' })).toBeInTheDocument();
  });

  it('Ask to join sends a request, says so, and opens the room once the owner accepts', async () => {
    let admitted = false;
    let asked = false;
    const { calls } = mockApi({
      [`GET /api/rooms/${ID}`]: () =>
        admitted
          ? { body: { room: makeRoom({ userRole: 'member' }) } }
          : { status: 403, body: { message: 'Private', code: 'FORBIDDEN' } },
      [`GET /api/rooms/${ID}/preview`]: () => ({
        body: {
          room: {
            id: ID,
            name: 'Calculus Crew',
            isPrivate: true,
            isMember: admitted,
            requested: asked && !admitted,
          },
        },
      }),
      [`POST /api/rooms/${ID}/join-requests`]: () => {
        asked = true;
        return { status: 201, body: { ok: true } };
      },
    });
    render(<Toaster />);
    renderPage(<RoomPage />, { url: `/rooms/room/${ID}`, pattern: '/rooms/room/:roomId' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ask to join' }));
    expect(
      await screen.findByText(
        'Request sent. You will get in when the owner or an admin accepts it.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/rooms/${ID}/join-requests`,
    ]);
    // The owner accepts: the page's next look finds a member and shows the room.
    admitted = true;
    expect(
      await screen.findByRole('button', { name: 'Join Video Call' }, { timeout: 8_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("You're in: Calculus Crew.")).toBeInTheDocument();
  }, 15_000);

  it('the owner sees requests to join at the top and accepts one', async () => {
    let waiting = [{ userId: 'u-ann', name: 'Ann Asker', createdAt: new Date().toISOString() }];
    const { calls } = mockApi({
      [`GET /api/rooms/${ID}/join-requests`]: () => ({ body: { requests: waiting } }),
      [`POST /api/rooms/${ID}/join-requests/u-ann/accept`]: () => {
        waiting = [];
        return { body: { ok: true } };
      },
    });
    render(<Toaster />);
    show({ userRole: 'owner' });
    const section = await screen.findByRole('region', { name: '1 request to join' });
    expect(within(section).getByText('Ann Asker')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Accept Ann Asker' }));
    expect(await screen.findByText('Ann Asker is now a member.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /request to join/ })).toBeNull(),
    );
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/u-ann/accept'))).toBe(true);
  });

  it('a plain member is not shown requests to join, nor asked for them', () => {
    const { calls } = mockApi({});
    show({ userRole: 'member' });
    expect(calls.some((c) => c.path.includes('join-requests'))).toBe(false);
  });

  it('Back to Rooms on that page returns to the back target', async () => {
    mockApi({
      [`GET /api/rooms/${ID}`]: () => ({
        status: 403,
        body: { message: 'Private', code: 'FORBIDDEN' },
      }),
      [`GET /api/rooms/${ID}/preview`]: () => ({ status: 500, body: {} }),
    });
    const { currentLocation } = renderPage(<RoomPage />, {
      url: `/rooms/room/${ID}`,
      pattern: '/rooms/room/:roomId',
      state: { backTo: '/dashboard' },
    });
    // Without the name (the preview failed) the page still says what it is.
    expect(
      await screen.findByRole('heading', { name: 'This room is private' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Rooms' }));
    expect(currentLocation().pathname).toBe('/dashboard');
  });

  it.each([
    ['owner', false],
    ['admin', true],
    ['member', true],
  ] as const)('Leave Room for %s: %s', (userRole, visible) => {
    mockApi({});
    show({ userRole });
    expect(Boolean(screen.queryByRole('button', { name: 'Leave Room' }))).toBe(visible);
  });

  it('Leave Room asks first, then leaves, forgets the room and returns to the list', async () => {
    localStorage.setItem('userRooms', JSON.stringify([makeRoom({ userRole: 'member' })]));
    const { calls } = mockApi({ [`POST /api/rooms/${ID}/leave`]: () => ({ body: { ok: true } }) });
    const { currentLocation } = show({ userRole: 'member' });
    await userEvent.click(screen.getByRole('button', { name: 'Leave Room' }));
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, leave room' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard/rooms'));
    expect(
      calls
        .filter((c) => c.method !== 'GET')
        .map(({ method, path, body }) => ({ method, path, body })),
    ).toEqual([{ method: 'POST', path: `/api/rooms/${ID}/leave`, body: undefined }]);
    expect(JSON.parse(localStorage.getItem('userRooms') ?? '[]')).toEqual([]);
  });

  it('Leave Room shows the server message when leaving fails and stays', async () => {
    mockApi({
      [`POST /api/rooms/${ID}/leave`]: () => ({
        status: 403,
        body: { message: 'Only members can do that.', error: 'Forbidden', code: 'FORBIDDEN' },
      }),
    });
    render(<Toaster />);
    show({ userRole: 'member' });
    await userEvent.click(screen.getByRole('button', { name: 'Leave Room' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, leave room' }));
    expect(await screen.findByText('Only members can do that.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Calculus Crew' })).toBeInTheDocument();
  });

  it('Close returns to the default back target', async () => {
    mockApi({});
    const { currentLocation } = show();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(currentLocation().pathname).toBe('/dashboard/rooms');
  });
});
