import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../../../ui/toast';
import { makeRoom } from '../../../../test/fixtures';
import { mockApi, renderPage } from '../../../../test/render';
import { DeleteRoomSection } from './delete-room-section';

afterEach(() => vi.unstubAllGlobals());

const ROOM = makeRoom({ userRole: 'owner' });
const DELETE_ROOM = `DELETE /api/rooms/${ROOM.id}`;

function showSection() {
  const onDeleted = vi.fn();
  renderPage(
    <>
      <Toaster />
      <DeleteRoomSection room={ROOM} onDeleted={onDeleted} />
    </>,
  );
  return onDeleted;
}

const confirmGroup = () => screen.queryByRole('group', { name: 'Confirm deleting Calculus Crew' });

describe('DeleteRoomSection', () => {
  it('asks first, with the keyboard on Cancel; Cancel goes back to Delete room', async () => {
    const { calls } = mockApi({});
    const onDeleted = showSection();
    await userEvent.click(screen.getByRole('button', { name: 'Delete room' }));
    const group = confirmGroup()!;
    expect(group).toHaveTextContent('Delete “Calculus Crew” for everyone?');
    expect(within(group).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await userEvent.click(within(group).getByRole('button', { name: 'Cancel' }));
    expect(confirmGroup()).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete room' })).toHaveFocus());
    expect(calls).toHaveLength(0);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('Yes, delete room deletes it, says so and closes', async () => {
    const { calls } = mockApi({ [DELETE_ROOM]: { body: { ok: true } } });
    const onDeleted = showSection();
    await userEvent.click(screen.getByRole('button', { name: 'Delete room' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete room' }));
    expect(await screen.findByText('Room deleted.')).toBeInTheDocument();
    expect(onDeleted).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(DELETE_ROOM);
  });

  it("a refused deletion shows the server's sentence, else the fallback, and stays", async () => {
    mockApi({
      [DELETE_ROOM]: {
        status: 403,
        body: { message: 'Only the owner can delete this room.', error: 'x', code: 'FORBIDDEN' },
      },
    });
    const onDeleted = showSection();
    await userEvent.click(screen.getByRole('button', { name: 'Delete room' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete room' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only the owner can delete this room.',
    );

    mockApi({ [DELETE_ROOM]: { status: 500 } });
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete room' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Could not delete the room.'),
    );
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
