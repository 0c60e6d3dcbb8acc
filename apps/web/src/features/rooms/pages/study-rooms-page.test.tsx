import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StudyRoomsPage } from './study-rooms-page';
import { makeRoom, mockApi, renderAt } from '../testing/render';

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
  it('lists my rooms and public rooms, filters by search and status, and caches the list', async () => {
    mockApi({ 'GET /rooms': () => ({ body: { rooms: [OWNED, PUBLIC], nextCursor: null } }) });
    renderAt(<StudyRoomsPage />, { path: '/dashboard/rooms' });
    expect(await screen.findByRole('article', { name: 'Calculus Crew' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Physics Problem Sets' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('userRooms') ?? '[]')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('publicRooms') ?? '[]')).toHaveLength(1);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search rooms' }), 'physics');
    expect(screen.queryByRole('article', { name: 'Calculus Crew' })).not.toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search rooms' }));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'active');
    expect(screen.getByRole('article', { name: 'Calculus Crew' })).toBeInTheDocument();
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
      'GET /rooms': () => ({ body: { rooms: [OWNED], nextCursor: 'page-2' } }),
    });
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const cursor = new URL(String(input), 'http://localhost').searchParams.get('cursor');
      seen.push(cursor);
      const body = cursor
        ? { rooms: [older], nextCursor: null }
        : { rooms: [OWNED], nextCursor: 'page-2' };
      return new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json' },
      });
    });
    renderAt(<StudyRoomsPage />, { path: '/dashboard/rooms' });
    expect(await screen.findByRole('article', { name: 'Calculus Crew' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Older Room' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more rooms' }));
    expect(await screen.findByRole('article', { name: 'Older Room' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Calculus Crew' })).toBeInTheDocument();
    expect(seen).toEqual([null, 'page-2']);
    expect(screen.queryByRole('button', { name: 'Load more rooms' })).not.toBeInTheDocument();
  });

  it('toggles grid and list with aria-pressed', async () => {
    mockApi({ 'GET /rooms': () => ({ body: { rooms: [OWNED], nextCursor: null } }) });
    renderAt(<StudyRoomsPage />, { path: '/dashboard/rooms' });
    const grid = screen.getByRole('button', { name: 'Grid view' });
    const list = screen.getByRole('button', { name: 'List view' });
    expect(grid).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(list);
    expect(list).toHaveAttribute('aria-pressed', 'true');
    expect(grid).toHaveAttribute('aria-pressed', 'false');
  });

  it('opens Manage Room from the manageRoomId navigation state', async () => {
    mockApi({
      'GET /rooms': () => ({ body: { rooms: [OWNED], nextCursor: null } }),
      [`GET /rooms/${OWNED.id}/members`]: () => ({
        body: {
          members: [
            { id: 'o', name: 'Olivia', email: 'o@example.com', role: 'owner', joinedAt: '' },
            { id: 'm', name: 'Mo', email: 'm@example.com', role: 'member', joinedAt: '' },
          ],
        },
      }),
    });
    renderAt(<StudyRoomsPage />, {
      path: '/dashboard/rooms',
      state: { manageRoomId: OWNED.id },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Manage Room' });
    expect(within(dialog).getByLabelText('Room name')).toHaveValue('Calculus Crew');
    expect(await within(dialog).findByRole('combobox', { name: 'Role for Mo' })).toHaveValue(
      'member',
    );
    expect(within(dialog).getByRole('button', { name: 'Delete room' })).toBeInTheDocument();
  });

  it.each([
    ['create', 'Create Room'],
    ['join', 'Join Room'],
  ] as const)(
    'opens the %s dialog from the dashboard quick action state, once',
    async (openDialog, title) => {
      mockApi({ 'GET /rooms': () => ({ body: { rooms: [OWNED], nextCursor: null } }) });
      const { router } = renderAt(<StudyRoomsPage />, {
        path: '/dashboard/rooms',
        state: { openDialog },
      });
      expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
      // The state is consumed, so a reload or Back does not reopen the dialog.
      await waitFor(() => expect(router.state.location.state).toBeNull());
    },
  );

  it('shows a visible error when creating a room fails', async () => {
    mockApi({
      'GET /rooms': () => ({ body: { rooms: [], nextCursor: null } }),
      'POST /rooms': () => ({ status: 500, body: {} }),
    });
    renderAt(<StudyRoomsPage />, { path: '/dashboard/rooms' });
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
