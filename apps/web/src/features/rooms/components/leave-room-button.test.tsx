import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../../ui/toast';
import { makeRoom } from '../../../test/fixtures';
import { mockApi, renderPage } from '../../../test/render';
import { LeaveRoomButton } from './leave-room-button';

afterEach(() => vi.unstubAllGlobals());

const ROOM = makeRoom({ userRole: 'member' });
const LEAVE = `POST /api/rooms/${ROOM.id}/leave`;

function showButton() {
  const onLeft = vi.fn();
  renderPage(
    <>
      <Toaster />
      <LeaveRoomButton room={ROOM} onLeft={onLeft} />
    </>,
  );
  return onLeft;
}

const confirmGroup = () => screen.queryByRole('group', { name: 'Confirm leaving' });

describe('LeaveRoomButton', () => {
  it('asks first, with the keyboard on Cancel; Cancel goes back to Leave Room', async () => {
    const { calls } = mockApi({});
    showButton();
    await userEvent.click(screen.getByRole('button', { name: 'Leave Room' }));
    const group = confirmGroup()!;
    expect(group).toHaveTextContent('Leave “Calculus Crew”? You can join again with its code.');
    expect(within(group).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await userEvent.click(within(group).getByRole('button', { name: 'Cancel' }));
    expect(confirmGroup()).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Leave Room' })).toHaveFocus());
    expect(calls).toHaveLength(0);
  });

  it('Escape cancels the question and puts the keyboard back on Leave Room', async () => {
    const { calls } = mockApi({});
    showButton();
    await userEvent.click(screen.getByRole('button', { name: 'Leave Room' }));
    expect(within(confirmGroup()!).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(confirmGroup()).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Leave Room' })).toHaveFocus());
    expect(calls).toHaveLength(0);
  });

  it('Yes, leave room leaves, says so and hands over', async () => {
    const { calls } = mockApi({ [LEAVE]: { body: { ok: true } } });
    const onLeft = showButton();
    await userEvent.click(screen.getByRole('button', { name: 'Leave Room' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, leave room' }));
    expect(await screen.findByText('You left Calculus Crew.')).toBeInTheDocument();
    expect(onLeft).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([LEAVE]);
  });

  it('a failure without a sentence shows the fallback and stays on the question', async () => {
    mockApi({ [LEAVE]: { status: 502 } });
    const onLeft = showButton();
    await userEvent.click(screen.getByRole('button', { name: 'Leave Room' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, leave room' }));
    expect(
      await screen.findByText('Could not leave the room. Please try again.'),
    ).toBeInTheDocument();
    expect(confirmGroup()).toBeInTheDocument();
    expect(onLeft).not.toHaveBeenCalled();
  });
});
