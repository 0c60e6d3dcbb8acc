import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StudyRoomsPage } from './study-rooms-page';
import { mockApi, renderPage } from '../../../test/render';
import { makeRoom } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const OWNED = makeRoom({ userRole: 'owner', name: 'Calculus Crew' });
const PUBLIC = makeRoom({
  id: 'fedcba9876543210fedcba98',
  name: 'Physics Problem Sets',
  subject: 'Physics',
  status: 'break',
  isMember: false,
  userRole: null,
});

describe('StudyRoomsPage', () => {
  it('lists my rooms and public rooms, and caches the list', async () => {
    mockApi({ 'GET /api/rooms': () => ({ body: { rooms: [OWNED, PUBLIC], nextCursor: null } }) });
    renderPage(<StudyRoomsPage />, { url: '/dashboard/rooms' });
    expect(await screen.findByRole('article', { name: 'Calculus Crew' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Physics Problem Sets' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('userRooms') ?? '[]')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('publicRooms') ?? '[]')).toHaveLength(1);
  });

  it('asks the server to search and filter, once typing pauses, and shows only its answer', async () => {
    const asked: { q: string | null; status: string | null }[] = [];
    // The server's own rule, in small: name, subject or tag contains q; status matches.
    const { fetchMock } = mockApi({});
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      // Only the rooms list itself: the cards' call presence is asked for on its own path.
      if (url.pathname !== '/api/rooms') {
        return new Response(JSON.stringify({ presence: [] }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      const params = url.searchParams;
      const q = params.get('q');
      const status = params.get('status');
      asked.push({ q, status });
      const rooms = [OWNED, PUBLIC].filter(
        (room) =>
          (!q || `${room.name} ${room.subject}`.toLowerCase().includes(q.toLowerCase())) &&
          (!status || room.status === status),
      );
      return new Response(JSON.stringify({ rooms, nextCursor: null }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    renderPage(<StudyRoomsPage />, { url: '/dashboard/rooms' });
    expect(await screen.findByRole('article', { name: 'Calculus Crew' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search rooms' }), 'physics');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Calculus Crew' })).not.toBeInTheDocument(),
    );
    expect(
      await screen.findByRole('article', { name: 'Physics Problem Sets' }),
    ).toBeInTheDocument();
    // One request for the whole word, not one per key.
    expect(asked.filter((a) => a.q !== null)).toEqual([{ q: 'physics', status: null }]);

    await user.clear(screen.getByRole('searchbox', { name: 'Search rooms' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    await waitFor(() => expect(asked.at(-1)).toEqual({ q: null, status: 'active' }));
    expect(await screen.findByRole('article', { name: 'Calculus Crew' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: 'Physics Problem Sets' }),
      ).not.toBeInTheDocument(),
    );
    // Search results never overwrite the cached first page other screens read.
    expect(JSON.parse(localStorage.getItem('publicRooms') ?? '[]')).toHaveLength(1);
  });

  it('never shows a cached room the search did not return', async () => {
    localStorage.setItem('publicRooms', JSON.stringify([PUBLIC]));
    let answerSearch: () => void = () => undefined;
    const { fetchMock } = mockApi({});
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const q = new URL(String(input), 'http://localhost').searchParams.get('q');
      // The search answer waits, so the screen in between can be checked.
      if (q) await new Promise<void>((resolve) => (answerSearch = resolve));
      const rooms = q ? [] : [OWNED, PUBLIC];
      return new Response(JSON.stringify({ rooms, nextCursor: null }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    renderPage(<StudyRoomsPage />, { url: '/dashboard/rooms' });
    expect(await screen.findByRole('article', { name: 'Calculus Crew' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search rooms' }), 'physics');
    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: 'Physics Problem Sets' }),
      ).not.toBeInTheDocument(),
    );
    answerSearch();
    expect(await screen.findByText('No rooms match your search')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Physics Problem Sets' })).not.toBeInTheDocument();
  });

  it('loads the next page of rooms on Load more rooms, then hides the button', async () => {
    const older = {
      ...PUBLIC,
      id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      name: 'Older Room',
    };
    const seen: (string | null)[] = [];
    const { fetchMock } = mockApi({
      'GET /api/rooms': () => ({ body: { rooms: [OWNED], nextCursor: 'page-2' } }),
    });
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      // The cards' call presence is asked for separately; only the list's pages count here.
      if (url.pathname === '/api/rooms/presence')
        return new Response(JSON.stringify({ presence: [] }), {
          headers: { 'content-type': 'application/json' },
        });
      const cursor = url.searchParams.get('cursor');
      seen.push(cursor);
      const body = cursor
        ? { rooms: [older], nextCursor: null }
        : { rooms: [OWNED], nextCursor: 'page-2' };
      return new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      });
    });
    renderPage(<StudyRoomsPage />, { url: '/dashboard/rooms' });
    expect(await screen.findByRole('article', { name: 'Calculus Crew' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Older Room' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more rooms' }));
    expect(await screen.findByRole('article', { name: 'Older Room' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Calculus Crew' })).toBeInTheDocument();
    expect(seen).toEqual([null, 'page-2']);
    expect(screen.queryByRole('button', { name: 'Load more rooms' })).not.toBeInTheDocument();
  });

  it('toggles grid and list with aria-pressed', async () => {
    mockApi({ 'GET /api/rooms': () => ({ body: { rooms: [OWNED], nextCursor: null } }) });
    renderPage(<StudyRoomsPage />, { url: '/dashboard/rooms' });
    const grid = screen.getByRole('button', { name: 'Grid view' });
    const list = screen.getByRole('button', { name: 'List view' });
    expect(grid).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(list);
    expect(list).toHaveAttribute('aria-pressed', 'true');
    expect(grid).toHaveAttribute('aria-pressed', 'false');
  });

  it('opens Manage Room from the manageRoomId navigation state', async () => {
    mockApi({
      'GET /api/rooms': () => ({ body: { rooms: [OWNED], nextCursor: null } }),
      [`GET /api/rooms/${OWNED.id}/members`]: () => ({
        body: {
          members: [
            { id: 'o', name: 'Olivia', email: 'o@example.com', role: 'owner', joinedAt: '' },
            { id: 'm', name: 'Mo', email: 'm@example.com', role: 'member', joinedAt: '' },
          ],
        },
      }),
    });
    renderPage(<StudyRoomsPage />, {
      url: '/dashboard/rooms',
      state: { manageRoomId: OWNED.id },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Manage Room' });
    expect(within(dialog).getByLabelText('Room name')).toHaveValue('Calculus Crew');
    expect(await within(dialog).findByRole('combobox', { name: 'Role for Mo' })).toHaveValue(
      'member',
    );
    expect(within(dialog).getByRole('button', { name: 'Delete room' })).toBeInTheDocument();
  });

  it('opens Manage Room for a room that is not in the loaded list, by loading it', async () => {
    mockApi({
      'GET /api/rooms': () => ({ body: { rooms: [], nextCursor: null } }),
      [`GET /api/rooms/${OWNED.id}`]: () => ({ body: { room: OWNED } }),
      [`GET /api/rooms/${OWNED.id}/members`]: () => ({ body: { members: [] } }),
      [`GET /api/rooms/${OWNED.id}/invitations`]: () => ({ body: { invitations: [] } }),
    });
    renderPage(<StudyRoomsPage />, {
      url: '/dashboard/rooms',
      state: { manageRoomId: OWNED.id },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Manage Room' });
    expect(within(dialog).getByLabelText('Room name')).toHaveValue('Calculus Crew');
  });

  it.each([
    ['create', 'Create Room'],
    ['join', 'Join Room'],
  ] as const)(
    'opens the %s dialog from the dashboard quick action state, once',
    async (openDialog, title) => {
      mockApi({ 'GET /api/rooms': () => ({ body: { rooms: [OWNED], nextCursor: null } }) });
      const { currentLocation } = renderPage(<StudyRoomsPage />, {
        url: '/dashboard/rooms',
        state: { openDialog },
      });
      expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
      // The state is consumed, so a reload or Back does not reopen the dialog.
      await waitFor(() => expect(currentLocation().state).toBeNull());
    },
  );

  it('clears "Room name is required" once a name is typed, and the form’s next problem takes its place', async () => {
    mockApi({ 'GET /api/rooms': () => ({ body: { rooms: [], nextCursor: null } }) });
    renderPage(<StudyRoomsPage />, { url: '/dashboard/rooms' });
    expect(await screen.findByRole('heading', { name: 'No study rooms yet' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Create Room' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Create Room' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Room name is required');
    await userEvent.type(within(dialog).getByLabelText('Room name'), 'C');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Subject is required');
    await userEvent.type(within(dialog).getByLabelText('Subject'), 'S');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a visible error when creating a room fails', async () => {
    mockApi({
      'GET /api/rooms': () => ({ body: { rooms: [], nextCursor: null } }),
      'POST /api/rooms': () => ({ status: 500, body: {} }),
    });
    renderPage(<StudyRoomsPage />, { url: '/dashboard/rooms' });
    expect(await screen.findByRole('heading', { name: 'No study rooms yet' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Create Room' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Create Room' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Room name is required');
    await userEvent.type(within(dialog).getByLabelText('Room name'), 'Chemistry');
    await userEvent.type(within(dialog).getByLabelText('Subject'), 'Science');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Room' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Could not create the room. Please try again.',
      ),
    );
  });
});
