import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JoinRoomDialog } from './join-room-dialog';
import { mockApi, renderPage } from '../../../test/render';
import { makeRoom } from '../../../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

const open = () => renderPage(<JoinRoomDialog open onOpenChange={() => {}} />);

describe('JoinRoomDialog', () => {
  it('blocks an empty or blank code', async () => {
    const { calls } = mockApi({});
    open();
    const submit = screen.getByRole('button', { name: 'Join Room' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Room code'), '   ');
    expect(submit).toBeDisabled();
    expect(calls).toHaveLength(0);
  });

  it("sends the code trimmed and upper-cased, then opens the room's call with the room", async () => {
    const room = makeRoom({ isMember: true });
    const { calls } = mockApi({ 'POST /api/rooms/join': () => ({ body: { room } }) });
    const { currentLocation } = open();
    await userEvent.type(screen.getByLabelText('Room code'), '  abc234 {enter}');
    await waitFor(() => expect(currentLocation().pathname).toBe(`/rooms/call/${room.id}`));
    // The call page takes the room from navigation state instead of loading it again.
    const state = currentLocation().state as { room?: { id: string; name: string } } | null;
    expect(state?.room).toMatchObject({ id: room.id, name: room.name });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/rooms/join',
      body: { code: 'ABC234' },
    });
  });

  it('goes straight to the call when there is no room but the code is a 24-hex id', async () => {
    mockApi({ 'POST /api/rooms/join': () => ({ body: {} }) });
    const { currentLocation } = open();
    await userEvent.type(screen.getByLabelText('Room code'), '0123456789ABCDEF01234567{enter}');
    await waitFor(() =>
      expect(currentLocation().pathname).toBe('/rooms/call/0123456789abcdef01234567'),
    );
  });

  it("shows the server's message, else the product's fallbacks", async () => {
    mockApi({
      'POST /api/rooms/join': () => ({
        status: 400,
        body: { message: 'This room is full.', error: 'This room is full.', code: 'X' },
      }),
    });
    open();
    await userEvent.type(screen.getByLabelText('Room code'), 'full12{enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This room is full.');

    mockApi({ 'POST /api/rooms/join': () => ({ status: 404, body: {} }) });
    await userEvent.click(screen.getByRole('button', { name: 'Join Room' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Room not found or invalid code.'),
    );

    mockApi({ 'POST /api/rooms/join': () => ({ status: 502, body: {} }) });
    await userEvent.click(screen.getByRole('button', { name: 'Join Room' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Invalid room code or an error occurred while joining.',
      ),
    );
  });
});
